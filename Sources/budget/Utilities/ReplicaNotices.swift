import BudgetCore
import Synchronization

/// Says once per command, on stderr, what a budget's replicas need from a person: conflicts
/// between devices, and copies a sync tool left beside the data file.
final class ReplicaNotices: Sendable {
    private let said = Mutex<Set<String>>([])
    private let warn: @Sendable (String) -> Void
    private let quiet: Set<String>

    /// Notices that go to `warn`, but none of `command`'s own subject: `conflicts` is not told
    /// there are conflicts, nor `merge` of the copy it merges.
    init(command: String?, warn: @escaping @Sendable (String) -> Void) {
        self.warn = warn
        switch command {
        case "conflicts": quiet = ["conflicts"]
        case "merge", "merge-driver": quiet = ["copies"]
        default: quiet = []
        }
    }

    /// Looks at a document as opened, with the sync tool's conflict copies beside it.
    func look(at document: BudgetDocument, conflictCopies: [String]) {
        if !quiet.contains("conflicts") {
            once("conflicts") {
                let conflicts = ReplicaConflicts.list(in: document).count
                guard conflicts > 0 else { return nil }
                return "\(conflicts) \(conflicts == 1 ? "change" : "changes") made on two devices "
                    + "\(conflicts == 1 ? "conflicts" : "conflict"); 'budget conflicts' lists them"
            }
        }
        for copy in quiet.contains("copies") ? [] : conflictCopies {
            once(copy) {
                "a sync tool left a conflict copy beside the data file: \(copy); "
                    + "'budget merge' folds it in"
            }
        }
    }

    /// Says `message` unless said already (`nil`: nothing to say now, perhaps later).
    private func once(_ key: String, _ message: () -> String?) {
        guard !said.withLock({ $0.contains(key) }), let text = message() else { return }
        said.withLock { _ = $0.insert(key) }
        warn(text)
    }
}
