/// The fields of one record kind, in the order listings show them, and what is made of them:
/// reading a record fast or strictly, writing it, checking it before a write, comparing two.
///
/// Adding a field to a kind is adding one line to its schema (and, for a new type of value,
/// one `FieldCoding`); the readers, writers, checks and outputs follow.
public struct RecordSchema<Record: BaseModel>: @unchecked Sendable {
    /// The fields in display order (the columns of `list`).
    public let fields: [RecordField<Record>]
    /// The fields by key, as the data file holds them.
    let fileOrder: [RecordField<Record>]
    /// A record with only its ID, for the readers to fill.
    let blank: (String) -> Record
    /// The record's ID, set when a record is given another (`copy(of:id:)`).
    let identity: WritableKeyPath<Record, String>
    /// The fields of `fileOrder` that every record must hold, as bits.
    private let requiredMask: UInt64
    /// The fast reader's view of `fileOrder`, flattened so that its loop touches no reference
    /// but the readers': the keys with their separators as the writer puts them (first in
    /// the object, then after a comma), one after the other in `pieces`; for each `Nesting`,
    /// `fileOrder.count` ranges (its layout), and the object's closing.
    private let pieces: [UInt8]
    private let pieceRanges: [(first: Range<Int>, next: Range<Int>, isRequired: Bool)]
    private let closings: [[UInt8]]
    /// `fileOrder` unretained, for the fast reader's and writer's loops: `fileOrder` keeps the
    /// fields alive, and a loop over a plain array of them retains and releases each field
    /// for each record (a fifth of the writer's time).
    private let unretained: [Unmanaged<RecordField<Record>>]
    /// `fields` unretained, for the checks before a write (every record an import adds).
    private let unretainedFields: [Unmanaged<RecordField<Record>>]
    /// How the canonical reader checks each field of `fileOrder`.
    private let skimKinds: [SkimKind]
    /// Where the position (`order`) and the `amount` are in `fileOrder`, for the canonical
    /// reader of a table's records (`skimTableRecord`).
    private let positionIndex: Int?, amountIndex: Int?

    /// Where a record's `order` lies in its bytes, when the model names its stored property:
    /// two records whose other bytes are the same are the same record but for their position
    /// (`LentElements.sameBits(_:_:_:except:)`).
    let orderBytes: Range<Int>?

    init(
        blank: @escaping (String) -> Record, fields: [RecordField<Record>], id: WritableKeyPath<Record, String>,
        order: WritableKeyPath<Record, Int>? = nil
    ) {
        precondition(
            fields.count <= 64 && Set(fields.map(\.key)).count == fields.count, "a schema has at most 64 distinct keys")
        self.fields = fields
        self.blank = blank
        identity = id
        orderBytes = order.flatMap { MemoryLayout<Record>.offset(of: $0) }.map { $0..<$0 + MemoryLayout<Int>.size }
        fileOrder = fields.sorted { $0.key < $1.key }
        var pieces: [UInt8] = []
        var ranges: [(first: Range<Int>, next: Range<Int>, isRequired: Bool)] = []
        var closings: [[UInt8]] = []
        for nesting in Nesting.allCases {
            for field in fileOrder {
                let (firstPiece, nextPiece) = nesting.pieces(field.quotedKey)
                let first = pieces.count..<(pieces.count + firstPiece.count)
                pieces += firstPiece
                let next = pieces.count..<(pieces.count + nextPiece.count)
                pieces += nextPiece
                ranges.append((first, next, field.isRequired))
            }
            closings.append(nesting.closing)
        }
        self.pieces = pieces
        pieceRanges = ranges
        self.closings = closings
        unretained = fileOrder.map { Unmanaged.passUnretained($0) }
        unretainedFields = fields.map { Unmanaged.passUnretained($0) }
        skimKinds = fileOrder.map(\.skimKind)
        positionIndex = fileOrder.firstIndex { $0.isPosition }
        amountIndex = fileOrder.firstIndex { $0.key == "amount" }
        requiredMask = fileOrder.enumerated().reduce(0) { mask, entry in
            entry.element.isRequired ? mask | 1 << UInt64(entry.offset) : mask
        }
    }

