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
