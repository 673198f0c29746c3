import Synchronization

/// The changes a command has saved so far (`add expense 00000002 (Lunch)`), so that a failure
/// to write its output afterwards can say what is already on disk.
final class SavedChanges: Sendable {
    private let list = Mutex<[String]>([])

    /// Notes a change that is in place.
    func append(_ description: String) {
        list.withLock { $0.append(description) }
    }

    /// Every change noted, in order.
    var descriptions: [String] {
        list.withLock { $0 }
    }
}