    /// The field with this key.
    public func field(_ key: String) -> RecordField<Record>? {
        fields.first { $0.key == key }
    }

    // MARK: Reading

    /// The fast reader: one record's object at the cursor, in any layout; `nil` for anything
    /// the strict reader might judge otherwise (an unknown or repeated key, an escaped key, a
    /// value against the rules). In a history entry, a record in the layout that earlier
    /// versions wrote (`formerHistoryElement`) is read fast too, until the next write.
    func read(_ cursor: inout ByteCursor, key: (text: String, number: Int), nesting: Nesting = .table) -> Record? {
        var record = blank(key.text)
        return read(&cursor, key: key, nesting: nesting, into: &record) ? record : nil
    }

    /// The fast reader into a record made by `blank` with the key's ID, where it lies (a large
    /// table's records are read into their array's memory, not copied there); whether it read.
    /// On `false` the record is left valid but partly filled. The fields in `skipping` (a
    /// `mask(skipping:)`) are checked as the canonical reader checks them and left blank; a
    /// record with a value it does not take as canonical is read whole.
    func read(
        _ cursor: inout ByteCursor, key: (text: String, number: Int), nesting: Nesting = .table,
        into record: inout Record, skipping: UInt64 = 0
    ) -> Bool {
        var laidOut = false
        return read(&cursor, key: key, nesting: nesting, into: &record, skipping: skipping, laidOut: &laidOut)
    }

    /// `read(_:key:nesting:into:skipping:)`, and whether the record was laid out exactly as the
    /// writer lays it out (`laidOut`): each key with its separators and indentation, every field
    /// read, none skipped. Such a record's bytes read back as the record, so a writer may copy
    /// them instead of writing it again (`FastDocumentCodec.encode(_:reusing:emitting:)`).
    func read(
        _ cursor: inout ByteCursor, key: (text: String, number: Int), nesting: Nesting = .table,
        into record: inout Record, skipping: UInt64 = 0, laidOut: inout Bool
    ) -> Bool {
        laidOut = false
        guard cursor.consume(UInt8(ascii: "{")) else { return false }
        let start = cursor.index
        if readAsWritten(&cursor, key: key, nesting: nesting, into: &record, skipping: skipping) {
            laidOut = skipping == 0
            return true
        }
        cursor.index = start
        if skipping != 0 {
            record = blank(key.text)
            if readAsWritten(&cursor, key: key, nesting: nesting, into: &record) { return true }
            cursor.index = start
        }
        if nesting == .historyElement {
            record = blank(key.text)
            if readAsWritten(&cursor, key: key, nesting: .formerHistoryElement, into: &record) { return true }
            cursor.index = start
        }
        record = blank(key.text)
        return readAnyLayout(&cursor, key: key, into: &record)
    }

    /// The fields named in `keys` (those the schema has), as `read(_:key:nesting:into:skipping:)`
    /// takes them; never the ID or the position, which the table's checks need, nor a field
    /// checked by its own skim (`.general`: a list's layout differs between a table and the
    /// history), which is read.
    func mask(skipping keys: Set<String>) -> UInt64 {
        fileOrder.enumerated().reduce(0) { mask, entry in
            let field = entry.element
            let skippable = keys.contains(field.key) && !field.isPosition
                && ![SkimKind.identifier, .general].contains(field.skimKind)
            return skippable ? mask | 1 << UInt64(entry.offset) : mask
        }
    }

    /// A record laid out exactly as the writer lays it out, each key matched with its
    /// separators and indentation in one comparison; `nil` as soon as anything differs. The
    /// fields in `skipping` are only checked.
    private func readAsWritten(
        _ cursor: inout ByteCursor, key: (text: String, number: Int), nesting: Nesting, into record: inout Record,
        skipping: UInt64 = 0
    ) -> Bool {
        var first = true
        let offset = nesting.rawValue * fileOrder.count
        for index in unretained.indices {
            let piece = pieceRanges[offset + index]
            if cursor.skip(pieces, in: first ? piece.first : piece.next) {
                if skipping & (1 << UInt64(index)) != 0 {
                    guard skimValue(&cursor, field: index, id: key.number) else { return false }
                } else {
                    guard unretained[index]._withUnsafeGuaranteedRef({ $0.read(&cursor, &record, key.number) }) else {
                        return false
                    }
                }
                first = false
            } else if piece.isRequired {
                return false
            }
        }
        return cursor.skip(closings[nesting.rawValue])
    }

