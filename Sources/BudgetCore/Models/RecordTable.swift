/// All records of one kind, in display order, with the kind's ID counter.
///
/// The table is the one place that keeps the invariants: IDs are allocated from `lastID` and
/// never reused, and `records[i].order == i + 1` at all times, so orders are exactly 1...n.
public struct RecordTable<Record: BaseModel>: Equatable, Sendable {
    /// The highest ID ever allocated (0 when none); the next record gets `lastID + 1`.
    public private(set) var lastID: Int
    /// The records, sorted by `order`; pages of a file's stamped table may be unread
    /// (`DeferredPages`): read through `element(at:)`, the iterator or page by page, never by
    /// the plain subscript.
    var paged: RecordList<Record>

    /// The records, sorted by `order`, every page read (those of a stamped table left unread
    /// are read, two at a time, the first time this is asked for in a list that holds them).
    public internal(set) var records: RecordList<Record> {
        get { paged.whollyRead }
        set { paged = newValue }
        _modify {
            paged = paged.whollyRead
            yield &paged
        }
    }
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
        paged = orderedRecords
    }

    /// The number of records.
    public var count: Int { paged.count }

    /// The record with an ID, if there is one.
    public func record(id: String) -> Record? {
        index(of: id).map { paged.element(at: $0) }
    }

    /// The record with an ID, found as the changes that name records (`modify`, `remove`,
    /// `move`) find theirs.
    ///
    /// - Throws: `BudgetError.recordNotFound` when there is none.
    public func existingRecord(id: String) throws -> Record {
        paged.element(at: try position(of: id))
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
           paged.id(at: index) == id {
            return index
        }
        for (index, record) in paged.enumerated() where record.id == id { return index }
        return nil
    }

    /// Where the record with an ID number would be if the records were listed by ID (the first
    /// whose number is not below it), when there is one there.
    private func halvingIndex(of number: Int) -> Int? {
        var low = 0, high = paged.count
        // First by pages, a page not read by its summary's first ID: only the page found is read.
        let pageSize = RecordList<Record>.pageSize
        var lowPage = 0, highPage = paged.pageCount
        while lowPage < highPage {
            let middle = lowPage + (highPage - lowPage) / 2
            let first = paged.summary(ofPage: middle)?.firstID
                ?? RecordID.number(fromStored: paged.element(at: middle * pageSize).id) ?? 0
            if first <= number { lowPage = middle + 1 } else { highPage = middle }
        }
        if lowPage > 0 {
            low = (lowPage - 1) * pageSize
            high = min(paged.count, lowPage * pageSize)
        } else {
            high = 0
        }
        while low < high {
            let middle = low + (high - low) / 2
            let at = RecordID.number(fromStored: paged.id(at: middle)) ?? 0
            if at < number { low = middle + 1 } else { high = middle }
        }
        return low < paged.count ? low : nil
    }

    /// The index of each record with these stored IDs (`00000042`), or `nil` when one is not
    /// there: by halving when the table lists its records by ID (as it does unless some were
    /// moved), else by one walk for those not found so.
    func indices(ofStored ids: Set<String>) -> [String: Int]? {
        var found: [String: Int] = [:]
        for id in ids {
            guard let number = RecordID.number(fromStored: id) else { return nil }
            if let index = halvingIndex(of: number), paged.id(at: index) == id { found[id] = index }
        }
        if found.count < ids.count {
            for (index, record) in paged.enumerated() where ids.contains(record.id) { found[record.id] = index }
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
        // A few are looked up by halving (each reading its page at most), those not found so
        // (a table some moves took out of ID order) by one walk.
        if ids.count <= RecordList<Record>.shiftableCount, let found = indices(ofStored: Set(ids)) {
            return found.values.sorted()
        }
        let wanted = Set(ids)
        var positions: [Int] = []
        for (index, record) in paged.enumerated() where wanted.contains(record.id) {
            positions.append(index)
        }
        if positions.count < wanted.count {
            let found = Set(positions.map { paged.id(at: $0) })
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
        record.order = paged.count + 1
        paged.append(record)
        lastID = max(lastID, next)
        ownIDs?.last = next
        return record
    }

    /// Makes room for `count` more records at once in the list of pages (each page takes its
    /// 4,096 when it is started), so adding many one by one never grows that list step by step.
    mutating func reserveCapacity(forMore count: Int) {
        guard count > 0 else { return }
        paged.reserveCapacity(paged.count + count)
    }

    /// Replaces the record with the same ID, or inserts a record whose ID was allocated but is
    /// not present. When `order` differs from the record's position, the record moves there.
    ///
    /// - Throws: `BudgetError.idNotAllocated` for an ID above the counter (or not an ID),
    ///   `BudgetError.positionOutOfRange` for an order outside 1...n; nothing changes then.
    public mutating func update(_ record: Record) throws {
        if let index = index(of: record.id) {
            let target = record.order
            guard (1...paged.count).contains(target) else {
                throw BudgetError.positionOutOfRange(Record.kind, position: target, count: paged.count)
            }
            var replacement = record
            replacement.order = index + 1
            paged[index] = replacement
            if target != index + 1 { try move(id: record.id, to: target) }
            return
        }
        guard let number = RecordID.number(fromStored: record.id), number > 0, number <= lastID else {
            throw BudgetError.idNotAllocated(Record.kind, id: record.id)
        }
        var appended = record
        appended.order = paged.count + 1
        paged.append(appended)
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
        var copy = paged
        var results: [(id: String, name: String, changed: Bool)] = []
        for index in positions {
            let changed = try change(&copy[index])
            copy[index].order = index + 1  // an edit never moves a record
            results.append((copy[index].id, copy[index].name, changed))
        }
        paged = copy
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
        let removed = positions.map { paged.element(at: $0) }
        guard !positions.isEmpty else { return removed }
        paged.removeRenumbering(atSorted: positions)
        return removed
    }

    /// Moves a record to a 1-based position, shifting the records in between by one.
    public mutating func move(id: String, to position: Int) throws {
        let index = try self.position(of: id)
        guard (1...max(paged.count, 1)).contains(position), !paged.isEmpty else {
            throw BudgetError.positionOutOfRange(Record.kind, position: position, count: paged.count)
        }
        let record = paged.remove(at: index)
        paged.insert(record, at: position - 1)
        renumber(from: min(index, position - 1))
    }

    private mutating func renumber(from start: Int) {
        for index in start..<paged.count where paged.element(at: index).order != index + 1 {
            paged[index].order = index + 1
        }
    }
}
