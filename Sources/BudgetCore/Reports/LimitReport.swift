/// Each monthly limit with what its category spent in one calendar month: what
/// `budget limit list` shows.
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

    /// The first day of the month reported on.
    public let month: Day
    /// The limited categories, sorted by name.
    public let rows: [Row]

    /// The report of the calendar month that holds `day`.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a month's total does not fit in 64 bits.
    public init(document: BudgetDocument, month day: Day) throws {
        month = day.firstOfMonth
        let limits = document[settings: BudgetKeys.self]
        var rows: [Row] = []
        for category in limits.limitedCategories {
            guard let limit = limits[BudgetKeys.limit(category)] else { continue }
            rows.append(Row(category: category, limit: limit.minorUnits, spent: try document.monthTotal(category: category, month: day)))
        }
        self.rows = rows
    }
}
