/// What one change did to one kind of record, stored as what is needed to reverse it:
/// its size follows the change, not the number of records.
struct TableChange<Record: BaseModel>: Equatable, Sendable {
    /// IDs the change added (undo removes them).
    var added: [String] = []
    /// Records the change removed, with their former `order` (undo puts them back there).
    var removed: [Record] = []
    /// Former contents of records the change edited.
    var edited: [Record] = []
    /// Former positions of records the change moved, by ID.
    var moved: [(id: String, position: Int)] = []

    var isEmpty: Bool { added.isEmpty && removed.isEmpty && edited.isEmpty && moved.isEmpty }

    static func == (lhs: TableChange, rhs: TableChange) -> Bool {
        lhs.added == rhs.added && lhs.removed == rhs.removed && lhs.edited == rhs.edited
            && lhs.moved.map(\.id) == rhs.moved.map(\.id) && lhs.moved.map(\.position) == rhs.moved.map(\.position)
    }

    // MARK: Finding the change

    /// The change that turns `before` into `after`. Unchanged runs at both ends are skipped
    /// first, so the usual single-record change costs one pass of comparisons.
    init(from before: [Record], to after: [Record]) {
        var start = 0
        while start < before.count && start < after.count && Self.sameContent(before[start], after[start]) { start += 1 }
        var endBefore = before.count, endAfter = after.count
        while endBefore > start && endAfter > start && Self.sameContent(before[endBefore - 1], after[endAfter - 1]) {
            endBefore -= 1
            endAfter -= 1
        }
        if start == endBefore && start == endAfter { return }
        let oldMiddle = before[start..<endBefore], newMiddle = after[start..<endAfter]
        var oldIndex: [String: Int] = [:]
        for (offset, record) in oldMiddle.enumerated() { oldIndex[record.id] = start + offset }
        let newIDs = Set(newMiddle.map(\.id))
        removed = oldMiddle.filter { !newIDs.contains($0.id) }
        var common: [(record: Record, oldIndex: Int)] = []
        for record in newMiddle {
            guard let index = oldIndex[record.id] else {
                added.append(record.id)
                continue
            }
            common.append((record, index))
            if !Self.sameContent(before[index], record) { edited.append(before[index]) }
        }
        let staying = Self.longestIncreasingRun(common.map(\.oldIndex))
        for (offset, entry) in common.enumerated() where !staying.contains(offset) {
            moved.append((entry.record.id, entry.oldIndex + 1))
        }
    }

    /// No change.
    init() {}

    init(added: [String], removed: [Record], edited: [Record], moved: [(id: String, position: Int)]) {
        self.added = added
        self.removed = removed
        self.edited = edited
        self.moved = moved
    }

    /// Equal apart from `order`.
    private static func sameContent(_ a: Record, _ b: Record) -> Bool {
        if a.order == b.order { return a == b }
        var copy = b
        copy.order = a.order
        return a == copy
    }

    /// The offsets of one longest strictly increasing subsequence (patience sorting, O(n log n)).
    private static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // offsets of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (offset, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[offset] = tails[low - 1] }
            if low == tails.count { tails.append(offset) } else { tails[low] = offset }
        }
        var result = Set<Int>()
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            result.insert(cursor)
            cursor = previous[cursor]
        }
        return result
    }

    // MARK: Reversing it

    /// Puts the records back as they were before the change. The counter is left alone, so
    /// IDs are still never reused.
    ///
    /// - Throws: `UndoConflict` saying why the records no longer match the change (a hand edit).
    func revert(_ table: inout RecordTable<Record>) throws(UndoConflict) {
        var records = table.records
        let doomed = Set(added)
        for id in added where !records.contains(where: { $0.id == id }) {
            throw UndoConflict("\(Record.kind.singular) \(id) is no longer there")
        }
        records.removeAll { doomed.contains($0.id) }
        for old in edited {
            guard let index = records.firstIndex(where: { $0.id == old.id }) else {
                throw UndoConflict("\(Record.kind.singular) \(old.id) is no longer there")
            }
            records[index] = old
        }
        var returning: [(record: Record, position: Int)] = removed.map { ($0, $0.order) }
        for (id, position) in moved {
            guard let index = records.firstIndex(where: { $0.id == id }) else {
                throw UndoConflict("\(Record.kind.singular) \(id) is no longer there")
            }
            returning.append((records.remove(at: index), position))
        }
        for record in removed where records.contains(where: { $0.id == record.id }) {
            throw UndoConflict("\(Record.kind.singular) \(record.id) exists again")
        }
        for (record, position) in returning.sorted(by: { $0.position < $1.position }) {
            guard position >= 1 && position <= records.count + 1 else {
                throw UndoConflict("position \(position) of \(Record.kind.singular) \(record.id) no longer exists")
            }
            records.insert(record, at: position - 1)
        }
        for index in records.indices { records[index].order = index + 1 }
        table.records = records
    }
}

/// Why an undo cannot be applied to the records as they are now.
struct UndoConflict: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
