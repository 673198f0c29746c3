/// Why a document in memory would become a data file that the reader refuses.
struct DocumentInvalidity: Error, Sendable {
    /// What is wrong, in lower case.
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

extension BudgetDocument {
    /// Checks the document against the rules the reader applies to the file written from it.
    /// The store runs this before every write, so `budget` never writes a file it then refuses,
    /// whatever path the change took (an undo of a hand-edited history, a restore, a repair).
    ///
    /// The structure (IDs, counters, orders) is checked for every record, which is cheap. The
    /// text rules, which are not, are applied to the records that differ from `original` (a
    /// document the reader accepted); without one, to every record.
    ///
    /// - Throws: `DocumentInvalidity` naming the first broken rule.
    func validate(since original: BudgetDocument? = nil) throws(DocumentInvalidity) {
        try Self.validate(incomes, since: original?.incomes)
        try Self.validate(expenses, since: original?.expenses)
        try Self.validate(transfers, since: original?.transfers)
        // Settings the reader accepted and nothing changed are not checked again.
        for (key, value) in original?.settingsValues == settingsValues ? [] : settingsValues.storedPairs {
            if let refusal = SettingsCatalog.settingRefusal(key: key, value: value) {
                throw DocumentInvalidity(refusal)
            }
        }
        // Entries kept as a file's bytes passed the reader; so did those `original` holds.
        for (number, entry) in history.entries.enumerated() {
            guard case .change(let entry) = entry,
                  !(original?.history.entries.contains { $0.isSame(as: .change(entry)) } ?? false) else { continue }
            let context = "history entry \(number + 1)"
            try Self.validate(entry.incomes, context: context)
            try Self.validate(entry.expenses, context: context)
            try Self.validate(entry.transfers, context: context)
        }
    }

    /// A table as the reader checks it: a counter of 8 digits, IDs of 8 digits that are distinct
    /// and at most the counter, orders exactly 1...n, and every record's fields.
    private static func validate<Record: BaseModel>(
        _ table: RecordTable<Record>, since original: RecordTable<Record>?
    ) throws(DocumentInvalidity) {
        let kind = Record.kind.singular
        let records = table.paged
        guard (0...RecordID.maximum).contains(table.lastID) else {
            throw DocumentInvalidity("the \(kind) counter \(table.lastID) is not an 8-digit id")
        }
        var seen = IDSet(highest: table.lastID, count: records.count)
        func checkID(at index: Int) throws(DocumentInvalidity) -> Int {
            let id = records.id(at: index), order = records.order(at: index)
            guard let number = RecordID.number(fromStored: id) else {
                throw DocumentInvalidity("\(kind) id \"\(id)\" is not 8 digits")
            }
            guard number <= table.lastID else {
                throw DocumentInvalidity(
                    "\(kind) \(id) is above the counter \(RecordID.string(for: table.lastID)); "
                        + "its id could be given out again")
            }
            if let own = table.ownIDs, own.block.contains(number), number > own.last {
                throw DocumentInvalidity(
                    "\(kind) \(id) is above the device's counter \(RecordID.string(for: own.last)); "
                        + "its id could be given out again")
            }
            guard seen.insert(number) else {
                throw DocumentInvalidity("two \(Record.kind.plural) have the id \(id)")
            }
            guard order == index + 1 else {
                throw DocumentInvalidity("\(kind) \(id) has order \(order) in position \(index + 1)")
            }
            return number
        }
        // A page still unread (as the file budget wrote and stamped holds it) is checked by its
        // summary: its IDs ascend from its first to its last, at their places. Its IDs are
        // checked one by one only when another record's ID falls between its first and last.
        var unread: [(page: Int, ids: ClosedRange<Int>)] = []
        var numbers: [Int] = []
        for page in 0..<records.pageCount {
            let first = page << RecordList<Record>.pageShift
            if table.ownIDs == nil, let summary = records.summary(ofPage: page),
               summary.firstID <= summary.lastID, summary.lastID <= table.lastID {
                unread.append((page, summary.firstID...summary.lastID))
                continue
            }
            for index in first..<min(first + RecordList<Record>.pageSize, records.count) {
                numbers.append(try checkID(at: index))
            }
        }
        if !unread.isEmpty {
            unread.sort { $0.ids.lowerBound < $1.ids.lowerBound }
            var reading = Set<Int>()
            for (offset, entry) in unread.enumerated().dropFirst() where entry.ids.overlaps(unread[offset - 1].ids) {
                reading.formUnion([entry.page, unread[offset - 1].page])
            }
            for number in numbers {
                var low = 0, high = unread.count
                while low < high {
                    let middle = (low + high) / 2
                    if unread[middle].ids.upperBound < number { low = middle + 1 } else { high = middle }
                }
                if low < unread.count, unread[low].ids.contains(number) { reading.insert(unread[low].page) }
            }
            for page in reading.sorted() {
                let first = page << RecordList<Record>.pageShift
                for index in first..<min(first + RecordList<Record>.pageSize, records.count) {
                    _ = try checkID(at: index)
                }
            }
        }
        // Records alike at both ends with `original` passed its checks: a change to one record
        // leaves one record to check. Pages shared with it unread are passed whole.
        let before = original?.paged ?? []
        // Records an import wrote as bytes, none read since, were checked by the input rules,
        // stricter than these (`RecordTranscoder`).
        if records.encodedPages != nil { return }
        let changed = Record.schema.changedRuns(from: before, to: records)
        try LentElements.lending(records, before) { lent, old throws(DocumentInvalidity) in
            var index = changed.start
            while index < changed.newEnd {
                if let shared = lent.sharedPage(at: index, with: old) {
                    index += shared
                    continue
                }
                // Each branch its own call: a choice between the two would copy the record.
                if lent.isLent(index &>> lent.shift) {
                    try validateFields(of: lent[index])
                } else {
                    try validateFields(of: records.element(at: index))
                }
                index += 1
            }
        }
    }

