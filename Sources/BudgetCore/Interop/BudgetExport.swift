/// The complete export of a budget as JSON, and its way back (`restore`): every kind of record
/// with their IDs and order, the counters and the settings.
public enum BudgetExport {
    /// Identifies the document and its version.
    static let marker = "budget_export"

    /// The export document for the records `query` selects, with every setting.
    public static func document(_ document: BudgetDocument, query: RecordQuery) -> JSONValue {
        let money = document.moneyFormat
        /// Every field of the kind's schema, in its order; absent values as `null` or `[]`.
        let unused = document.unusedFields
        func object<Record: BaseModel>(_ record: Record) -> JSONValue {
            .object(Record.schema.fields.filter { !unused.contains($0.key) }.map { field in
                (field.key, json(field.value(record)))
            })
        }
        let settings = document.settingsValues.storedKeys.compactMap { key in
            document.settingsValues.value(forKey: key).map { (key, SettingsCatalog.encodeSetting($0)) }
        }
        var members: [(String, JSONValue)] = [
            (marker, .int(1)),
            ("currency", money.currency.map { .string($0.code) } ?? .null),
            (Income.uniqueIdKey, .string(RecordID.string(for: document.incomes.lastID))),
            (Expense.uniqueIdKey, .string(RecordID.string(for: document.expenses.lastID))),
            ("settings", .object(settings)),
            (Income.dataKey, .array(query.incomes(in: document).map(object))),
            (Expense.dataKey, .array(query.expenses(in: document).map(object))),
        ]
        // Transfers only once the budget has had one: exports of other budgets are as they were.
        if document.hasTransfers {
            members.insert((Transfer.uniqueIdKey, .string(RecordID.string(for: document.transfers.lastID))), at: 4)
            members.append((Transfer.dataKey, .array(query.transfers(in: document).map(object))))
        }
        return .object(members)
    }

    /// A field's value in an export (and in JSON listings of records).
    public static func json(_ value: FieldValue) -> JSONValue {
        switch value {
        case .text(let text): return .string(text)
        case .optionalText(let text): return text.map(JSONValue.string) ?? .null
        case .number(let number), .amount(let number): return .int(number)
        case .day(let day): return .string(day.iso)
        case .tags(let tags): return .array(tags.sorted.map(JSONValue.string))
        }
    }

    /// Reads an export back into a document with the same records (IDs and order), counters and
    /// settings. The file must be complete and valid: it is checked like a data file.
    ///
    /// - Throws: `ImportError` naming the line and column of the first problem.
    public static func restore(_ text: String) throws(ImportError) -> BudgetDocument {
        try restore(Array(text.utf8))
    }

    /// `restore(_:)` for the export's UTF-8 bytes. They are read as a data file is: checked by a
    /// syntax pass, then one record at a time, never held as a tree.
    ///
    /// - Throws: `ImportError` naming the line and column of the first problem.
    public static func restore(_ bytes: [UInt8]) throws(ImportError) -> BudgetDocument {
        func fail(_ offset: Int?, _ message: String, reason: ImportError.Reason = .other) -> ImportError {
            var positions = TextPositions(bytes)
            let position = offset.map { positions.position(of: $0) }
            return ImportError(
                line: position?.line, column: position.map { String($0.column) }, message, refused: "restored",
                reason: reason)
        }
        let root: JSONSpan<[UInt8]>
        do {
            root = try JSONReader.validate(bytes)
        } catch {
            // Text that does not even begin as a JSON object (a CSV or TSV export, say) is no
            // export at all: that says more than where its syntax failed.
            let first = bytes.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }.first
            if first != UInt8(ascii: "{") && first != UInt8(ascii: "[") {
                throw fail(
                    nil, "not a budget export (expected the JSON document a budget export writes)",
                    reason: .notAnExport)
            }
            throw fail(error.offset, error.message)
        }
        var members: [JSONSpan<[UInt8]>.KeyedValue] = []
        do {
            if root.isObject { try root.forEachMember { member throws(DataFileProblem) in members.append(member) } }
        } catch {
            throw fail(error.offset, error.reason)
        }
        guard root.isObject, members.contains(where: { $0.key == marker }) else {
            throw fail(
                root.offset, "not a budget export (expected the JSON document a budget export writes)",
                reason: .notAnExport)
        }
        do {
            try checkShape(members)
            return try DocumentCodec.decode(root, layout: .export(ignored: [marker, "currency"], keyed: keyed))
        } catch {
            throw fail(error.offset, error.reason)
        }
    }

    /// The export's own rules, member by member, before the data file's validation judges it
    /// (read as the data file it stands for).
    private static func checkShape<Bytes>(_ members: [JSONSpan<Bytes>.KeyedValue]) throws(DataFileProblem) {
        for member in members {
            switch member.key {
            case marker:
                guard case .number("1") = try member.value.parsed().value else {
                    throw DataFileProblem(offset: member.value.offset, "this export was written by a newer budget")
                }
            case Income.dataKey, Expense.dataKey, Transfer.dataKey:
                guard member.value.isArray else {
                    throw DataFileProblem(offset: member.value.offset, "\"\(member.key)\" must be an array")
                }
                try member.value.forEachElement { record throws(DataFileProblem) in _ = try id(of: record) }
            default:
                continue
            }
        }
    }

    /// The ID of an export's record, which must be an object with an `"id"` string (found
    /// without parsing the rest of the record).
    private static func id<Bytes>(of record: JSONSpan<Bytes>) throws(DataFileProblem) -> String {
        var id: String?
        if record.isObject {
            try record.forEachMember { member throws(DataFileProblem) in
                if member.key == "id", member.value.isString, case .string(let text) = try member.value.parsed().value {
                    id = text
                }
            }
        }
        guard let id else {
            throw DataFileProblem(offset: record.offset, "each record must be an object with an \"id\"")
        }
        return id
    }

    /// The fields a record may leave out (a note, a source): an export writes them `null`.
    private static let optionalKeys = Set(
        Income.schema.fields.filter { !$0.isRequired }.map(\.key)
            + Expense.schema.fields.filter { !$0.isRequired }.map(\.key)
            + Transfer.schema.fields.filter { !$0.isRequired }.map(\.key))

    /// An export's record as the data file's `"<id>" : {…}` (a `null` optional field, such as
    /// the note, is an absent one).
    private static func keyed<Bytes>(_ record: JSONSpan<Bytes>) throws(DataFileProblem) -> JSONMember {
        let id = try id(of: record)
        let node = try record.parsed()
        guard case .object(let fields) = node.value else {
            throw DataFileProblem(offset: record.offset, "each record must be an object with an \"id\"")
        }
        let kept = fields.filter { field in
            guard optionalKeys.contains(field.key), case .null = field.node.value else { return true }
            return false
        }
        return JSONMember(
            key: id, keyOffset: record.offset, node: JSONNode(value: .object(kept), offset: record.offset))
    }
}
