/// One field of a record kind, declared once (`Income.schema`, `Expense.schema`): its key and
/// its coder, from which the fast and strict readers, the writers, the checks before a write,
/// the comparisons of undo and every output are made.
///
/// Immutable after it is made; its closures capture accessors and coders only. A class, so
/// that walking a schema's fields costs one reference count each, not one per closure.
public final class RecordField<Record: BaseModel>: @unchecked Sendable {
    /// The key in the data file, and the column's name in listings, TSV, CSV and JSON.
    public let key: String
    /// Whether every record's object must hold the field (else a missing one takes its empty value).
    public let isRequired: Bool
    /// The display position (`order`), which comparisons of content leave out.
    let isPosition: Bool
    /// Whether tables align the field's values to the right (numbers, money).
    public let isNumeric: Bool
    /// When tables of many records show the field (machine formats and a single record's
    /// details always do).
    public let listing: FieldListing
    /// The record's value of this field, as outputs show it. (Borrowed, like `write`: listings
    /// call it for every field of every record.)
    public let value: (borrowing Record) -> FieldValue

    /// The key with its quotes, as the fast reader matches it.
    let quotedKey: [UInt8]
    /// The key as the writer puts it first in an object, and after another field.
    let firstPiece: [UInt8], nextPiece: [UInt8]
    /// The same in the compact layout of history records: `"key":` and `,"key":`.
    let compactFirstPiece: [UInt8], compactNextPiece: [UInt8]

    /// The fast reader: reads the value at the cursor into the record; `false` for anything unusual.
    let read: (inout ByteCursor, inout Record, Int) -> Bool
    /// How the canonical reader checks the value; for `.general`, by `skim`.
    let skimKind: SkimKind
    /// The canonical reader of a `.general` value: whether the value at the cursor is valid
    /// and written as the compact writer writes it (`FieldCoding.skim`), given the record's
    /// ID number.
    let skim: (inout ByteCursor, Int) -> Bool
    /// The strict reader: decodes a node into the record, or words the problem.
    let decode: (JSONNode, inout Record, FieldContext) throws(DataFileProblem) -> Void
    /// The file's rules, for a record about to be written.
    let check: (Record) throws(ValueError) -> Void
    /// The fast writer: the field after the record's others (`first`: the first of them), or
    /// nothing when it has its empty value; whether it wrote. (The record is borrowed: a record
    /// passed by value to a closure of a generic type is copied on every call.)
    let write: (borrowing Record, Bool, inout ByteBuffer) -> Bool
    /// The same in the compact layout of history records (`writeCompact`).
    let writeCompact: (borrowing Record, Bool, inout ByteBuffer) -> Bool
    /// The general writer's value, or `nil` when the field is not written.
    let json: (Record) -> JSONValue?
    /// How an import reads the field; `nil` for a field no import gives (`id`, `order`).
    let input: Input?
    /// How a person gives the field's value (`add`, `edit`, schedules); `nil` for a field
    /// only the budget sets (`source`, `schedule`).
    public let setting: FieldSetting?
    /// The setting's reading and writing of values, made from the coder.
    let setter: Setter?
    /// Sets the field of the second record to the first's value (the ID is left alone: a record
    /// is made with its ID).
    let copy: (borrowing Record, inout Record) -> Void