    /// The canonical reader: whether the record's object at the cursor is valid and laid out
    /// exactly as the writer lays out a record of a history entry (`writeCompactObject`), every
    /// value as the writer writes it (`FieldCoding.skim`): the record's ID number, or `nil`.
    /// Makes no record: the undo history keeps such records as their bytes.
    func skim(_ cursor: inout ByteCursor) -> Int? {
        skim(&cursor, nesting: .historyElement)?.id
    }

    /// The canonical reader on a record of a table: the object at the cursor laid out exactly
    /// as the writer lays out a table's record, every value checked as `skim` checks it, makes
    /// no record and gives the record's ID number, position and amount (what a page's summary
    /// holds); `nil` for anything else, and for a record with a value that only its coder's own
    /// skim checks (a list, laid out on lines of its own in a table but not in the history).
    func skimTableRecord(_ cursor: inout ByteCursor) -> (id: Int, order: Int, amount: Int)? {
        guard positionIndex != nil, amountIndex != nil, let read = skim(&cursor, nesting: .table), read.order >= 0
        else { return nil }
        return read
    }

    /// The canonical reader in either layout: the record's ID number, with its position and
    /// amount when it has them (-1 and 0 else). A value only its coder's own skim checks is
    /// taken in a history entry's layout only (a list's layout differs in a table).
    private func skim(
        _ cursor: inout ByteCursor, nesting: Nesting
    ) -> (id: Int, order: Int, amount: Int)? {
        guard cursor.skip("{") else { return nil }
        var id = -1, order = -1, amount = 0  // `id` set by the `id` field, which every record has
        var first = true
        let offset = nesting.rawValue * fileOrder.count
        for index in unretained.indices {
            let piece = pieceRanges[offset + index]
            guard cursor.skip(pieces, in: first ? piece.first : piece.next) else {
                if piece.isRequired { return nil }
                continue
            }
            first = false
            let start = cursor.index
            switch skimKinds[index] {
            case .identifier:
                guard cursor.isAtValue, let number = cursor.storedIDNumber() else { return nil }
                id = number
            case .general where nesting != .historyElement:
                return nil
            default:
                guard skimValue(&cursor, field: index, id: id) else { return nil }
            }
            if index == positionIndex || index == amountIndex {
                // The value as a number: the skim checked it (digits, maybe after a minus, that
                // fit in `Int`) without making it.
                let number = cursor.bytes.checkedInteger(start..<cursor.index)
                if index == positionIndex { order = number } else { amount = number }
            }
        }
        guard id >= 0, cursor.skip(closings[nesting.rawValue]) else { return nil }
        return (id, order, amount)
    }

    /// Whether the value at the cursor is what the writer writes for the field at `index` (in
    /// file order) of the record with ID number `id`, checked as the canonical reader checks
    /// it; the cursor is then past it.
    private func skimValue(_ cursor: inout ByteCursor, field index: Int, id: Int) -> Bool {
        guard cursor.isAtValue else { return false }
        switch skimKinds[index] {
        case .integer: return cursor.skimInteger()
        case .signedInteger: return cursor.skimSignedInteger()
        case .day: return cursor.isoDay() != nil
        case .label: return cursor.skimLabel()
        case .note: return cursor.skimPlainText { text in (try? FieldRules.checkNote(text)) != nil }
        case .identifier: return cursor.storedIDNumber() == id
        case .general: return unretained[index]._withUnsafeGuaranteedRef { $0.skim(&cursor, id) }
        }
    }

