/// What a replica keeps beside its budget so that it can be folded with other devices'
/// replicas (issue #28): whose replica it is, the device's clock and ID counters, what it knows,
/// and the registers of everything changed since the file became replicas. A file without
/// devices has none, and reads and writes exactly as before.
///
/// A record's field that was never changed has no register: its value is the record's, written
/// by `Stamp.origin`, which every replica knows. So a budget that is only added to grows by
/// nothing but its records.
public struct SyncState: Equatable, Sendable {
    /// The budget the replica belongs to: made when its first device was set up, the same in
    /// every replica of it, so that another budget's replica in the folder is never folded in.
    public var budget: String
    /// The device whose replica this is.
    public var device: String
    /// A random key made when the device was set up; the device's own record of it (outside the
    /// synced folder) must hold the same, or the replica is a copy (a restored backup, a copied
    /// folder) that must not be written as the device.
    public var key: String
    /// The device's block of IDs, for each kind and for schedules.
    public var block: IDBlock
    /// The highest ID this device has handed out in its block for schedules (`scheduleCounter`;
    /// `IDBlock.ids.lowerBound - 1` when none yet). The file holds each record kind's too, under
    /// `RecordKind.singular`; in memory the tables count those (`RecordTable.ownIDs`).
    public var counters: [String: Int]
    /// The latest stamp made or seen.
    public var clock: Stamp?
    /// Every change the replica holds.
    public var knows: VersionVector
    /// The registers of what was changed, by `RegisterKey`.
    public var registers: [String: Register]
    /// Records deleted, by `RegisterKey.record(kind, id)`: the latest delete and what the deletes knew.
    public var deleted: [String: Tombstone]
    /// Records that were one statement row or schedule occurrence recorded on two devices, folded
    /// into one: the ID that went away (`kind:id`) and the one kept.
    public var merged: [String: String]
    /// The other devices' replicas this one has folded in, by device.
    public var replicas: [String: ReplicaSeen]
    /// The rules' stable IDs, in the order of `rule.1`…`rule.n`: a rule's text and place are
    /// registers under its ID (`RegisterKey.rule`), so that rules added, edited and moved on two
    /// devices merge.
    public var rules: [String]

    /// The replica of a device that has changed nothing yet.
    public init(device: String, key: String, block: IDBlock, counters: [String: Int], budget: String = "") {
        self.budget = budget
        self.device = device
        self.key = key
        self.block = block
        self.counters = counters
        clock = nil
        knows = VersionVector()
        registers = [:]
        deleted = [:]
        merged = [:]
        replicas = [:]
        rules = []
    }

    /// The counter key of schedules, beside the record kinds' (`RecordKind.singular`).
    public static let scheduleCounter = "schedule"

    /// A stamp for a change made now (`now`: milliseconds since 1970), after every stamp made or
    /// seen; the replica then knows it.
    public mutating func stamp(now: Int64) -> Stamp {
        var hybrid = HybridClock(device: device, latest: clock)
        let stamp = hybrid.stamp(now: now)
        clock = stamp
        knows.record(stamp)
        return stamp
    }

    /// Takes in what another replica knows: later stamps follow all of it.
    public mutating func observe(_ other: VersionVector) {
        knows = knows.merged(with: other)
        var hybrid = HybridClock(device: device, latest: clock)
        for stamp in other.latest.values { hybrid.observe(stamp) }
        if let latest = hybrid.latest { clock = Stamp(wall: latest.wall, counter: latest.counter, device: device) }
    }
}

