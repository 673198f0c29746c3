/// Converts between a `BudgetDocument` and the bytes of the data file.
///
/// Reading validates everything; a file it accepts is one it would write back identically
/// in meaning. Writing produces pretty-printed JSON with sorted keys, so files diff cleanly.
enum DocumentCodec {
    /// Parses and validates a whole data file: the fast reader first, and when it declines,
    /// the strict path, which decides and words the problem.
    ///
    /// - Throws: the first problem found.
    static func decode(_ bytes: [UInt8]) throws(DataFileProblem) -> BudgetDocument {
        if let document = FastDocumentCodec.decode(bytes) { return document }
        return try decodeStrictly(bytes)
    }

    /// The strict path alone: the reference that the fast reader must agree with.
    static func decodeStrictly<Bytes: JSONBytes>(_ bytes: Bytes) throws(DataFileProblem) -> BudgetDocument {
        let report = try inspect(bytes)
        if let first = report.problems.first { throw first }
        return report.document
    }

    /// What a full validation found: every problem, and the document with the repairable ones
    /// fixed (orders re-compacted, counters raised) and the records that have other problems left out.
    struct Report {
        var document: BudgetDocument
        var problems: [DataFileProblem]
        /// How many undo-history entries `document` leaves out as unusable.
        var droppedHistoryEntries = 0
    }

    /// How a document lays out what the data file holds.
    enum Layout<Bytes: JSONBytes> {
        /// The data file: a `format`, and tables that map IDs to records.
        case dataFile
        /// An export being restored (`BudgetExport`): no `format` (the members `ignored` stand
        /// for it), and tables that list their records, each made the data file's `"<id>" : {…}`
        /// by `keyed`.
        case export(ignored: [String], keyed: (JSONSpan<Bytes>) throws(DataFileProblem) -> JSONMember)
    }

    /// Validates a whole data file, collecting every problem (in file order) instead of stopping at the first.
    ///
    /// The file is never held as a tree: a syntax pass checks all of it first (a syntax error
    /// anywhere is the one problem), then the walk parses one record, or one other small value,
    /// at a time, at its offset in the file.
    ///
    /// - Throws: a problem that leaves nothing to check further (not JSON, a wrong top level, a newer format).
    static func inspect<Bytes: JSONBytes>(_ bytes: Bytes) throws(DataFileProblem) -> Report {
        let root: JSONSpan<Bytes>
        do {
            root = try JSONReader.validate(bytes)
        } catch {
            throw DataFileProblem(error)
        }
        return try inspect(root, layout: .dataFile)
    }

    /// Validates a document that `JSONReader.validate` accepted (an export being restored takes this way).
    static func decode<Bytes>(
        _ root: JSONSpan<Bytes>, layout: Layout<Bytes>
    ) throws(DataFileProblem) -> BudgetDocument {
        let report = try inspect(root, layout: layout)
        if let first = report.problems.first { throw first }
        return report.document
    }

    private static func inspect<Bytes>(
        _ root: JSONSpan<Bytes>, layout: Layout<Bytes>
    ) throws(DataFileProblem) -> Report {
        var reader = try JSONObjectReader(root, context: "the top level")
        let formatNode: JSONNode
        switch layout {
        case .dataFile:
            formatNode = try reader.node("format")
        case .export(let ignored, _):
            // An export is read as the data file of the format it was written for.
            formatNode = JSONNode(value: .number("1"), offset: root.offset)
            for key in ["format"] + ignored { _ = reader.optionalValue(key) }
        }
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
        let incomes: RecordTable<Income> = try decodeTable(&reader, layout: layout, problems: &problems)
        let expenses: RecordTable<Expense> = try decodeTable(&reader, layout: layout, problems: &problems)
        // Transfers came later: a file without them has neither their counter nor their table.
        var transfers = RecordTable<Transfer>()
        if reader.has(Transfer.uniqueIdKey) || reader.has(Transfer.dataKey) {
            transfers = try decodeTable(&reader, layout: layout, problems: &problems)
        }
        var settings = SettingsValues()
        if let settingsNode = reader.optionalValue("settings") {
            settings = try decodeSettings(try settingsNode.parsed(), problems: &problems)
        }
        var history = UndoHistory()
        var droppedHistory = 0
        if let historySpan = reader.optionalValue("history") {
            // Unusable entries are repairable problems: the repaired document keeps the rest.
            let reading = HistoryCodec.decode(
                historySpan, incomeCounter: incomes.lastID, expenseCounter: expenses.lastID,
                transferCounter: transfers.lastID)
            history = UndoHistory(reading.changes)
            problems += reading.problems
            droppedHistory = reading.dropped
        }
        var sync: SyncState?
        if let syncSpan = reader.optionalValue("sync") {
            do {
                sync = try SyncCodec.decode(try syncSpan.parsed())
            } catch {
                problems.append(error)
            }
        }
        do {
            try reader.finish()
        } catch {
            problems.append(error)
        }
        var document = BudgetDocument(incomes: incomes, expenses: expenses, settings: settings, history: history)
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
        return Report(
            document: document,
            problems: ordered.map(\.element),
            droppedHistoryEntries: droppedHistory)
    }

    /// The file's bytes for a document, ending with a newline.
    static func encode(_ document: BudgetDocument) -> [UInt8] {
        FastDocumentCodec.encode(document)
    }

