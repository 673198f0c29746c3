/// A change two devices made without knowing each other that the fold could not settle: one
/// field (or setting) set to different values, or a record edited on one device and deleted on
/// another. The value shown is the latest version's; the others are kept until settled.
public struct ReplicaConflict: Equatable, Sendable {
    /// What the conflict is about.
    public enum Subject: Equatable, Sendable {
        /// A record.
        case record(RecordKind, id: String)
        /// A setting, by stored key.
        case setting(String)
    }

    /// One side: its value as the file holds it (`nil`: deleted or unset), and who wrote it when.
    public struct Version: Equatable, Sendable {
        /// The value's JSON text, `nil` for a delete or a setting removed.
        public var value: String?
        /// The device that wrote it.
        public var device: String
        /// The change that wrote it.
        public var stamp: Stamp
    }

    /// The record or setting.
    public var subject: Subject
    /// The record's field; `nil` for a setting, and for an edit against a delete.
    public var field: String?
    /// The versions, oldest first; the last is the one shown.
    public var versions: [Version]
}

/// Finds and settles `ReplicaConflict`s in a replica.
public enum ReplicaConflicts {
    /// Every conflict the replica holds, records first (by kind, ID and field), then settings.
    public static func list(in document: BudgetDocument) -> [ReplicaConflict] {
        guard let state = document.sync else { return [] }
        var result: [ReplicaConflict] = []
        for (key, register) in state.registers where !register.conflicts.isEmpty {
            let versions = register.versions.map {
                ReplicaConflict.Version(value: $0.value, device: $0.stamp.device, stamp: $0.stamp)
            }
            if key.hasPrefix("setting:") {
                let setting = String(key.dropFirst(8))
                result.append(ReplicaConflict(subject: .setting(setting), field: nil, versions: versions))
                continue
            }
            let parts = key.split(separator: ":", maxSplits: 2).map(String.init)
            guard parts.count == 3, let kind = RecordKind(rawValue: parts[0]), !parts[2].hasPrefix("_") else {
                continue
            }
            // A deleted record's registers are kept, not its conflicts.
            let live = kind == .income
                ? document.incomes.record(id: parts[1]) != nil : document.expenses.record(id: parts[1]) != nil
            guard live else { continue }
            result.append(ReplicaConflict(subject: .record(kind, id: parts[1]), field: parts[2], versions: versions))
        }
        result += editsAgainstDeletes(document, Income.self) + editsAgainstDeletes(document, Expense.self)
        return result.sorted { order($0) < order($1) }
    }

    private static func order(_ conflict: ReplicaConflict) -> String {
        switch conflict.subject {
        case .record(let kind, let id): return "0\(kind.singular):\(id):\(conflict.field ?? "")"
        case .setting(let key): return "1\(key)"
        }
    }

    /// Live records a delete holds: kept by an edit the delete did not know of, unless an undone
    /// delete that knew every delete (and all they knew) brought them back.
    private static func editsAgainstDeletes<Record: BaseModel>(
        _ document: BudgetDocument, _ type: Record.Type
    ) -> [ReplicaConflict] {
        guard let state = document.sync else { return [] }
        let kind = Record.kind
        let prefix = kind.singular + ":"
        var result: [ReplicaConflict] = []
        for (key, tombstone) in state.deleted where key.hasPrefix(prefix) {
            let id = String(key.dropFirst(prefix.count))
            guard document[type].record(id: id) != nil else { continue }
            if let back = state.registers[RegisterKey.field(kind, id, RegisterKey.presenceField)],
               back.versions.contains(where: { version in
                   RegisterKey.presenceKnew(version.value).map { $0.includes(tombstone.knew) }
                       ?? (version.stamp > tombstone.stamp)
               }) {
                continue
            }
            let edits = state.registers.filter { $0.key.hasPrefix(key + ":") }.values
                .flatMap(\.versions).filter { !tombstone.knew.contains($0.stamp) }
            guard let edit = edits.max(by: { $0.stamp < $1.stamp }) else { continue }
            result.append(ReplicaConflict(
                subject: .record(kind, id: id), field: nil,
                versions: [
                    ReplicaConflict.Version(value: nil, device: tombstone.stamp.device, stamp: tombstone.stamp),
                    ReplicaConflict.Version(value: edit.value, device: edit.stamp.device, stamp: edit.stamp),
                ].sorted { $0.stamp < $1.stamp }))
        }
        return result
    }
}