    /// A field whose value `Coder` reads and writes, got and set by the two accessors (plain
    /// closures, not key paths: those are applied through the runtime, several times slower
    /// on a path that runs for every field of every record; `get` borrows the record, since a
    /// record passed by value to a closure of a generic type is copied on every call).
    /// `input`: how an import reads it (`nil`: no import gives it).
    ///
    /// Fields that imports read are declared with the initialiser in `RecordField+Input`.
    @inline(__always)
    init<Coder: FieldCoding>(
        _ key: String, _ coder: Coder.Type, get: @escaping (borrowing Record) -> Coder.Value,
        set: @escaping (inout Record, Coder.Value) -> Void,
        isPosition: Bool, input: Input?, listing: FieldListing = .always, setting: FieldSetting? = nil,
        setter: Setter? = nil
    ) {
        self.key = key
        self.listing = listing
        self.input = input
        self.setting = setting
        self.setter = setter
        copy = { source, target in set(&target, get(source)) }
        self.isRequired = Coder.absent == nil
        self.isPosition = isPosition
        isNumeric = Coder.isNumeric
        let (quotedKey, firstPiece, nextPiece) = Self.pieces(key)
        (self.quotedKey, self.firstPiece, self.nextPiece) = (quotedKey, firstPiece, nextPiece)
        let (compactFirst, compactNext) = Self.compactPieces(quotedKey)
        (compactFirstPiece, compactNextPiece) = (compactFirst, compactNext)
        value = { record in Coder.output(get(record)) }
        read = { cursor, record, number in
            guard let value = Coder.read(&cursor, key: number) else { return false }
            set(&record, value)
            return true
        }
        skimKind = Coder.skimKind
        skim = { cursor, number in Coder.skim(&cursor, key: number) }
        decode = { node, record, context throws(DataFileProblem) in set(&record, try Coder.decode(node, context)) }
        check = { record throws(ValueError) in try Coder.check(get(record), field: key) }
        let absent = Coder.absent
        write = { record, first, out in
            let value = get(record)
            if let absent, value == absent { return false }
            let piece = first ? firstPiece : nextPiece
            out.writeInPlace(upTo: piece.count + Coder.bound(value)) { space in
                space.put(piece)
                Coder.put(value, into: &space)
            }
            return true
        }
        writeCompact = { record, first, out in
            let value = get(record)
            if let absent, value == absent { return false }
            let piece = first ? compactFirst : compactNext
            out.writeInPlace(upTo: piece.count + Coder.bound(value)) { space in
                space.put(piece)
                Coder.putCompact(value, into: &space)
            }
            return true
        }
        json = { record in
            let value = get(record)
            if let absent, value == absent { return nil }
            return Coder.json(value)
        }
    }

    /// The record's `id`: 8 digits, equal to the record's key in its table (which already gave
    /// the record its ID, so reading only compares).
    static var identifier: RecordField {
        RecordField(identifierWithKey: "id")
    }

    /// The record's `order`: its 1-based display position.
    static var position: RecordField {
        RecordField(
            "order", FieldCoders.Position.self, get: { $0.order }, set: { $0.order = $1 }, isPosition: true, input: nil)
    }

    private init(identifierWithKey key: String) {
        self.key = key
        isRequired = true
        isPosition = false
        isNumeric = false
        listing = .always
        input = nil
        setting = nil
        setter = nil
        copy = { _, _ in }
        let (quotedKey, firstPiece, nextPiece) = Self.pieces(key)
        (self.quotedKey, self.firstPiece, self.nextPiece) = (quotedKey, firstPiece, nextPiece)
        let (compactFirst, compactNext) = Self.compactPieces(quotedKey)
        (compactFirstPiece, compactNextPiece) = (compactFirst, compactNext)
        value = { record in .text(record.id) }
        read = { cursor, _, number in cursor.storedIDNumber() == number }
        skimKind = .identifier
        skim = { cursor, number in cursor.storedIDNumber() == number }
        decode = { node, _, context throws(DataFileProblem) in
            let id = try JSONObjectReader.string(node, key: context.field, context: context.record)
            guard id == context.key else {
                throw DataFileProblem(
                    offset: node.offset, "\(context.record) has the id \"\(id)\"; a record's key and id must match")
            }
        }
        check = { _ throws(ValueError) in }
        func writeID(first: [UInt8], next: [UInt8]) -> (borrowing Record, Bool, inout ByteBuffer) -> Bool {
            { record, isFirst, out in
                let piece = isFirst ? first : next
                let id = record.id
                out.writeInPlace(upTo: piece.count + id.utf8.count + 2) { space in
                    space.put(piece)
                    space.put("\"")
                    space.put(utf8Of: id)
                    space.put("\"")
                }
                return true
            }
        }
        write = writeID(first: firstPiece, next: nextPiece)
        writeCompact = writeID(first: compactFirst, next: compactNext)
        json = { .string($0.id) }
    }

    private static func pieces(_ key: String) -> ([UInt8], [UInt8], [UInt8]) {
        var quoted: [UInt8] = []
        JSONSerializer.writeString(key, into: &quoted)
        return (
            quoted, Array("\n      ".utf8) + quoted + Array(" : ".utf8),
            Array(",\n      ".utf8) + quoted + Array(" : ".utf8))
    }

    private static func compactPieces(_ quoted: [UInt8]) -> ([UInt8], [UInt8]) {
        RecordSchema<Record>.Nesting.historyElement.pieces(quoted)
    }
}
