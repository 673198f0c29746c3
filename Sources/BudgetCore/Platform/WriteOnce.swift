import Synchronization

/// A value set once and then read by any thread without a lock: written (under a lock the
/// writers share, so that only the first write counts) before it is marked set (release), read
/// once seen set (acquire), never written again. What `DeferredPages` keeps each page read in,
/// looked at for every record a walk reads.
final class WriteOnce<Value>: @unchecked Sendable {
    private let isSetFlag = Atomic<Bool>(false)
    /// The value: the initial one until `set`, only to be read once `isSet`.
    private(set) var value: Value

    /// A cell holding `initial` until it is set.
    init(_ initial: Value) {
        value = initial
    }

    /// Whether the value was set (and may be read).
    var isSet: Bool { isSetFlag.load(ordering: .acquiring) }

    /// Sets the value unless it was set already; the caller holds the writers' lock.
    func set(_ new: Value) {
        guard !isSetFlag.load(ordering: .relaxed) else { return }
        value = new
        isSetFlag.store(true, ordering: .releasing)
    }
}