    /// A record in any layout: keys in any order, any white space.
    private func readAnyLayout(
        _ cursor: inout ByteCursor, key: (text: String, number: Int), into record: inout Record
    ) -> Bool {
        var seen: UInt64 = 0
        var next = 0  // keys usually come in file order: try the next one first
        repeat {
            cursor.skipWhitespace()
            var index = next
            if index >= fileOrder.count || !cursor.skip(fileOrder[index].quotedKey) {
                index = 0
                while index < fileOrder.count && !cursor.skip(fileOrder[index].quotedKey) { index += 1 }
                guard index < fileOrder.count else { return false }
            }
            let bit: UInt64 = 1 << UInt64(index)
            guard seen & bit == 0, cursor.consume(UInt8(ascii: ":")),
                  fileOrder[index].read(&cursor, &record, key.number) else { return false }
            seen |= bit
            next = index + 1
        } while cursor.consume(UInt8(ascii: ","))
        return cursor.consume(UInt8(ascii: "}")) && seen & requiredMask == requiredMask
    }

    /// The strict reader: one record's object, every rule checked and every problem worded
    /// with its place.
    func decode(_ node: JSONNode, key: String) throws(DataFileProblem) -> Record {
        let context = "\(Record.kind.singular) \(key)"
        var reader = try JSONObjectReader(node, context: context)
        var record = blank(key)
        for field in fields {
            if let value = reader.optionalNode(field.key) {
                try field.decode(value, &record, FieldContext(record: context, key: key, field: field.key))
            } else if field.isRequired {
                _ = try reader.node(field.key)
            }
        }
        try reader.finish()
        return record
    }

    // MARK: Writing

    /// One record as the fast writer puts it: `"<id>" : { … }`, keys sorted, after a comma
    /// unless it is the first of its table.
    func write(_ record: Record, first: Bool, into out: inout ByteBuffer) {
        out.write(first ? "\n    \"" : ",\n    \"")
        out.write(utf8Of: record.id)
        out.write("\" : ")
        writeObject(record, into: &out)
    }

    /// One record's object, `{ … }`, laid out as in its table (fields six spaces deep).
    func writeObject(_ record: Record, into out: inout ByteBuffer) {
        out.write("{")
        var firstField = true
        for field in unretained {
            field._withUnsafeGuaranteedRef { field in
                if field.write(record, firstField, &out) { firstField = false }
            }
        }
        out.write("\n    }")
    }

    /// One record's object on one line, as a history entry holds it:
    /// `{"amount":900,"category":"food",…}`, keys sorted, no spaces.
    func writeCompactObject(_ record: Record, into out: inout ByteBuffer) {
        out.write("{")
        var firstField = true
        for field in unretained {
            field._withUnsafeGuaranteedRef { field in
                if field.writeCompact(record, firstField, &out) { firstField = false }
            }
        }
        out.write("}")
    }

    /// One record as the general JSON writer writes it.
    func json(_ record: Record) -> JSONValue {
        .object(fields.compactMap { field in field.json(record).map { (field.key, $0) } })
    }

    /// One record as the general JSON writer writes it in a history entry (`writeCompactObject`).
    func compactJSON(_ record: Record) -> JSONValue {
        .compact(json(record))
    }

    // MARK: Checking

    /// The rules every field's value must meet in the file (what the readers would refuse).
    func check(_ record: Record) throws(ValueError) {
        var failure: ValueError?
        for field in unretainedFields where failure == nil {
            field._withUnsafeGuaranteedRef { field in
                do throws(ValueError) { try field.check(record) } catch { failure = error }
            }
        }
        if let failure { throw failure }
    }

    /// Whether two records are equal apart from their position. (Every stored property is a
    /// field of the schema, a test makes sure, so the synthesized equality compares the fields.)
    func sameContent(_ a: Record, _ b: Record) -> Bool {
        if a.order == b.order { return a == b }
        var moved = b
        moved.order = a.order
        return a == moved
    }

