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

    /// Looks at a document as opened.
    func look(at document: BudgetDocument, in files: ReplicaFiles) {
        let conflicts = ReplicaConflicts.list(in: document).count
        if conflicts > 0, !quiet.contains("conflicts") {
            once("conflicts") {
                "\(conflicts) \(conflicts == 1 ? "change" : "changes") made on two devices "
                    + "\(conflicts == 1 ? "conflicts" : "conflict"); 'budget conflicts' lists them"
            }
        }
        for copy in quiet.contains("copies") ? [] : (try? files.conflictCopies()) ?? [] {
            once(copy) {
                "a sync tool left a conflict copy beside the data file: \(copy); "
                    + "'budget merge' folds it in"
            }
        }
    }

    private func once(_ key: String, _ message: () -> String) {
        let first = said.withLock { $0.insert(key).inserted }
        if first { warn(message()) }
    }
}
