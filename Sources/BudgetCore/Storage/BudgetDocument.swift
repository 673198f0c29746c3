/// Everything one data file holds: both kinds of record and their counters.
///
/// A value type: a command changes a copy inside a store transaction, and the store writes
/// the copy back only when the whole change succeeded.
public struct BudgetDocument: Equatable, Sendable {
    /// The file format this build reads and writes.
    public static let formatVersion = 1

    public var incomes: RecordTable<Income>
    public var expenses: RecordTable<Expense>
    /// The changes `undo` can revert, oldest first.
    public internal(set) var history: [ChangeRecord]

    /// An empty budget.
    public init(incomes: RecordTable<Income> = RecordTable(), expenses: RecordTable<Expense> = RecordTable()) {
        self.init(incomes: incomes, expenses: expenses, history: [])
    }

    init(incomes: RecordTable<Income>, expenses: RecordTable<Expense>, history: [ChangeRecord]) {
        self.incomes = incomes
        self.expenses = expenses
        self.history = history
    }

    /// The table of one kind of record.
    public subscript<Record: BaseModel>(_ type: Record.Type) -> RecordTable<Record> {
        get { self[keyPath: Record.table] }
        set { self[keyPath: Record.table] = newValue }
    }
}
