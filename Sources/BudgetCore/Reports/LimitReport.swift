/// Each limit with where it stands in one budget month (`BudgetCalendar`): what
/// `budget limit list` shows. A monthly limit shows the month: its amount, what rollover
/// carried in, what was available, spent and is left; a yearly limit shows its year to date
/// (`LimitLedger.status(_:in:)`). The total limit, when set, comes last.
public struct LimitReport: Equatable, Sendable {
    /// One limit: a category's, or the total limit.
    public typealias Row = LimitStatus

    /// The budget month reported on.
    public let period: BudgetPeriod
    /// The first day of the month reported on.
    public var month: Day { period.start }
    /// The limits: the categories' sorted by name, then the total limit.
    public let rows: [Row]

    /// The report of the budget month that holds `day`.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    public init(document: BudgetDocument, month day: Day) throws {
        try self.init(document: document, period: document.budgetCalendar.period(containing: day))
    }

    /// The report of one budget month (any of `document.budgetCalendar`'s periods).
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    public init(document: BudgetDocument, period: BudgetPeriod) throws {
        self.period = period
        rows = try LimitLedger(document: document, countingFrom: period.start).statuses(in: period)
    }
}

extension BudgetDocument {
    /// The plain amounts of the monthly category limits, by category (yearly limits and the
    /// total limit left out; rollover is not applied: `LimitLedger` does that).
    public var monthlyLimits: [String: Int] {
        var result: [String: Int] = [:]
        for (scope, limit) in self[settings: BudgetKeys.self].limits where limit.per == .month {
            if let category = scope.category { result[category] = limit.amount }
        }
        return result
    }

    /// The total of one category's expenses in the budget month that holds `day`.
    ///
    /// - Throws: `BudgetError.totalOverflow` when the sum does not fit in 64 bits.
    public func monthTotal(category: String, month day: Day) throws -> Int {
        try total(category: category, in: budgetCalendar.period(containing: day))
    }

    /// The total of one category's expenses within `period`.
    ///
    /// - Throws: `BudgetError.totalOverflow` when the sum does not fit in 64 bits.
    public func total(category: String, in period: BudgetPeriod) throws -> Int {
        try total(category: category, in: period, of: countedExpenses)
    }

    /// The total of one category's `expenses` (dated as they count) within `period`.
    func total(category: String, in period: BudgetPeriod, of expenses: RecordList<Expense>) throws -> Int {
        var total = 0
        for expense in expenses where expense.category == category && period.contains(expense.date) {
            let (sum, overflow) = total.addingReportingOverflow(expense.amount)
            if overflow { throw BudgetError.totalOverflow }
            total = sum
        }
        return total
    }
}
