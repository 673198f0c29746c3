/// How one type of field value is read, checked and written: the small coders that record
/// field declarations (`RecordField`) are built from.
///
/// Every coder reads a value two ways that must agree: `read`, on the fast path, returns `nil`
/// for anything unusual; `decode`, on the strict path, decides and words the problem. Tests
/// hold them to that (`CodecPropertyTests`).
protocol FieldCoding {
    associatedtype Value: Equatable & Sendable

    /// The value of a field missing from the record's object, which is then not written either;
    /// `nil` when the field must be there.
    static var absent: Value? { get }

    /// The fast reader: the value at the cursor, checked by the file's rules; `nil` for
    /// anything else. `key` is the number of the record's key in its table.
    static func read(_ cursor: inout ByteCursor, key: Int) -> Value?

    /// How the canonical reader checks the value (`RecordSchema.skim`): one of the common
    /// kinds, or `.general` for this coder's `skim`.
    static var skimKind: SkimKind { get }

    /// The canonical reader for `.general`: whether the value at the cursor (which is not
    /// white space) is valid by the file's rules and written exactly as `putCompact` writes
    /// it; `false` for anything else. Used on the undo history, whose entries are kept as
    /// their bytes and copied back verbatim. `key` is as for `read`.
    static func skim(_ cursor: inout ByteCursor, key: Int) -> Bool

    /// The strict reader: the value of a node, checked by the file's rules.
    static func decode(_ node: JSONNode, _ context: FieldContext) throws(DataFileProblem) -> Value

    /// The file's rules, for a value about to be written (what `decode` would refuse).
    static func check(_ value: Value, field: String) throws(ValueError)

    /// The value as the general JSON writer writes it.
    static func json(_ value: Value) -> JSONValue

    /// The most bytes `put` writes for the value.
    static func bound(_ value: Value) -> Int

    /// The fast writer: the value's JSON text, byte for byte what `json` gives through the
    /// encoder-compatible serializer inside a record.
    static func put(_ value: Value, into space: inout ByteSpace)

    /// The fast writer of the compact layout (records in history entries, one line each):
    /// the value's JSON text without line breaks or spaces, byte for byte what `json` gives
    /// through the serializer inside `JSONValue.compact`; at most `bound` bytes. The default
    /// is `put`, right for every value written on one line.
    static func putCompact(_ value: Value, into space: inout ByteSpace)

    /// The value as outputs show it.
    static func output(_ value: Value) -> FieldValue

    /// Whether tables align the value to the right (numbers, money).
    static var isNumeric: Bool { get }
}

extension FieldCoding {
    static var absent: Value? { nil }

    static func check(_ value: Value, field: String) throws(ValueError) {}

    static var isNumeric: Bool { false }

    static var skimKind: SkimKind { .general }

    static func putCompact(_ value: Value, into space: inout ByteSpace) { put(value, into: &space) }

    /// Reads the value, then compares the bytes with what `putCompact` makes of it.
    static func skim(_ cursor: inout ByteCursor, key: Int) -> Bool {
        let start = cursor.index
        // A value equal to `absent` is one the writer leaves out.
        guard let value = read(&cursor, key: key), value != absent else { return false }
        var written = ByteBuffer(capacity: bound(value))
        written.writeInPlace(upTo: bound(value)) { putCompact(value, into: &$0) }
        return written.withBytes { cursor.bytes.matches($0, in: start..<cursor.index) }
    }
}
