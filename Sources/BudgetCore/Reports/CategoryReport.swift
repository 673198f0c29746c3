/// Every expense category with its number of expenses, its all-time total and its limit: what
/// `budget categories` lists.
///
/// A category exists while an expense uses it or a limit names it, so a category with a limit
/// and no expenses is listed with a count of 0.
public struct CategoryReport: Equatable, Sendable {
    /// One category.
    public struct Row: Equatable, Sendable {
        /// The category's name.
        public var category: String
        /// How many expenses it holds.
        public var expenses: Int
        /// Their total, in the currency's minor unit.
        public var total: Int
        /// Its limit's amount (a month's, or a year's), when one is set.
        public var limit: Int?
        /// The limit with its options (per month or year, rollover), when one is set.
        public var spendingLimit: SpendingLimit? = nil
    }

    /// The categories, sorted by name.
    public let rows: [Row]

    /// The report of every category in a document.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a category's total does not fit in 64 bits.
    public init(document: BudgetDocument) throws {
        var stats: [String: (count: Int, total: Int)] = [:]
        for expense in document.expenses.records {
            let current = stats[expense.category] ?? (0, 0)
            let (total, overflow) = current.total.addingReportingOverflow(expense.amount)
            if overflow { throw BudgetError.totalOverflow }
            stats[expense.category] = (current.count + 1, total)
        }
        let limits = document[settings: BudgetKeys.self]
        for category in limits.limitedCategories where stats[category] == nil {
            stats[category] = (0, 0)
        }
        rows = TextOrder.sorted(Array(stats.keys)).map { category in
            let limit = limits[BudgetKeys.limit(category)]
            return Row(category: category, expenses: stats[category]?.count ?? 0, total: stats[category]?.total ?? 0,
                       limit: limit?.amount, spendingLimit: limit)
        }
    }
}
