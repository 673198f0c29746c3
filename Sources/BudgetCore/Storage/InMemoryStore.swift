import Synchronization

/// A store that keeps the document in memory, for tests and for previews that must not touch disk.
///
/// `transaction` and `load` called from inside a transaction's change on the same store throw
/// `BudgetError.nestedTransaction`; on other threads they wait for the transaction to end.
public final class InMemoryStore: DataProtocol {
    private let document: Mutex<BudgetDocument>
    /// The wall clock that stamps a replica's changes, in milliseconds since 1970.
    public let clock: @Sendable () -> Int64
    /// The threads inside a transaction on this store.
    private let transactions = TransactionGuard()

    /// A store holding `document` (empty by default).
    public init(
        _ document: BudgetDocument = BudgetDocument(), clock: (@Sendable () -> Int64)? = nil
    ) {
        self.clock = clock ?? { CalendarTime.millisecondsNow() }
        self.document = Mutex(document)
    }

    /// A copy of the document as the last transaction left it.
    ///
    /// - Throws: `BudgetError.nestedTransaction` when called from inside a transaction on this store.
    public func load() throws -> BudgetDocument {
        try transactions.checkOutside()
        return document.withLock { $0 }
    }

    /// Runs `change` on a copy of the document and keeps the copy, with the change recorded in
    /// its undo history, only when `change` returns and the totals stay computable.
    ///
    /// - Throws: what `change` throws; `BudgetError.totalTooLarge` or `limitTooLarge`
    ///   (`checkTotals`); `BudgetError.nestedTransaction` when called from inside a transaction
    ///   on this store.
    public func transaction<Result>(_ change: (inout BudgetDocument) throws -> Result) throws -> Result {
        try transactions.transaction {
            try document.withLock { current in
                var draft = current
                let result = try change(&draft)
                draft.finishChange(since: current, now: clock())
                if draft.differs(from: current) { try draft.checkTotals(since: current) }
                current = draft
                return Box(result)
            }.value
        }
    }
}

/// Carries a non-`Sendable` result out of a `Mutex` region that runs on the caller's thread.
private struct Box<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
