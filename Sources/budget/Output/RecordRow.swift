import BudgetCore

/// One record of either kind, flattened for output.
struct RecordRow: Sendable {
    var kind: RecordKind
    var id: String
    var order: Int
    var date: Day
    var name: String
    /// `nil` for incomes.
    var category: String?
    var amount: Int
    var note: String?

    /// The records of `selection` that `query` matches, incomes first, each kind in its order
    /// (a category filter leaves incomes out: they have none).
    static func matching(_ query: RecordQuery, in document: BudgetDocument, selection: RecordSelection) -> [RecordRow] {
        let incomes = selection != .only(.expense) && query.categories.isEmpty ? query.incomes(in: document) : []
        let expenses = selection != .only(.income) ? query.expenses(in: document) : []
        var rows: [RecordRow] = []
        rows.reserveCapacity(incomes.count + expenses.count)
        for income in incomes { rows.append(RecordRow(income)) }
        for expense in expenses { rows.append(RecordRow(expense)) }
        return rows
    }

    init(_ income: Income) {
        self.init(kind: .income, record: income, category: nil)
    }

    init(_ expense: Expense) {
        self.init(kind: .expense, record: expense, category: expense.category)
    }

    private init(kind: RecordKind, record: some BaseModel, category: String?) {
        self.kind = kind
        self.id = record.id
        self.order = record.order
        self.date = record.date
        self.name = record.name
        self.category = category
        self.amount = record.amount
        self.note = record.note
    }
}
