/// All records of one kind, in display order, with the kind's ID counter.
///
/// The table is the one place that keeps the invariants: IDs are allocated from `lastID` and
/// never reused, and `records[i].order == i + 1` at all times, so orders are exactly 1...n.
public struct RecordTable<Record: BaseModel>: Equatable, Sendable {
    /// The highest ID ever allocated (0 when none); the next record gets `lastID + 1`.
    public private(set) var lastID: Int
    /// The records, sorted by `order`.
    public internal(set) var records: RecordList<Record>
    /// In a device's replica, the IDs it hands out (its block) and the highest handed out so
    /// far; `lastID` is then the highest ID any device has handed out that this table has seen.
    /// `nil` in a file without devices.
    public internal(set) var ownIDs: OwnIDs?

    /// A device's IDs: its block and the highest it has handed out (below the block when none).
    public struct OwnIDs: Equatable, Sendable {
        /// The highest ID handed out.
        public var last: Int
        /// The IDs the device hands out.
        public var block: ClosedRange<Int>

        /// A device's IDs.
        public init(last: Int, block: ClosedRange<Int>) {
            self.last = last
            self.block = block
        }
    }

    /// An empty table whose counter starts at `00000000`.
    public init() {
        self.init(lastID: 0, orderedRecords: [])
    }

    /// A table from records already checked to be in order 1...n with IDs at most `lastID`.
    init(lastID: Int, orderedRecords: [Record]) {
        self.init(lastID: lastID, orderedRecords: RecordList(orderedRecords))
    }

    /// A table from records already checked to be in order 1...n with IDs at most `lastID`.
    init(lastID: Int, orderedRecords: RecordList<Record>) {
        self.lastID = lastID
        self.records = orderedRecords
    }

    /// The number of records.
    public var count: Int { records.count }

    /// The record with an ID, if there is one.
    public func record(id: String) -> Record? {
        index(of: id).map { records[$0] }
    }

    /// The record with an ID, found as the changes that name records (`modify`, `remove`,
    /// `move`) find theirs.
    ///
    /// - Throws: `BudgetError.recordNotFound` when there is none.
    public func existingRecord(id: String) throws -> Record {
        records[try position(of: id)]
    }

    /// The index of the record with an ID.
    ///
    /// - Throws: `BudgetError.recordNotFound` when there is none.
    private func position(of id: String) throws -> Int {
        guard let index = index(of: id) else { throw BudgetError.recordNotFound(Record.kind, id: id) }
        return index
    }

    /// Where the record with an ID is: by halving when the table lists its records by ID (as it
    /// does unless some were moved), else by a walk (a change to one record of 100,000 looked
    /// for it in half of them, three times).
    private func index(of id: String) -> Int? {
        if let number = RecordID.number(fromStored: id), let index = halvingIndex(of: number),
           records[index].id == id {
            return index
        }
        return records.firstIndex { $0.id == id }
    }

    /// Where the record with an ID number would be if the records were listed by ID (the first
    /// whose number is not below it), when there is one there.
    private func halvingIndex(of number: Int) -> Int? {
        var low = 0, high = records.count
        // First by pages, a page not read by its summary's first ID: only the page found is read.
        let pageSize = RecordList<Record>.pageSize
        var lowPage = 0, highPage = records.pageCount
        while lowPage < highPage {
            let middle = lowPage + (highPage - lowPage) / 2
            let first = records.summary(ofPage: middle)?.firstID
                ?? RecordID.number(fromStored: records[middle * pageSize].id) ?? 0
            if first <= number { lowPage = middle + 1 } else { highPage = middle }
        }
        if lowPage > 0 {
            low = (lowPage - 1) * pageSize
            high = min(records.count, lowPage * pageSize)
        } else {
            high = 0
        }
        while low < high {
            let middle = low + (high - low) / 2
            let at = RecordID.number(fromStored: records[middle].id) ?? 0
            if at < number { low = middle + 1 } else { high = middle }
        }
        return low < records.count ? low : nil
    }

    /// The index of each record with these stored IDs (`00000042`), or `nil` when one is not
    /// there: by halving when the table lists its records by ID (as it does unless some were
    /// moved), else by one walk for those not found so.
    func indices(ofStored ids: Set<String>) -> [String: Int]? {
        var found: [String: Int] = [:]
        for id in ids {
            guard let number = RecordID.number(fromStored: id) else { return nil }
            if let index = halvingIndex(of: number), records[index].id == id { found[id] = index }
        }
        if found.count < ids.count {
            for (index, record) in records.enumerated() where ids.contains(record.id) { found[record.id] = index }
        }
        return found.count == ids.count ? found : nil
    }

