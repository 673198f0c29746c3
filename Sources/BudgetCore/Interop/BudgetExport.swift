/// The complete export of a budget as JSON, and its way back (`restore`): both kinds of record
/// with their IDs and order, the counters and the settings.
public enum BudgetExport {
    /// Identifies the document and its version.
    static let marker = "budget_export"

    /// The export document for the records `query` selects, with every setting.
    public static func document(_ document: BudgetDocument, query: RecordQuery) -> JSONValue {
        let money = document.moneyFormat
        /// Every field of the kind's schema, in its order; absent values as `null` or `[]`.
        func object<Record: BaseModel>(_ record: Record) -> JSONValue {
            .object(Record.schema.fields.map { field in (field.key, json(field.value(record))) })
        }
        let settings = document.settingsValues.storedKeys.compactMap { key in
            document.settingsValues.value(forKey: key).map { (key, DocumentCodec.encodeSetting($0)) }
        }
        return .object([
            (marker, .int(1)),
            ("currency", money.currency.map { .string($0.code) } ?? .null),
            (Income.uniqueIdKey, .string(RecordID.string(for: document.incomes.lastID))),
            (Expense.uniqueIdKey, .string(RecordID.string(for: document.expenses.lastID))),
            ("settings", .object(settings)),
            (Income.dataKey, .array(query.incomes(in: document).map(object))),
            (Expense.dataKey, .array(query.expenses(in: document).map(object))),
        ])
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
        let bytes = Array(text.utf8)
        func fail(_ offset: Int?, _ message: String, reason: ImportError.Reason = .other) -> ImportError {
            var positions = TextPositions(bytes)
            let position = offset.map { positions.position(of: $0) }
            return ImportError(line: position?.line, column: position.map { String($0.column) }, message, refused: "restored", reason: reason)
        }
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw fail(error.offset, error.message)
        }
        guard case .object(let members) = root.value, members.contains(where: { $0.key == marker }) else {
            throw fail(root.offset, "not a budget export (expected the JSON document a budget export writes)", reason: .notAnExport)
        }
        // Rebuild the data file's shape and let the data file's validation judge it.
        var file: [JSONMember] = [JSONMember(key: "format", keyOffset: root.offset, node: JSONNode(value: .number("1"), offset: root.offset))]
        for member in members {
            switch member.key {
            case marker:
                guard case .number("1") = member.node.value else { throw fail(member.node.offset, "this export was written by a newer budget") }
            case "currency":
                continue
            case Income.dataKey, Expense.dataKey:
                guard case .array(let records) = member.node.value else { throw fail(member.node.offset, "\"\(member.key)\" must be an array") }
                var keyed: [JSONMember] = []
                for record in records {
                    guard case .object(let fields) = record.value, case .string(let id)? = fields.first(where: { $0.key == "id" })?.node.value else {
                        throw fail(record.offset, "each record must be an object with an \"id\"")
                    }
                    let kept = fields.filter { !($0.key == "note" && { if case .null = $0.node.value { return true } else { return false } }($0)) }
                    keyed.append(JSONMember(key: id, keyOffset: record.offset, node: JSONNode(value: .object(kept), offset: record.offset)))
                }
                file.append(JSONMember(key: member.key, keyOffset: member.keyOffset, node: JSONNode(value: .object(keyed), offset: member.node.offset)))
            default:
                file.append(member)
            }
        }
        do {
            return try DocumentCodec.decode(JSONNode(value: .object(file), offset: root.offset))
        } catch {
            throw fail(error.offset, error.reason)
        }
    }
}
