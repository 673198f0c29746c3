/// Each monthly limit with what its category spent in one budget month (`BudgetCalendar`):
/// what `budget limit list` shows.
public struct LimitReport: Equatable, Sendable {
    /// One limited category.
    public struct Row: Equatable, Sendable {
        /// The category's name.
        public var category: String
        /// Its monthly limit, in the currency's minor unit.
        public var limit: Int
        /// What its expenses of the month add up to.
        public var spent: Int
        /// What is left of the limit; negative when the category is over it.
        public var remaining: Int { limit - spent }
        /// Whether the category spent more than its limit (exactly at the limit is not over).
        public var isOver: Bool { spent > limit }
    }

    /// The budget month reported on.
    public let period: BudgetPeriod
    /// The first day of the month reported on.
    public var month: Day { period.start }
    /// The limited categories, sorted by name.
    public let rows: [Row]

    /// The report of the budget month that holds `day`.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a month's total does not fit in 64 bits.
    public init(document: BudgetDocument, month day: Day) throws {
        try self.init(document: document, period: document.budgetCalendar.period(containing: day))
    }

    /// The report of one budget month (any of `document.budgetCalendar`'s periods: a forecast
    /// asks for the months ahead).
    ///
    /// - Throws: `BudgetError.totalOverflow` when the month's total does not fit in 64 bits.
    public init(document: BudgetDocument, period: BudgetPeriod) throws {
        self.period = period
        let limits = document[settings: BudgetKeys.self]
        var rows: [Row] = []
        for category in limits.limitedCategories {
            guard let limit = limits[BudgetKeys.limit(category)] else { continue }
            rows.append(Row(category: category, limit: limit.minorUnits, spent: try document.total(category: category, in: period)))
        }
        self.rows = rows
    }
}

extension BudgetDocument {
    /// The monthly limits, by category: what each category may spend in any one budget month.
    public var monthlyLimits: [String: Int] {
        let limits = self[settings: BudgetKeys.self]
        var result: [String: Int] = [:]
        for category in limits.limitedCategories {
            if let limit = limits[BudgetKeys.limit(category)] { result[category] = limit.minorUnits }
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
        var total = 0
        for expense in expenses.records where expense.category == category && period.contains(expense.date) {
            let (sum, overflow) = total.addingReportingOverflow(expense.amount)
            if overflow { throw BudgetError.totalOverflow }
            total = sum
        }
        return total
    }
}
