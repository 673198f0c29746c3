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

    /// Checks the one rule that keeps every report computable: each kind's amounts add up to
    /// at most `Int.max` (then so does every category, month and period, and income minus
    /// expenses always fits), and no limit (a category's or the total limit, monthly or
    /// yearly) exceeds `maximumLimit`.
    ///
    /// Stores run it before they save a change, so an `add`, `edit` or `import` that would
    /// break it is refused there, with nothing changed, rather than every later report failing.
    ///
    /// - Throws: `BudgetError.totalTooLarge` or `BudgetError.limitTooLarge`.
    public func checkTotals() throws(BudgetError) {
        if !Self.fits(incomes.records) { throw .totalTooLarge(.income) }
        if !Self.fits(expenses.records) { throw .totalTooLarge(.expense) }
        for (scope, limit) in self[settings: BudgetKeys.self].limits where limit.amount > Self.maximumLimit {
            throw .limitTooLarge(scope, maximum: Self.maximumLimit)
        }
    }

    private static func fits<Record: BaseModel>(_ records: [Record]) -> Bool {
        var total = 0
        for record in records {
            let (sum, overflow) = total.addingReportingOverflow(record.amount)
            if overflow { return false }
            total = sum
        }
        return true
    }
}
