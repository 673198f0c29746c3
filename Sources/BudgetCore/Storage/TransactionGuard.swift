import Synchronization

/// Refuses a store's `transaction` or `load` called from inside one of its own transactions.
///
/// A store runs a transaction's change holding its lock, which is not re-entrant: the same call
/// made again from inside the change would wait for itself. The guard remembers which threads
/// are inside a transaction on its store, so that call throws at once, while a transaction on
/// another thread still simply waits for the lock. Copies of a store share its guard.
final class TransactionGuard: Sendable {
    private let threads = Mutex<Set<ThreadIdentity>>([])

    /// Runs `body` with the calling thread marked as inside a transaction.
    ///
    /// - Throws: `BudgetError.nestedTransaction` when the thread already is; whatever `body` throws.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        let thread = ThreadIdentity.current
        guard threads.withLock({ $0.insert(thread).inserted }) else { throw BudgetError.nestedTransaction }
        defer { _ = threads.withLock { $0.remove(thread) } }
        return try body()
    }

    /// Checks that the calling thread is not inside a transaction.
    ///
    /// - Throws: `BudgetError.nestedTransaction` when it is.
    func checkOutside() throws {
        let thread = ThreadIdentity.current
        if threads.withLock({ $0.contains(thread) }) { throw BudgetError.nestedTransaction }
    }
}