    /// The same bytes through the general JSON writer: the reference the fast writer must match.
    static func encodeGeneral(_ document: BudgetDocument) -> [UInt8] {
        var members: [(String, JSONValue)] = [
            ("format", .int(BudgetDocument.formatVersion)),
            (Income.uniqueIdKey, .string(RecordID.string(for: document.incomes.lastID))),
            (Expense.uniqueIdKey, .string(RecordID.string(for: document.expenses.lastID))),
            (Income.dataKey, encodeTable(document.incomes)),
            (Expense.dataKey, encodeTable(document.expenses)),
        ]
        if document.hasTransfers {
            members.append((Transfer.uniqueIdKey, .string(RecordID.string(for: document.transfers.lastID))))
            members.append((Transfer.dataKey, encodeTable(document.transfers)))
        }
        if !document.settingsValues.isEmpty {
            members.append(("settings", encodeSettings(document.settingsValues)))
        }
        if !document.history.isEmpty { members.append(("history", HistoryCodec.encode(Array(document.history)))) }
        if let sync = document.syncAsWritten { members.append(("sync", SyncCodec.encode(sync))) }
        let root = JSONValue.object(members)
        var bytes = JSONSerializer(style: .encoderCompatible).serialize(root)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    // MARK: Settings

    static func encodeSettings(_ settings: SettingsValues) -> JSONValue {
        .object(settings.storedPairs.map { key, value in (key, SettingsCatalog.encodeSetting(value)) })
    }

    static func decodeSettings(
        _ node: JSONNode, problems: inout [DataFileProblem]
    ) throws(DataFileProblem) -> SettingsValues {
        guard case .object(let members) = node.value else {
            throw DataFileProblem(offset: node.offset, "\"settings\" must be an object, not \(node.typeName)")
        }
        var values = [String: StoredSetting](minimumCapacity: members.count)
        for member in members {
            if let stored = SettingsCatalog.decodeSetting(member.node),
               SettingsCatalog.settingRefusal(key: member.key, value: stored) == nil {
                values[member.key] = stored
                continue
            }
            guard let key = SettingsCatalog.key(stored: member.key) else {
                problems.append(DataFileProblem(offset: member.keyOffset, SettingsCatalog.unknownSetting(member.key)))
                continue
            }
            let reason = SettingsCatalog.wrongSetting(member.key, key)
            problems.append(DataFileProblem(offset: member.node.offset, reason))
        }
        return SettingsValues(values)
    }

    // MARK: Tables

    private static func decodeTable<Record: BaseModel, Bytes>(
        _ reader: inout JSONObjectReader<JSONSpan<Bytes>>, layout: Layout<Bytes>, problems: inout [DataFileProblem]
    ) throws(DataFileProblem) -> RecordTable<Record> {
        let counterNode = try reader.node(Record.uniqueIdKey)
        let counterText = try reader.string(Record.uniqueIdKey)
        guard let counter = RecordID.number(fromStored: counterText) else {
            throw DataFileProblem(
                offset: counterNode.offset, "\"\(Record.uniqueIdKey)\" must be 8 digits, not \"\(counterText)\"")
        }
        let table = try reader.value(Record.dataKey)
        var records: [Record] = []
        var highestID = 0
        // Orders must be exactly 1...n, n counting the records that have other problems too:
        // every record whose order is out of range or taken is a problem of its own.
        var holderOfOrder: [Int] = []  // index in `records`
        func check(_ member: JSONMember) {
            guard let number = RecordID.number(fromStored: member.key) else {
                problems.append(DataFileProblem(
                    offset: member.keyOffset, "\(Record.kind.singular) key \"\(member.key)\" is not an 8-digit id"))
                return
            }
            highestID = max(highestID, number)
            let record: Record
            do {
                record = try Record.schema.decode(member.node, key: member.key)
            } catch {
                problems.append(error)
                return
            }
            if let reason = orderProblem(of: record, among: records, holders: &holderOfOrder) {
                problems.append(DataFileProblem(offset: orderOffset(in: member.node), reason, isRepairable: true))
            }
            records.append(record)
        }
        switch layout {
        case .dataFile:
            guard table.isObject else {
                throw DataFileProblem(
                    offset: table.offset, "\"\(Record.dataKey)\" must be an object, not \(table.typeName)")
            }
            holderOfOrder = [Int](repeating: -1, count: try table.count())
            records.reserveCapacity(holderOfOrder.count)
            try table.forEachMember { member throws(DataFileProblem) in
                check(JSONMember(key: member.key, keyOffset: member.keyOffset, node: try member.value.parsed()))
            }
        case .export(_, let keyed):
            guard table.isArray else {
                throw DataFileProblem(
                    offset: table.offset, "\"\(Record.dataKey)\" must be an array, not \(table.typeName)")
            }
            holderOfOrder = [Int](repeating: -1, count: try table.count())
            records.reserveCapacity(holderOfOrder.count)
            try table.forEachElement { element throws(DataFileProblem) in check(try keyed(element)) }
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

    /// Why a record's order breaks "exactly 1 to n" (n: `holders.count`): out of range, or
    /// taken by an earlier record; `nil` when it is free, which it then takes.
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

    /// Where a record's `order` value is, to point at it.
    private static func orderOffset(in node: JSONNode) -> Int {
        guard case .object(let fields) = node.value, let order = fields.first(where: { $0.key == "order" }) else {
            return node.offset
        }
        return order.node.offset
    }

    private static func encodeTable<Record: BaseModel>(_ table: RecordTable<Record>) -> JSONValue {
        .object(table.records.map { record in (record.id, Record.schema.json(record)) })
    }
}
