/// One kind's records across replicas, by ID, and what a budget shows of them once folded:
/// the live records in order 1…n, and one record for each statement row or schedule
/// occurrence recorded on two devices. The fold (`merged(with:)`) is commutative, associative
/// and idempotent, and everything shown is computed from the folded state alone, so every
/// replica that has folded in the others shows the same.
public struct ReplicaTable: Hashable, Sendable {
    /// The records, by ID.
    public private(set) var records: [Int: RecordReplica]

    /// A table of these records.
    public init(_ records: [Int: RecordReplica] = [:]) {
        self.records = records
    }

    /// The record with this ID.
    public subscript(id: Int) -> RecordReplica? {
        get { records[id] }
        set { records[id] = newValue }
    }

    /// This table and another replica's, folded record by record.
    public func merged(with other: ReplicaTable) -> ReplicaTable {
        ReplicaTable(records.merging(other.records) { $0.merged(with: $1) })
    }

    /// Live records that hold the same statement row or schedule occurrence as one recorded
    /// before (the same non-empty value of one of `keys`, such as `source` and `schedule`): each
    /// such ID, and the ID of the record kept in its place (the one added first, then the
    /// lowest ID), which the ID that went away points to.
    public func duplicates(by keys: [String]) -> [Int: Int] {
        var kept: [String: Int] = [:]
        var duplicates: [Int: Int] = [:]
        for (id, record) in live() {
            for key in keys {
                guard let value = record[key], !value.isEmpty, value != "null", duplicates[id] == nil else { continue }
                if let first = kept[key + "\u{0}" + value] {
                    duplicates[id] = first
                } else {
                    kept[key + "\u{0}" + value] = id
                }
            }
        }
        return duplicates
    }

    /// The live records shown, in order: by the value of their `order` field (where each was
    /// put), then the change that added them, then ID; numbered 1…n by their place.
    public func ordered(without duplicates: [Int: Int] = [:]) -> [Int] {
        live().map(\.id).filter { duplicates[$0] == nil }
    }

    /// The live records, by `order`, then the change that added them, then ID.
    private func live() -> [(id: Int, record: RecordReplica)] {
        records.filter { $0.value.isLive }.map { (id: $0.key, record: $0.value) }.sorted { lhs, rhs in
            let left = Int(lhs.record["order"] ?? "") ?? Int.max, right = Int(rhs.record["order"] ?? "") ?? Int.max
            return (left, lhs.record.created, lhs.id) < (right, rhs.record.created, rhs.id)
        }
    }
}