    /// One kind's part of a history entry: the records it would bring back, its IDs and positions.
    private static func validate<Record: BaseModel>(
        _ change: TableChange<Record>, context: String
    ) throws(DocumentInvalidity) {
        for id in change.added + change.moved.map(\.id) where RecordID.number(fromStored: id) == nil {
            throw DocumentInvalidity("\(context) lists the \(Record.kind.singular) id \"\(id)\", which is not 8 digits")
        }
        if let (id, position) = change.moved.first(where: { $0.position < 1 }) {
            throw DocumentInvalidity("\(context) moves \(Record.kind.singular) \(id) to position \(position)")
        }
        for record in change.removed { try validateFields(of: record) }
        for record in change.edited { try validateFields(of: record) }
    }

    /// The fields of one record, by the rules the readers apply (its kind's schema).
    private static func validateFields<Record: BaseModel>(of record: Record) throws(DocumentInvalidity) {
        do throws(ValueError) {
            try Record.schema.check(record)
        } catch {
            throw DocumentInvalidity("\(Record.kind.singular) \(record.id): \(error)")
        }
    }
}

/// The ID numbers met so far: a bitmap up to the highest allowed, or a set when that is far
/// above the number of records.
private struct IDSet {
    private var bits: [UInt64] = []
    private var sparse: Set<Int> = []
    private let isSparse: Bool

    init(highest: Int, count: Int) {
        isSparse = highest > max(count * 64, 1 << 20)
        if !isSparse { bits = [UInt64](repeating: 0, count: highest / 64 + 1) }
    }

    /// Adds a number in 0...highest; `false` when it was there already.
    mutating func insert(_ number: Int) -> Bool {
        if isSparse { return sparse.insert(number).inserted }
        let mask: UInt64 = 1 << UInt64(number % 64)
        if bits[number / 64] & mask != 0 { return false }
        bits[number / 64] |= mask
        return true
    }
}
