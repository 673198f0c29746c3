import Synchronization

/// A flag one thread raises and another polls: asks work running elsewhere to stop early
/// because its result will not be used.
final class StopSignal: Sendable {
    private let raised = Atomic<Bool>(false)

    /// Asks the work to stop.
    func raise() {
        raised.store(true, ordering: .relaxed)
    }

    /// Whether the work was asked to stop.
    var isRaised: Bool {
        raised.load(ordering: .relaxed)
    }
}