    /// The indices of the records with these IDs, in the table's order; an ID named twice
    /// counts once. One pass finds them all, so naming many records costs one walk (and one
    /// record, the usual case, a walk of plain comparisons).
    ///
    /// - Throws: `BudgetError.recordNotFound` for the first ID, in the order given, that is not
    ///   present.
    private func positions(of ids: [String]) throws -> [Int] {
        if ids.isEmpty { return [] }
        if ids.count == 1 { return [try position(of: ids[0])] }
        let wanted = Set(ids)
        var positions: [Int] = []
        for index in records.indices where wanted.contains(records[index].id) {
            positions.append(index)
        }
        if positions.count < wanted.count {
            let found = Set(positions.map { records[$0].id })
            if let missing = ids.first(where: { !found.contains($0) }) {
                throw BudgetError.recordNotFound(Record.kind, id: missing)
            }
        }
        return positions
    }

    // MARK: Changing

    /// Allocates an ID, builds the record with it and appends it last.
    ///
    /// - Throws: `BudgetError.idSpaceExhausted` when the counter is at 99999999, `idNotAllocated`
    ///   when the record does not carry the ID it was given; nothing changes then.
    @discardableResult
    public mutating func add(_ makeRecord: (String) throws -> Record) throws -> Record {
        let next: Int
        if let ownIDs {
            guard ownIDs.last < ownIDs.block.upperBound else { throw BudgetError.idSpaceExhausted(Record.kind) }
            next = max(ownIDs.last + 1, ownIDs.block.lowerBound)
        } else {
            guard lastID < RecordID.maximum else { throw BudgetError.idSpaceExhausted(Record.kind) }
            next = lastID + 1
        }
        let id = RecordID.string(for: next)
        var record = try makeRecord(id)
        guard record.id == id else { throw BudgetError.idNotAllocated(Record.kind, id: record.id) }
        record.order = records.count + 1
        records.append(record)
        lastID = max(lastID, next)
        ownIDs?.last = next
        return record
    }

    /// Makes room for `count` more records at once in the list of pages (each page takes its
    /// 4,096 when it is started), so adding many one by one never grows that list step by step.
    mutating func reserveCapacity(forMore count: Int) {
        guard count > 0 else { return }
        records.reserveCapacity(records.count + count)
    }

    /// Replaces the record with the same ID, or inserts a record whose ID was allocated but is
    /// not present. When `order` differs from the record's position, the record moves there.
    ///
    /// - Throws: `BudgetError.idNotAllocated` for an ID above the counter (or not an ID),
    ///   `BudgetError.positionOutOfRange` for an order outside 1...n; nothing changes then.
    public mutating func update(_ record: Record) throws {
        if let index = index(of: record.id) {
            let target = record.order
            guard (1...records.count).contains(target) else {
                throw BudgetError.positionOutOfRange(Record.kind, position: target, count: records.count)
            }
            var replacement = record
            replacement.order = index + 1
            records[index] = replacement
            if target != index + 1 { try move(id: record.id, to: target) }
            return
        }
        guard let number = RecordID.number(fromStored: record.id), number > 0, number <= lastID else {
            throw BudgetError.idNotAllocated(Record.kind, id: record.id)
        }
        var appended = record
        appended.order = records.count + 1
        records.append(appended)
    }

    /// Runs `change` on each record named (in the table's order), all or nothing; the IDs and
    /// orders stay as they are.
    ///
    /// - Returns: each record's ID, name after the change, and whether it changed.
    /// - Throws: `BudgetError.recordNotFound` for the first ID not present, or what `change`
    ///   throws; the table is unchanged then.
    mutating func modify<Failure: Error>(
        ids: [String], _ change: (inout Record) throws(Failure) -> Bool
    ) throws -> [(id: String, name: String, changed: Bool)] {
        if ids.isEmpty { return [] }
        let positions = try self.positions(of: ids)
        var copy = records
        var results: [(id: String, name: String, changed: Bool)] = []
        for index in positions {
            let changed = try change(&copy[index])
            copy[index].order = index + 1  // an edit never moves a record
            results.append((copy[index].id, copy[index].name, changed))
        }
        records = copy
        return results
    }

    /// Removes every record named, all or nothing, and closes the gaps in `order`.
    ///
    /// - Returns: the removed records, in their former order.
    /// - Throws: `BudgetError.recordNotFound` for the first ID that is not present; nothing is removed then.
    @discardableResult
    public mutating func remove(ids: [String]) throws -> [Record] {
        // Only the pages from the first record removed on are made anew, once.
        let positions = try self.positions(of: ids)
        let removed = positions.map { records[$0] }
        guard !positions.isEmpty else { return removed }
        records.remove(atSorted: positions) { record, position in
            if record.order != position + 1 { record.order = position + 1 }
        }
        return removed
    }

    /// Moves a record to a 1-based position, shifting the records in between by one.
    public mutating func move(id: String, to position: Int) throws {
        let index = try self.position(of: id)
        guard (1...max(records.count, 1)).contains(position), !records.isEmpty else {
            throw BudgetError.positionOutOfRange(Record.kind, position: position, count: records.count)
        }
        let record = records.remove(at: index)
        records.insert(record, at: position - 1)
        renumber(from: min(index, position - 1))
    }

    private mutating func renumber(from start: Int) {
        for index in start..<records.count where records[index].order != index + 1 {
            records[index].order = index + 1
        }
    }
}
