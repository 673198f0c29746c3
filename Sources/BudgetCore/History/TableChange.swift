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
    init(from before: RecordList<Record>, to after: RecordList<Record>) {
        let (start, endBefore, endAfter) = Record.schema.changedRuns(from: before, to: after)
        if start == endBefore && start == endAfter { return }
        // Records are named by their place in either array, compared where they lie: an import
        // of a hundred thousand rows copies none of them to find that they were added.
        if start == endBefore {
            added = (start..<endAfter).map { after.id(at: $0) }
            return
        }
        var common: [(new: Int, old: Int)] = []
        var kept = [Bool](repeating: false, count: endBefore - start)
        // Pages both hold unread from one source at the same place (an edit's records either
        // side of the pages it read) are kept where they are, without reading them.
        LentElements.lending(before, after) { old, new in
            var oldIndex: [String: Int] = [:]
            oldIndex.reserveCapacity(endBefore - start)
            /// A page shared by both that lies whole in both runs: its records kept where they are.
            func sharedPage(at index: Int) -> Int? {
                guard let shared = new.sharedPage(at: index, with: old), index + shared <= min(endBefore, endAfter)
                else { return nil }
                return shared
            }
            var index = start
            while index < endBefore {
                if let shared = sharedPage(at: index) {
                    index += shared
                    continue
                }
                oldIndex[before.id(at: index)] = index
                index += 1
            }
            index = start
            while index < endAfter {
                if let shared = sharedPage(at: index) {
                    for position in index..<index + shared {
                        common.append((position, position))
                        kept[position - start] = true
                    }
                    index += shared
                    continue
                }
                defer { index += 1 }
                let id = after.id(at: index)
                guard let former = oldIndex[id] else {
                    added.append(id)
                    continue
                }
                common.append((index, former))
                kept[former - start] = true
                let same = old.isLent(former &>> old.shift) && new.isLent(index &>> new.shift)
                    ? Record.schema.sameContent(old, former, new, index)
                    : Record.schema.sameContent(before.element(at: former), after.element(at: index))
                if !same { edited.append(before.element(at: former)) }
            }
        }
        removed = (start..<endBefore).filter { !kept[$0 - start] }.map { before.element(at: $0) }
        let staying = Self.longestIncreasingRun(common.map(\.old))
        for (offset, entry) in common.enumerated() where !staying.contains(offset) {
            moved.append((after.element(at: entry.new).id, entry.old + 1))
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
        // Every lookup goes through one set, and the records are rebuilt in one pass: an undo
        // of a 100,000-record import or delete costs what reading the file does.
        // IDs by number (every stored ID is 8 digits): a set of numbers is a fraction of a set
        // of strings when a table holds 100,000 records.
        func number(_ id: String) -> Int { RecordID.number(fromStored: id) ?? -1 }
        let present = Set(table.records.map { number($0.id) })
        let doomed = Set(added)
        let movedIDs = Set(moved.map(\.id))
        // The checks of taking the change back step by step: the added records go, the edited
        // ones get their old contents, the moved ones are taken out, the removed ones return.
        func require(_ id: String, unless gone: Set<String> = []) throws(UndoConflict) {
            if !present.contains(number(id)) || gone.contains(id) {
                throw UndoConflict("\(Record.kind.singular) \(id) is no longer there")
            }
        }
        for id in added { try require(id) }
        for old in edited { try require(old.id, unless: doomed) }
        var taken = doomed
        for (id, _) in moved {
            try require(id, unless: taken)
            taken.insert(id)
        }
        for record in removed where present.contains(number(record.id)) && !taken.contains(record.id) {
            throw UndoConflict("\(Record.kind.singular) \(record.id) exists again")
        }
        var formerly: [String: Record] = [:]
        for old in edited { formerly[old.id] = old }
        // The records that return are named by where they are (`removed`, then `movedBack`), not
        // copied: an undo of a bulk delete holds each record once.
        let removed = self.removed
        var returning: [(source: Int, position: Int)] = removed.indices.map { ($0, removed[$0].order) }
        var movedBack: [Record] = []
        let staying: [Record]
        if doomed.isEmpty && formerly.isEmpty && movedIDs.isEmpty {
            staying = Array(table.records)
        } else {
            var kept: [Record] = []
            kept.reserveCapacity(table.records.count)
            var movedRecords: [String: Record] = [:]
            for record in table.records where !doomed.contains(record.id) {
                let restored = formerly[record.id] ?? record
                if movedIDs.contains(record.id) { movedRecords[record.id] = restored } else { kept.append(restored) }
            }
            for (id, position) in moved {
                guard let record = movedRecords[id] else { continue }
                returning.append((removed.count + movedBack.count, position))
                movedBack.append(record)
            }
            staying = kept
        }
        var records = try Self.insert(returning, into: staying) { source in
            source < removed.count ? removed[source] : movedBack[source - removed.count]
        }
        for position in records.indices where records[position].order != position + 1 {
            records[position].order = position + 1
        }
        table.records = RecordList(records)
    }

    /// The records put back at their former 1-based positions, lowest first, as inserting them
    /// one at a time would: in one pass when no two share a position. `record` gives each
    /// returning record by its `source`.
    private static func insert(
        _ returning: [(source: Int, position: Int)], into staying: [Record], record: (Int) -> Record
    ) throws(UndoConflict) -> [Record] {
        let sorted = returning.enumerated()
            .sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }.map(\.element)
        func outOfRange(_ entry: (source: Int, position: Int)) -> UndoConflict {
            UndoConflict(
                "position \(entry.position) of \(Record.kind.singular) \(record(entry.source).id) no longer exists")
        }
        if zip(sorted, sorted.dropFirst()).contains(where: { $0.position == $1.position }) {
            // Only a hand-edited history repeats a position: insert one at a time.
            var records = staying
            for entry in sorted {
                guard entry.position >= 1 && entry.position <= records.count + 1 else { throw outOfRange(entry) }
                records.insert(record(entry.source), at: entry.position - 1)
            }
            return records
        }
        var records: [Record] = []
        records.reserveCapacity(staying.count + sorted.count)
        var next = 0  // the next of `staying`
        for entry in sorted {
            guard entry.position >= 1 else { throw outOfRange(entry) }
            while records.count < entry.position - 1 && next < staying.count {
                records.append(staying[next])
                next += 1
            }
            guard records.count == entry.position - 1 else { throw outOfRange(entry) }
            records.append(record(entry.source))
        }
        records.append(contentsOf: staying[next...])
        return records
    }
}
