@testable import BudgetCore

/// The strict reader as it was before it streamed: the whole file parsed into one `JSONNode`
/// tree, then validated. Kept here only as the oracle that the streaming reader must match
/// problem for problem, offset for offset (`CodecPropertyTests+StrictReader`).
enum TreeStrictReader {
    static func inspect(_ bytes: [UInt8]) throws(DataFileProblem) -> DocumentCodec.Report {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw DataFileProblem(offset: error.offset, error.message)
        }
        return try inspect(root)
    }

    static func decode(_ root: JSONNode) throws(DataFileProblem) -> BudgetDocument {
        let report = try inspect(root)
        if let first = report.problems.first { throw first }
        return report.document
    }

    private static func inspect(_ root: JSONNode) throws(DataFileProblem) -> DocumentCodec.Report {
        var reader = try JSONObjectReader(root, context: "the top level")
        let formatNode = try reader.node("format")
        guard case .number(let formatText) = formatNode.value, let format = Int(formatText) else {
            throw DataFileProblem(
                offset: formatNode.offset, "\"format\" must be a whole number, not \(formatNode.typeName)")
        }
        if format > BudgetDocument.formatVersion {
            throw DataFileProblem(offset: formatNode.offset, "written by a newer budget", newerFormat: format)
        }
        guard format == BudgetDocument.formatVersion else {
            throw DataFileProblem(offset: formatNode.offset, "unknown format version \(format)")
        }
        var problems: [DataFileProblem] = []
        let incomes: RecordTable<Income> = try decodeTable(&reader, problems: &problems)
        let expenses: RecordTable<Expense> = try decodeTable(&reader, problems: &problems)
        var transfers = RecordTable<Transfer>()
        if reader.has(Transfer.uniqueIdKey) || reader.has(Transfer.dataKey) {
            transfers = try decodeTable(&reader, problems: &problems)
        }
        var settings = SettingsValues()
        if let settingsNode = reader.optionalNode("settings") {
            settings = try DocumentCodec.decodeSettings(settingsNode, problems: &problems)
        }
        var history: [ChangeRecord] = []
        var droppedHistory = 0
        if let historyNode = reader.optionalNode("history") {
            if case .array(let entries) = historyNode.value {
                let results = entries.enumerated().map { index, entry in
                    Result { () throws(DataFileProblem) in
                        try decodeEntry(entry, context: "history entry \(index + 1)")
                    }
                }
                let reading = HistoryCodec.usable(
                    results, offset: historyNode.offset, incomeCounter: incomes.lastID, expenseCounter: expenses.lastID,
                    transferCounter: transfers.lastID)
                history = reading.changes
                problems += reading.problems
                droppedHistory = reading.dropped
            } else {
                problems.append(DataFileProblem(
                    offset: historyNode.offset, "\"history\" must be an array, not \(historyNode.typeName)",
                    isRepairable: true))
            }
        }
        var sync: SyncState?
        if let syncNode = reader.optionalNode("sync") {
            do {
                sync = try SyncCodec.decode(syncNode)
            } catch {
                problems.append(error)
            }
        }
        do {
            try reader.finish()
        } catch {
            problems.append(error)
        }
        var document = BudgetDocument(
            incomes: incomes, expenses: expenses, settings: settings, history: UndoHistory(history))
        document.transfers = transfers
        if let sync {
            do {
                try document.takeSync(sync)
            } catch {
                problems.append(DataFileProblem(offset: nil, error.reason))
            }
        }
        let ordered = problems.enumerated().sorted {
            ($0.element.offset ?? Int.max, $0.offset) < ($1.element.offset ?? Int.max, $1.offset)
        }
        return DocumentCodec.Report(
            document: document,
            problems: ordered.map(\.element),
            droppedHistoryEntries: droppedHistory)
    }

    private static func decodeTable<Record: BaseModel>(
        _ reader: inout JSONObjectReader<JSONNode>, problems: inout [DataFileProblem]
    ) throws(DataFileProblem) -> RecordTable<Record> {
        let counterNode = try reader.node(Record.uniqueIdKey)
        let counterText = try reader.string(Record.uniqueIdKey)
        guard let counter = RecordID.number(fromStored: counterText) else {
            throw DataFileProblem(
                offset: counterNode.offset, "\"\(Record.uniqueIdKey)\" must be 8 digits, not \"\(counterText)\"")
        }
        let tableNode = try reader.node(Record.dataKey)
        guard case .object(let members) = tableNode.value else {
            throw DataFileProblem(
                offset: tableNode.offset, "\"\(Record.dataKey)\" must be an object, not \(tableNode.typeName)")
        }
        var records: [Record] = []
        var highestID = 0
        var holderOfOrder = [Int](repeating: -1, count: members.count)
        for member in members {
            guard let number = RecordID.number(fromStored: member.key) else {
                problems.append(DataFileProblem(
                    offset: member.keyOffset, "\(Record.kind.singular) key \"\(member.key)\" is not an 8-digit id"))
                continue
            }
            highestID = max(highestID, number)
            let record: Record
            do {
                record = try Record.schema.decode(member.node, key: member.key)
            } catch {
                problems.append(error)
                continue
            }
            if let reason = orderProblem(of: record, among: records, holders: &holderOfOrder) {
                problems.append(DataFileProblem(offset: orderOffset(in: member.node), reason, isRepairable: true))
            }
            records.append(record)
        }
        var lastID = counter
        if highestID > counter {
            problems.append(DataFileProblem(
                offset: counterNode.offset,
                "\"\(Record.uniqueIdKey)\" is \(counterText) but \(Record.kind.singular) id "
                    + "\(RecordID.string(for: highestID)) exists; IDs would be reused",
                isRepairable: true))
            lastID = highestID
        }
        records.sort { ($0.order, $0.id) < ($1.order, $1.id) }
        for index in records.indices { records[index].order = index + 1 }
        return RecordTable(lastID: lastID, orderedRecords: records)
    }

    private static func orderProblem<Record: BaseModel>(
        of record: Record, among records: [Record], holders: inout [Int]
    ) -> String? {
        let kind = Record.kind.singular
        let rule = "\(kind) orders must be exactly 1 to \(holders.count)"
        guard record.order >= 1 && record.order <= holders.count else {
            return "\(kind) \(record.id) has order \(record.order), but \(rule)"
        }
        let holder = holders[record.order - 1]
        guard holder < 0 else {
            return "\(kind) \(record.id) has order \(record.order) like \(kind) \(records[holder].id), but \(rule)"
        }
        holders[record.order - 1] = records.count
        return nil
    }

    private static func orderOffset(in node: JSONNode) -> Int {
        guard case .object(let fields) = node.value, let order = fields.first(where: { $0.key == "order" }) else {
            return node.offset
        }
        return order.node.offset
    }

    // MARK: History

    private static func decodeEntry(_ entry: JSONNode, context: String) throws(DataFileProblem) -> ChangeRecord {
        var reader = try JSONObjectReader(entry, context: context)
        let summary = try reader.string("summary")
        let time = try reader.string("time")
        let incomes: TableChange<Income> = try decodeChange(reader.optionalNode(Income.dataKey), context: context)
        let expenses: TableChange<Expense> = try decodeChange(reader.optionalNode(Expense.dataKey), context: context)
        let transfers: TableChange<Transfer> = try decodeChange(
            reader.optionalNode(Transfer.dataKey), context: context)
        let settings = try reader.optionalNode("settings").map { node throws(DataFileProblem) in
            try HistoryCodec.decodeSettings(node, context: context)
        } ?? []
        try reader.finish()
        return ChangeRecord(
            summary: summary, time: time, incomes: incomes, expenses: expenses, transfers: transfers,
            settings: settings)
    }

    private static func decodeChange<Record: BaseModel>(
        _ node: JSONNode?, context: String
    ) throws(DataFileProblem) -> TableChange<Record> {
        guard let node else { return TableChange() }
        let context = "\(context) (\(Record.dataKey))"
        var reader = try JSONObjectReader(node, context: context)
        var change = TableChange<Record>()
        if let added = reader.optionalNode("added") {
            change.added = try elements(added, context: context).map { element throws(DataFileProblem) in
                try id(element, context: context)
            }
        }
        if let removed = reader.optionalNode("removed") {
            change.removed = try records(removed, context: context)
        }
        if let edited = reader.optionalNode("edited") {
            change.edited = try records(edited, context: context)
        }
        if let moved = reader.optionalNode("moved") {
            guard case .object(let members) = moved.value else {
                throw DataFileProblem(
                    offset: moved.offset, "\"moved\" of \(context) must be an object, not \(moved.typeName)")
            }
            for member in members {
                guard RecordID.number(fromStored: member.key) != nil, case .number(let text) = member.node.value,
                      let position = Int(text), position >= 1 else {
                    throw DataFileProblem(
                        offset: member.keyOffset, "\"moved\" of \(context) must map 8-digit ids to positions")
                }
                change.moved.append((member.key, position))
            }
        }
        try reader.finish()
        return change
    }

    private static func elements(_ node: JSONNode, context: String) throws(DataFileProblem) -> [JSONNode] {
        guard case .array(let elements) = node.value else {
            throw DataFileProblem(offset: node.offset, "a list in \(context) must be an array, not \(node.typeName)")
        }
        return elements
    }

    private static func id(_ node: JSONNode, context: String) throws(DataFileProblem) -> String {
        guard case .string(let text) = node.value, RecordID.number(fromStored: text) != nil else {
            throw DataFileProblem(offset: node.offset, "\(context) lists something that is not an 8-digit id")
        }
        return text
    }

    private static func records<Record: BaseModel>(
        _ node: JSONNode, context: String
    ) throws(DataFileProblem) -> [Record] {
        var records: [Record] = []
        for element in try elements(node, context: context) {
            guard case .object(let members) = element.value,
                  case .string(let id)? = members.first(where: { $0.key == "id" })?.node.value else {
                throw DataFileProblem(offset: element.offset, "a record in \(context) must be an object with an id")
            }
            records.append(try Record.schema.decode(element, key: id))
        }
        return records
    }

    // MARK: Restoring an export

    /// The fields an export writes as `null` when a record has none (the optional texts: a
    /// note, a source…), which a restore reads as absent. Derived from what the schemas' fields
    /// show for a record without them, so that a new optional text field needs no list kept here.
    static let nullableKeys: Set<String> = {
        func isAbsentText(_ value: FieldValue) -> Bool {
            if case .optionalText(nil) = value { return true }
            return false
        }
        let income = Income(id: "00000001", name: "x", amount: 1, date: .epoch)
        let expense = Expense(id: "00000001", name: "x", amount: 1, date: .epoch)
        return Set(Income.schema.fields.filter { isAbsentText($0.value(income)) }.map(\.key)
            + Expense.schema.fields.filter { isAbsentText($0.value(expense)) }.map(\.key))
    }()

    static func restore(_ text: String) throws(ImportError) -> BudgetDocument {
        let marker = BudgetExport.marker
        let bytes = Array(text.utf8)
        func fail(_ offset: Int?, _ message: String, reason: ImportError.Reason = .other) -> ImportError {
            var positions = TextPositions(bytes)
            let position = offset.map { positions.position(of: $0) }
            return ImportError(
                line: position?.line, column: position.map { String($0.column) }, message, refused: "restored",
                reason: reason)
        }
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            let first = bytes.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }.first
            if first != UInt8(ascii: "{") && first != UInt8(ascii: "[") {
                throw fail(
                    nil, "not a budget export (expected the JSON document a budget export writes)",
                    reason: .notAnExport)
            }
            throw fail(error.offset, error.message)
        }
        guard case .object(let members) = root.value, members.contains(where: { $0.key == marker }) else {
            throw fail(
                root.offset, "not a budget export (expected the JSON document a budget export writes)",
                reason: .notAnExport)
        }
        var file: [JSONMember] = [
            JSONMember(key: "format", keyOffset: root.offset, node: JSONNode(value: .number("1"), offset: root.offset)),
        ]
        for member in members {
            switch member.key {
            case marker:
                guard case .number("1") = member.node.value else {
                    throw fail(member.node.offset, "this export was written by a newer budget")
                }
            case "currency":
                continue
            case Income.dataKey, Expense.dataKey, Transfer.dataKey:
                guard case .array(let records) = member.node.value else {
                    throw fail(member.node.offset, "\"\(member.key)\" must be an array")
                }
                var keyed: [JSONMember] = []
                for record in records {
                    guard case .object(let fields) = record.value,
                          case .string(let id)? = fields.first(where: { $0.key == "id" })?.node.value else {
                        throw fail(record.offset, "each record must be an object with an \"id\"")
                    }
                    let kept = fields.filter { field in
                        guard nullableKeys.contains(field.key), case .null = field.node.value else { return true }
                        return false
                    }
                    keyed.append(JSONMember(
                        key: id, keyOffset: record.offset, node: JSONNode(value: .object(kept), offset: record.offset)))
                }
                file.append(JSONMember(
                    key: member.key, keyOffset: member.keyOffset,
                    node: JSONNode(value: .object(keyed), offset: member.node.offset)))
            default:
                file.append(member)
            }
        }
        do {
            return try decode(JSONNode(value: .object(file), offset: root.offset))
        } catch {
            throw fail(error.offset, error.reason)
        }
    }
}
