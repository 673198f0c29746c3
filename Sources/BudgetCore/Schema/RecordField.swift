/// One field of a record kind, declared once (`Income.schema`, `Expense.schema`): its key and
/// its coder, from which the fast and strict readers, the writers, the checks before a write,
/// the comparisons of undo and every output are made.
///
/// Immutable after it is made; its closures capture key paths and coders only.
public struct RecordField<Record: BaseModel>: @unchecked Sendable {
    /// The key in the data file, and the column's name in listings, TSV, CSV and JSON.
    public let key: String
    /// Whether every record's object must hold the field (else a missing one takes its empty value).
    public let isRequired: Bool
    /// The display position (`order`), which comparisons of content leave out.
    let isPosition: Bool
    /// The record's value of this field, as outputs show it.
    public let value: (Record) -> FieldValue

    /// The key with its quotes, as the fast reader matches it.
    let quotedKey: [UInt8]
    /// The key as the writer puts it first in an object, and after another field.
    let firstPiece: [UInt8], nextPiece: [UInt8]

    let read: (inout ByteCursor, inout Record, Int) -> Bool
    let decode: (JSONNode, inout Record, FieldContext) throws(DataFileProblem) -> Void
    let check: (Record) throws(ValueError) -> Void
    let isWritten: (Record) -> Bool
    let bound: (Record) -> Int
    let put: (Record, inout ByteSpace) -> Void
    let json: (Record) -> JSONValue
    let same: (Record, Record) -> Bool

    /// A field whose value `Coder` reads and writes, stored at `path`.
    init<Coder: FieldCoding>(_ key: String, _ coder: Coder.Type, _ path: WritableKeyPath<Record, Coder.Value>, isPosition: Bool = false) {
        self.key = key
        self.isRequired = Coder.absent == nil
        self.isPosition = isPosition
        (quotedKey, firstPiece, nextPiece) = Self.pieces(key)
        value = { Coder.output($0[keyPath: path]) }
        read = { cursor, record, number in
            guard let value = Coder.read(&cursor, key: number) else { return false }
            record[keyPath: path] = value
            return true
        }
        decode = { node, record, context throws(DataFileProblem) in record[keyPath: path] = try Coder.decode(node, context) }
        check = { record throws(ValueError) in try Coder.check(record[keyPath: path], field: key) }
        if let absent = Coder.absent {
            isWritten = { $0[keyPath: path] != absent }
        } else {
            isWritten = { _ in true }
        }
        bound = { Coder.bound($0[keyPath: path]) }
        put = { record, space in Coder.put(record[keyPath: path], into: &space) }
        json = { Coder.json($0[keyPath: path]) }
        same = { $0[keyPath: path] == $1[keyPath: path] }
    }

    /// The record's `id`: 8 digits, equal to the record's key in its table (which already gave
    /// the record its ID, so reading only compares).
    static var identifier: RecordField {
        RecordField(identifierWithKey: "id")
    }

    /// The record's `order`: its 1-based display position.
    static var position: RecordField {
        RecordField("order", FieldCoders.Position.self, \.order, isPosition: true)
    }

    private init(identifierWithKey key: String) {
        self.key = key
        isRequired = true
        isPosition = false
        (quotedKey, firstPiece, nextPiece) = Self.pieces(key)
        value = { .text($0.id) }
        read = { cursor, _, number in cursor.storedIDNumber() == number }
        decode = { node, _, context throws(DataFileProblem) in
            let id = try JSONObjectReader.string(node, key: context.field, context: context.record)
            guard id == context.key else {
                throw DataFileProblem(offset: node.offset, "\(context.record) has the id \"\(id)\"; a record's key and id must match")
            }
        }
        check = { _ throws(ValueError) in }
        isWritten = { _ in true }
        bound = { $0.id.utf8.count + 2 }
        put = { record, space in
            space.put("\"")
            space.put(utf8Of: record.id)
            space.put("\"")
        }
        json = { .string($0.id) }
        same = { $0.id == $1.id }
    }

    private static func pieces(_ key: String) -> ([UInt8], [UInt8], [UInt8]) {
        var quoted: [UInt8] = []
        JSONSerializer.writeString(key, into: &quoted)
        return (quoted, Array("\n      ".utf8) + quoted + Array(" : ".utf8), Array(",\n      ".utf8) + quoted + Array(" : ".utf8))
    }
}