/// How registers and deletes are keyed: `income:00000001:amount`, `setting:budget.limit.food`.
public enum RegisterKey {
    /// A record: `<kind>:<id>`.
    public static func record(_ kind: RecordKind, _ id: String) -> String { "\(kind.singular):\(id)" }
    /// The record a `record(_:_:)` key names; `nil` for any other text.
    public static func reference(ofRecord key: String) -> RecordReference? {
        let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let kind = RecordKind(rawValue: parts[0]) else { return nil }
        return RecordReference(kind: kind, id: parts[1])
    }
    /// A record's field: `<kind>:<id>:<field>`.
    public static func field(_ kind: RecordKind, _ id: String, _ field: String) -> String {
        "\(kind.singular):\(id):\(field)"
    }
    /// A setting: `setting:<key>`.
    public static func setting(_ key: String) -> String { "setting:\(key)" }
    /// A rule's text (`nil` once deleted): `rule:<id>`.
    public static func rule(_ id: String) -> String { "rule:\(id)" }
    /// A rule's place among the rules: `rule:<id>:_place`.
    public static func rulePlace(_ id: String) -> String { "rule:\(id):\(placeField)" }

    /// The field a record's place among the others is kept under: its order key, a number whose
    /// order is the records' (`OrderKey`), not the 1…n the file shows.
    public static let placeField = "_place"
    /// The field an undone delete writes: the record is back. Its value is what the replica
    /// knew then (`presenceText`), so that a delete made elsewhere without knowing of it is still
    /// listed (`"1"` in replicas written before: back after every delete with an earlier stamp).
    public static let presenceField = "_present"

    /// The value of a presence register: the stamps `knew` holds (its latest of each device),
    /// space-separated.
    public static func presenceText(_ knew: VersionVector) -> String {
        knew.latest.values.sorted().map(\.description).joined(separator: " ")
    }

    /// What a presence register's value says the undone delete knew; `nil` for `"1"` (written
    /// before it said) or anything else.
    public static func presenceKnew(_ text: String?) -> VersionVector? {
        guard let text, text != "1" else { return nil }
        var stamps: [Stamp] = []
        for part in text.split(separator: " ") {
            guard let stamp = Stamp(text: String(part)) else { return nil }
            stamps.append(stamp)
        }
        return VersionVector(stamps)
    }
}

/// A deleted record: the latest delete of it, and every change those deletes knew of. A version
/// of one of its fields that no delete knew of keeps the record (an edit made on one device
/// against a delete made on another).
public struct Tombstone: Hashable, Sendable {
    /// The latest delete.
    public var stamp: Stamp
    /// What the deletes knew.
    public var knew: VersionVector

    /// A delete by `stamp`, knowing `knew`.
    public init(stamp: Stamp, knew: VersionVector) {
        self.stamp = stamp
        self.knew = knew
    }

    /// Two replicas' deletes of one record, folded.
    public func merged(with other: Tombstone) -> Tombstone {
        Tombstone(stamp: max(stamp, other.stamp), knew: knew.merged(with: other.knew))
    }
}

/// Another device's replica as this one last folded it in.
public struct ReplicaSeen: Hashable, Sendable {
    /// The replica's file name, beside the data file.
    public var file: String
    /// Its size and modification time (nanoseconds) when folded in: a replica that still has
    /// them holds nothing new, so it is not read again.
    public var size: Int
    public var modified: Int64
    /// When it was folded in, `YYYY-MM-DDTHH:MM:SSZ`.
    public var folded: String
    /// Its latest stamp then.
    public var clock: Stamp?
    /// This device's wall clock then, milliseconds since 1970.
    public var localWall: Int64
    /// Its device's block of IDs.
    public var block: Int
    /// How far its device's clock seemed off then, in milliseconds (ahead when positive): a
    /// stamp of its later than this device's clock, or a fold of this device's replica stamped
    /// earlier than this device's change it folded in. 0 when neither showed.
    public var drift: Int64

    /// A replica folded in.
    public init(
        file: String, size: Int, modified: Int64, folded: String, clock: Stamp?, localWall: Int64, block: Int,
        drift: Int64
    ) {
        self.file = file
        self.size = size
        self.modified = modified
        self.folded = folded
        self.clock = clock
        self.localWall = localWall
        self.block = block
        self.drift = drift
    }
}
