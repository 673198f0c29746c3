/// Every tag with how many records carry it and their totals: what `budget tags` lists.
///
/// A record counts once under each of its tags, so the totals of several tags can overlap.
public struct TagReport: Equatable, Sendable {
    /// One tag.
    public struct Row: Equatable, Sendable {
        /// The tag.
        public var tag: String
        /// How many incomes carry it.
        public var incomes: Int
        /// Their total, in the currency's minor unit.
        public var incomeTotal: Int
        /// How many expenses carry it.
        public var expenses: Int
        /// Their total, in the currency's minor unit.
        public var expenseTotal: Int
    }

    /// The tags, sorted like `Tags`.
    public let rows: [Row]

    /// The report of the tags of the records `query` selects (every record by default).
    ///
    /// - Throws: `BudgetError.totalOverflow` when a total does not fit in 64 bits.
    public init(document: BudgetDocument, query: RecordQuery = RecordQuery()) throws {
        var rows: [String: Row] = [:]
        func add(_ tag: String, amount: Int, income: Bool) throws {
            var row = rows[tag] ?? Row(tag: tag, incomes: 0, incomeTotal: 0, expenses: 0, expenseTotal: 0)
            if income {
                row.incomes += 1
                row.incomeTotal = try Sum.of([row.incomeTotal, amount])
            } else {
                row.expenses += 1
                row.expenseTotal = try Sum.of([row.expenseTotal, amount])
            }
            rows[tag] = row
        }
        if query.categories.isEmpty {
            for income in query.incomes(in: document) where !income.tags.isEmpty {
                for tag in income.tags { try add(tag, amount: income.amount, income: true) }
            }
        }
        for expense in query.expenses(in: document) where !expense.tags.isEmpty {
            for tag in expense.tags { try add(tag, amount: expense.amount, income: false) }
        }
        self.rows = Tags(rows.keys).sorted.compactMap { rows[$0] }
    }
}
