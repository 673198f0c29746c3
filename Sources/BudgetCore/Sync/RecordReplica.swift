/// One record as replicas hold it: each field's register (its value as the record file writes
/// it, so every field the schema declares, today's or a later issue's, merges the same way) and
/// the deletes made of it, each with what it knew. The fold (`merged(with:)`) is commutative,
/// associative and idempotent.
///
/// Whether it is there is a register of its own (`presence`: a delete writes `false`, an undo
/// of the delete `true`), and each delete keeps what it knew. A record whose presence is a
/// delete stays live while a field holds a version that delete did not know of: an edit made
/// on one device against a delete made on another keeps the record (`isEditedAfterDelete` says
/// so, for the report).
public struct RecordReplica: Hashable, Sendable {
    /// A delete: its change, and every change it knew of (the record as the deleting device
    /// had it).
    public struct Deletion: Hashable, Sendable {
        /// The change.
        public var stamp: Stamp
        /// What it knew.
        public var knew: VersionVector
    }

    /// The change that added it (a record is added on one device only: IDs come from the
    /// device's own block).
    public private(set) var created: Stamp
    /// Each field's register, by the field's key.
    public private(set) var fields: [String: FieldRegister<String>]
    /// Whether the record is there, as its adds, deletes and undone deletes wrote it.
    public private(set) var presence: FieldRegister<Bool>
    /// The deletes made of it, each with what it knew.
    public private(set) var deletions: Set<Deletion>

    /// A record added by the change `stamp`, with these fields' values.
    public init(fields values: [String: String], stamp: Stamp) {
        created = stamp
        fields = values.mapValues { FieldRegister($0, stamp: stamp) }
        presence = FieldRegister(true, stamp: stamp)
        deletions = []
    }

    /// The field's value, if the record has the field.
    public subscript(key: String) -> String? { fields[key]?.value }

    /// Every change the record knows of.
    public var knows: VersionVector {
        var known = VersionVector()
        for register in fields.values { known = known.merged(with: register.knows) }
        for deletion in deletions { known = known.merged(with: deletion.knew) }
        return known
    }

    /// Whether the record is there: its presence says so, or a field holds a version that none
    /// of the deletes it holds knew of.
    public var isLive: Bool { presence.value || hasVersionNoDeleteKnew }

    /// Whether its presence is a delete, and an edit made without knowing the delete keeps it.
    public var isEditedAfterDelete: Bool { !presence.value && hasVersionNoDeleteKnew }

    /// Whether a field holds a version that none of the deletes the presence holds knew of.
    private var hasVersionNoDeleteKnew: Bool {
        let deletes = presence.versions.filter { !$0.value }.map(\.stamp)
        let knew = deletions.filter { deletes.contains($0.stamp) }.map(\.knew)
        return fields.values.contains { register in
            register.versions.contains { version in knew.allSatisfy { !$0.contains(version.stamp) } }
        }
    }

    /// Sets a field by a change made knowing the record (an edit, or the record brought back).
    public mutating func set(_ key: String, to value: String, stamp: Stamp) {
        if fields[key] == nil {
            fields[key] = FieldRegister(value, stamp: stamp)
        } else {
            fields[key]?.write(value, stamp: stamp)
        }
    }

    /// Deletes the record by a change made knowing it as it is.
    public mutating func delete(stamp: Stamp) {
        var knew = knows.merged(with: presence.knows)
        knew.record(stamp)
        deletions.insert(Deletion(stamp: stamp, knew: knew))
        presence.write(false, stamp: stamp)
    }

    /// Brings a deleted record back (the undo of a delete is a change of its own).
    public mutating func restore(stamp: Stamp) {
        presence.write(true, stamp: stamp)
    }

    /// This record and another replica's of it, folded.
    public func merged(with other: RecordReplica) -> RecordReplica {
        var result = self
        result.created = min(created, other.created)
        for (key, register) in other.fields {
            result.fields[key] = fields[key].map { $0.merged(with: register) } ?? register
        }
        result.presence = presence.merged(with: other.presence)
        result.deletions = deletions.union(other.deletions)
        return result
    }
}
