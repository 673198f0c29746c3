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
    /// The fields of `fileOrder` that every record must hold, as bits.
    private let requiredMask: UInt64
    /// The fields compared for "same content" (all but the position).
    private let contentFields: [RecordField<Record>]

    init(blank: @escaping (String) -> Record, fields: [RecordField<Record>]) {
        precondition(fields.count <= 64 && Set(fields.map(\.key)).count == fields.count, "a schema has at most 64 distinct keys")
        self.fields = fields
        self.blank = blank
        fileOrder = fields.sorted { $0.key < $1.key }
        requiredMask = fileOrder.enumerated().reduce(0) { mask, entry in entry.element.isRequired ? mask | 1 << UInt64(entry.offset) : mask }
        contentFields = fields.filter { !$0.isPosition }
    }

    /// The field with this key.
    public func field(_ key: String) -> RecordField<Record>? {
        fields.first { $0.key == key }
    }

    // MARK: Reading

    /// The fast reader: one record's object at the cursor, in any layout; `nil` for anything
    /// the strict reader might judge otherwise (an unknown or repeated key, an escaped key, a
    /// value against the rules).
    func read(_ cursor: inout ByteCursor, key: (text: String, number: Int)) -> Record? {
        guard cursor.consume(UInt8(ascii: "{")) else { return nil }
        var record = blank(key.text)
        var seen: UInt64 = 0
        var next = 0  // files we write hold the keys in file order: try the next one first
        repeat {
            cursor.skipWhitespace()
            var index = next
            if index >= fileOrder.count || !cursor.skip(fileOrder[index].quotedKey) {
                index = 0
                while index < fileOrder.count && !cursor.skip(fileOrder[index].quotedKey) { index += 1 }
                guard index < fileOrder.count else { return nil }
            }
            let bit: UInt64 = 1 << UInt64(index)
            guard seen & bit == 0, cursor.consume(UInt8(ascii: ":")), fileOrder[index].read(&cursor, &record, key.number) else { return nil }
            seen |= bit
            next = index + 1
        } while cursor.consume(UInt8(ascii: ","))
        guard cursor.consume(UInt8(ascii: "}")), seen & requiredMask == requiredMask else { return nil }
        return record
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
        var bound = 32 + 2 * record.id.utf8.count
        for field in fileOrder where field.isWritten(record) { bound += field.nextPiece.count + field.bound(record) }
        out.writeInPlace(upTo: bound) { space in
            space.put(first ? "\n    \"" : ",\n    \"")
            space.put(utf8Of: record.id)
            space.put("\" : {")
            var firstField = true
            for field in fileOrder where field.isWritten(record) {
                space.put(firstField ? field.firstPiece : field.nextPiece)
                field.put(record, &space)
                firstField = false
            }
            space.put("\n    }")
        }
    }

    /// One record as the general JSON writer writes it.
    func json(_ record: Record) -> JSONValue {
        .object(fields.filter { $0.isWritten(record) }.map { ($0.key, $0.json(record)) })
    }

    // MARK: Checking

    /// The rules every field's value must meet in the file (what the readers would refuse).
    func check(_ record: Record) throws(ValueError) {
        for field in fields { try field.check(record) }
    }

    /// Whether two records are equal apart from their position.
    func sameContent(_ a: Record, _ b: Record) -> Bool {
        for field in contentFields where !field.same(a, b) { return false }
        return true
    }
}
