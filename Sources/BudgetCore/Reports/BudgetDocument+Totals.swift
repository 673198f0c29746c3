extension BudgetDocument {
    /// The most months a report period can span (years 1 to 9999), which a monthly limit is
    /// multiplied by.
    static let maximumReportMonths = 9_999 * 12

    /// The largest limit: one that stays computable over the longest report period. The same
    /// bound keeps rollover computable: what a limit carries into a period is at most its
    /// amount times the periods since it started carrying (at most `maximumReportMonths`),
    /// and what it carries below zero (`rollover` `all`) at most what the expenses add up to,
    /// which `checkTotals` keeps within `Int.max`. So a limit's available amount, its remaining
    /// amount and a summary's limit over many months always fit in 64 bits.
    public static let maximumLimit = Int.max / maximumReportMonths

    /// Checks the one rule that keeps every report computable:
    ///
    /// - each kind's amounts add up to at most `Int.max`, a refund (an expense with a negative
    ///   amount) counting by its size on both sides: the expenses' sizes together, and the
    ///   incomes with the refunds, each at most `Int.max`. Then every sum of expenses (a
    ///   category, a month, purchases or refunds alone) fits, and so does income less
    ///   expenses;
    /// - no limit (a category's or the total limit, monthly or yearly) exceeds `maximumLimit`,
    ///   and the categories' limits together do not either, so that a report adding the limits
    ///   of every category over every month (the forecast's planned spending) fits too;
    /// - the refunds' sizes together, beside the largest of the limits (the categories' together,
    ///   the total limit) over the longest period, fit in 64 bits: a refund gives its size back
    ///   to what a limit has available, which rollover carries from period to period.
    ///
    /// Stores run it before they save a change, so an `add`, `edit`, `import` or `limit set`
    /// that would break it is refused there, with nothing changed, rather than every later
    /// report failing.
    ///
    /// - Parameter original: the document before the change, when there is one: a file
    ///   written before the categories' limits were bounded together keeps taking changes
    ///   that do not raise them.
    /// - Throws: `BudgetError.totalTooLarge`, `BudgetError.limitTooLarge`,
    ///   `BudgetError.limitsTooLarge` or `BudgetError.refundsTooLarge`.
    public func checkTotals(since original: BudgetDocument? = nil) throws(BudgetError) {
        guard let (_, refunds) = expenses.paged.amountSizes else { throw .totalTooLarge(.expense) }
        guard let (incomes, _) = incomes.paged.amountSizes, incomes <= Int.max - refunds else {
            throw .totalTooLarge(.income)
        }
        guard transfers.paged.amountSizes != nil else { throw .totalTooLarge(.transfer) }
        for (scope, limit) in self[settings: BudgetKeys.self].limits where limit.amount > Self.maximumLimit {
            throw .limitTooLarge(scope, maximum: Self.maximumLimit)
        }
        let categories = categoryLimits
        if categories > Self.maximumLimit, original.map({ categories > $0.categoryLimits }) ?? true {
            throw .limitsTooLarge(maximum: Self.maximumLimit)
        }
        // Every account's balance and the accounts' totals stay computable (a file whose balances
        // did not keeps taking changes that leave them so).
        if !self[settings: AccountKeys.self].accountNames.isEmpty, !balancesCannotOverflow,
           (try? AccountBalances(self)) == nil, original.map({ (try? AccountBalances($0)) != nil }) ?? true {
            throw .totalOverflow
        }
        if refunds > 0 {
            let total =
                self[settings: BudgetKeys.self].limits.first(where: { $0.scope.category == nil })?.limit.amount ?? 0
            let limits = min(max(categories, total, 0), Self.maximumLimit)
            let room = Int.max - limits * Self.maximumReportMonths
            if refunds > room { throw .refundsTooLarge(refunds: refunds, maximum: room) }
        }
    }

    /// Whether no account's balance, nor the accounts' totals, can leave `Int` whatever the
    /// records' accounts and dates: every amount's size (a transfer's twice: it leaves one
    /// account and enters another) and every opening balance's add up within `Int.max`, known
    /// from the tables' page summaries without reading the records.
    private var balancesCannotOverflow: Bool {
        var total = 0
        func add(_ size: Int?) -> Bool {
            guard let size else { return false }
            let (sum, overflow) = total.addingReportingOverflow(size)
            total = sum
            return !overflow && sum < Int.max
        }
        let transfers = transfers.paged.amountSizes?.all
        return add(incomes.paged.amountSizes?.all) && add(expenses.paged.amountSizes?.all)
            && add(transfers) && add(transfers)
            && accounts.allSatisfy { add($0.opening == Int.min ? nil : abs($0.opening)) }
    }

    /// The categories' limits added up (at most `Int.max`: it saturates).
    private var categoryLimits: Int {
        var total = 0
        for (scope, limit) in self[settings: BudgetKeys.self].limits where scope.category != nil {
            let (sum, overflow) = total.addingReportingOverflow(max(0, limit.amount))
            total = overflow ? Int.max : sum
        }
        return total
    }
}