    /// Where `new` differs from `old`: the longest runs at both ends that hold the same records,
    /// order aside, are passed over (`old[..<start]` and `new[..<start]` alike, and
    /// `old[oldEnd...]` and `new[newEnd...]`), so a change to one record costs one pass of
    /// comparisons. The records are compared where they lie, without copies.
    func changedRuns(
        from oldList: RecordList<Record>, to newList: RecordList<Record>
    ) -> (start: Int, oldEnd: Int, newEnd: Int) {
        // Nothing in common with no records: the new ones are not read (an import's).
        if oldList.isEmpty { return (0, 0, newList.count) }
        // Pages both hold unread from one source are shared, passed whole without reading them.
        return LentElements.lending(oldList, newList) { old, new in
            /// Compared where they lie, or (a record of a page left unlent) as read by the lists.
            func same(_ oldIndex: Int, _ newIndex: Int) -> Bool {
                guard old.isLent(oldIndex &>> old.shift), new.isLent(newIndex &>> new.shift) else {
                    return sameContent(oldList.element(at: oldIndex), newList.element(at: newIndex))
                }
                return sameContent(old, oldIndex, new, newIndex)
            }
            // Records a delete shifted are never the same as those at their places before: each
            // has another's ID. The walk from the first stops where they start.
            let tail = oldList.shiftedTail(with: newList)
            let limit = min(old.count, new.count, tail.map { min($0.mine, $0.theirs) } ?? .max)
            var start = 0
            while start < limit {
                if let shared = old.sharedPage(at: start, with: new) {
                    start += shared
                } else if same(start, start) {
                    start += 1
                } else {
                    break
                }
            }
            // An edit leaves the pages after its record shared too; a delete, shifted.
            var trailing = min(old.sharedTrailingCount(with: new), old.count - start)
            if let tail {
                trailing = max(trailing, min(old.count - tail.mine, old.count - start, new.count - start))
            }
            var oldEnd = old.count - trailing, newEnd = new.count - trailing
            while oldEnd > start && newEnd > start {
                let pageStart = ((oldEnd - 1) &>> old.shift) &<< old.shift
                if oldEnd == newEnd, pageStart >= start, let shared = old.sharedPage(at: pageStart, with: new),
                   pageStart + shared == oldEnd {
                    oldEnd = pageStart
                    newEnd = pageStart
                } else if same(oldEnd - 1, newEnd - 1) {
                    oldEnd -= 1
                    newEnd -= 1
                } else {
                    break
                }
            }
            return (start, oldEnd, newEnd)
        }
    }

    /// `sameContent` of two records where they lie: the same bits but for the order's (a record
    /// a change left as it was read, or only moved) are the same record without comparing.
    func sameContent(_ a: LentElements<Record>, _ aIndex: Int, _ b: LentElements<Record>, _ bIndex: Int) -> Bool {
        if a.sameBits(aIndex, b, bIndex) { return true }
        if let orderBytes, a.sameBits(aIndex, b, bIndex, except: orderBytes) { return true }
        if a[aIndex].order == b[bIndex].order { return a[aIndex] == b[bIndex] }
        return sameContent(a[aIndex], b[bIndex])
    }
}

extension RecordSchema {
    /// Where a record's object sits in the data file, which sets how the writer lays it out:
    /// in its table (`"00000001" : {…}`, each field on its own line six spaces deep) or as an
    /// element of a list in a history entry (on one line: `{"amount":900,…}`).
    enum Nesting: Int, CaseIterable {
        case table, historyElement
        /// A history entry's record as versions before the compact layout wrote it: each field
        /// on its own line, twelve spaces deep. Read (fast, and by the general path: the skim
        /// declines it), never written.
        case formerHistoryElement

        /// A key with its separators, first in the object and after a comma.
        func pieces(_ quotedKey: [UInt8]) -> (first: [UInt8], next: [UInt8]) {
            switch self {
            case .historyElement:
                return (quotedKey + Array(":".utf8), Array(",".utf8) + quotedKey + Array(":".utf8))
            case .table, .formerHistoryElement:
                let indent = Array(repeating: UInt8(ascii: " "), count: self == .table ? 6 : 12)
                return (
                    [UInt8(ascii: "\n")] + indent + quotedKey + Array(" : ".utf8),
                    Array(",\n".utf8) + indent + quotedKey + Array(" : ".utf8))
            }
        }

        /// What closes the object.
        var closing: [UInt8] {
            switch self {
            case .table: return Array("\n    }".utf8)
            case .historyElement: return Array("}".utf8)
            case .formerHistoryElement: return Array("\n          }".utf8)
            }
        }
    }
}
