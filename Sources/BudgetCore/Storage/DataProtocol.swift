/// Where a budget's records live.
///
/// A store offers two primitives: a snapshot read, and a transaction that runs a change on the
/// current document with exclusive access and keeps it only if the whole change succeeds.
/// Everything else (the record operations below) is built on those two, so every command's
/// read-modify-write is one transaction and durability lives in one place per store.
public protocol DataProtocol: Sendable {
    /// The current document, without taking the write lock.
    func load() throws -> BudgetDocument

    /// The current document for a reader that needs no record field named in `fields` and no
    /// undo history: a store may leave those fields blank in every record (checked, not kept)
    /// and the history empty (not read), which a large file reads faster. Only for reading: a
    /// document loaded so must never be saved (`JSONFileStore` refuses to write it).
    func load(skipping fields: Set<String>) throws -> BudgetDocument

    /// `load(skipping:)`, except that the records `whole` names are read whole: `whole` is called
    /// with the document read (records with blank fields, or whole ones; once more with the
    /// whole document when a store finds the first read unusable) and names the few records a
    /// reader shows (a listing's rows), which the document returned holds whole.
    func load(
        skipping fields: Set<String>, readingWhole whole: (BudgetDocument) throws -> [RecordReference]
    ) throws -> BudgetDocument

    /// Runs `change` on the current document under exclusive access and saves the result.
    ///
    /// When `change` throws, nothing is saved and the error is rethrown. When it leaves the
    /// document equal to what it was, nothing is written. `change` must not call `transaction`
    /// or `load` on the same store: those calls throw `BudgetError.nestedTransaction` (a
    /// transaction on another thread waits for this one instead).
    func transaction<Result>(_ change: (inout BudgetDocument) throws -> Result) throws -> Result
}

// MARK: Generic record operations

extension DataProtocol {
    /// The whole document: a store that cannot skip fields reads them all.
    public func load(skipping fields: Set<String>) throws -> BudgetDocument {
        try load()
    }

    /// The whole document, shown to `whole`: a store that cannot skip fields reads them all.
    public func load(
        skipping fields: Set<String>, readingWhole whole: (BudgetDocument) throws -> [RecordReference]
    ) throws -> BudgetDocument {
        let document = try load()
        _ = try whole(document)
        return document
    }

    /// All records of a kind, sorted by `order`.
    public func fetch<Record: BaseModel>(_ type: Record.Type) throws -> [Record] {
        Array(try load()[type].records)
    }

    /// Saves a record: replaces the one with its ID (moving it when `order` changed), or
    /// inserts a record whose ID was allocated earlier.
    public func update<Record: BaseModel>(_ record: Record) throws {
        try transaction { try $0[Record.self].update(record) }
    }

    /// Deletes records by ID, all or nothing, closing the gaps in `order`.
    ///
    /// - Returns: the deleted records.
    @discardableResult
    public func delete<Record: BaseModel>(_ type: Record.Type, ids: [String]) throws -> [Record] {
        try transaction { try $0[type].remove(ids: ids) }
    }

    /// Allocates the next ID of the kind and appends the record `makeRecord` builds with it.
    @discardableResult
    public func add<Record: BaseModel>(_ type: Record.Type, _ makeRecord: (String) throws -> Record) throws -> Record {
        try transaction { try $0[type].add(makeRecord) }
    }

    /// Moves a record to a 1-based position.
    public func move<Record: BaseModel>(_ type: Record.Type, id: String, to position: Int) throws {
        try transaction { try $0[type].move(id: id, to: position) }
    }
}

// MARK: The six named operations

extension DataProtocol {
    /// Saves an income (`update`).
    public func updateIncome(_ income: Income) throws { try update(income) }
    /// Saves an expense (`update`).
    public func updateExpense(_ expense: Expense) throws { try update(expense) }
    /// Deletes one income (`delete`).
    public func deleteIncome(id: String) throws { try delete(Income.self, ids: [id]) }
    /// Deletes one expense (`delete`).
    public func deleteExpense(id: String) throws { try delete(Expense.self, ids: [id]) }
    /// All incomes, in order (`fetch`).
    public func fetchIncomes() throws -> [Income] { try fetch(Income.self) }
    /// All expenses, in order (`fetch`).
    public func fetchExpenses() throws -> [Expense] { try fetch(Expense.self) }
}
