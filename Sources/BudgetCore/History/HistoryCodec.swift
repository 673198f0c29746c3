/// The `"history"` field of the data file: the undo log, oldest change first.
///
/// ```json
/// "history" : [ { "summary" : "delete expense 00000002 (Lunch)", "time" : "2026-11-21T12:00:00Z",
///                 "expenses" : { "removed" : [ {"amount":900,…,"order":2} ] } } ]
/// ```
/// Each kind may hold `added` (IDs), `removed` and `edited` (records as before the change,
/// each written on one line: `JSONValue.compact`) and `moved` (ID to former position);
/// `settings` maps keys to their former values (`null`: was not set). Empty parts are left
/// out. Records in any layout are read (versions before the compact one wrote each field on
/// its own line).
enum HistoryCodec {
    static func encode(_ history: [ChangeRecord]) -> JSONValue {
        .array(history.map { change in
            var members: [(String, JSONValue)] = [("summary", .string(change.summary)), ("time", .string(change.time))]
            if !change.incomes.isEmpty { members.append((Income.dataKey, encodeTable(change.incomes))) }
            if !change.expenses.isEmpty { members.append((Expense.dataKey, encodeTable(change.expenses))) }
            if !change.transfers.isEmpty { members.append((Transfer.dataKey, encodeTable(change.transfers))) }
            if !change.settings.isEmpty { members.append(("settings", encodeSettings(change.settings))) }
            return .object(members)
        })
    }

    /// The history of a validated data file, read entry by entry and record by record (a bulk
    /// change holds a whole table: it is never parsed whole), as `usable` judges it.
    ///
    /// - Throws: nothing: every problem is in the result, each repairable (history is not the budget).
    static func decode<Bytes>(
        _ span: JSONSpan<Bytes>, incomeCounter: Int, expenseCounter: Int, transferCounter: Int
    ) -> Reading {
        guard span.isArray else {
            return Reading(
                changes: [],
                problems: [
                    DataFileProblem(
                        offset: span.offset, "\"history\" must be an array, not \(span.typeName)", isRepairable: true),
                ],
                dropped: 0)
        }
        var entries: [Result<ChangeRecord, DataFileProblem>] = []
        // Each entry is read on its own: one entry's problem does not stop the others. A list
        // that cannot be walked further is an unusable entry at that place, never a silent end.
        do {
            try span.forEachElement { entry throws(DataFileProblem) in
                let context = "history entry \(entries.count + 1)"
                entries.append(Result { () throws(DataFileProblem) in try decodeEntry(entry, context: context) })
            }
        } catch {
            entries.append(.failure(error))
        }
        return usable(entries, offset: span.offset, incomeCounter: incomeCounter, expenseCounter: expenseCounter,
                    transferCounter: transferCounter)
    }

    private static func decodeEntry<Bytes>(
        _ entry: JSONSpan<Bytes>, context: String
    ) throws(DataFileProblem) -> ChangeRecord {
        var reader = try JSONObjectReader(entry, context: context)
        let summary = try reader.string("summary")
        let time = try reader.string("time")
        let incomes: TableChange<Income> = try decodeTable(reader.optionalValue(Income.dataKey), context: context)
        let expenses: TableChange<Expense> = try decodeTable(reader.optionalValue(Expense.dataKey), context: context)
        let transfers: TableChange<Transfer> = try decodeTable(
            reader.optionalValue(Transfer.dataKey), context: context)
        let settings = try reader.optionalValue("settings").map { span throws(DataFileProblem) in
            try decodeSettings(try span.parsed(), context: context)
        } ?? []
        try reader.finish()
        return ChangeRecord(
            summary: summary, time: time, incomes: incomes, expenses: expenses, transfers: transfers,
            settings: settings)
    }

    /// A history as read: the entries that can still be undone, a problem for each that
    /// cannot, and how many entries were left out.
    struct Reading {
        /// The entries kept, oldest first.
        var changes: [ChangeRecord]
        /// One repairable problem per unusable entry (or for a history that is not a list).
        var problems: [DataFileProblem]
        /// How many of the file's entries are left out of `changes`.
        var dropped: Int
    }

    /// The usable part of a history whose entries were read one by one: an entry is unusable
    /// when it breaks the reader's rules or would bring back a record above its kind's counter
    /// (`counterRefusal`). Undo goes from the newest entry back, so the entries older than an
    /// unusable one can only be reached through it: the usable part is what follows the newest
    /// unusable entry. Both strict readers (and the tests' oracle) judge with this.
    static func usable(
        _ entries: [Result<ChangeRecord, DataFileProblem>], offset: Int, incomeCounter: Int, expenseCounter: Int,
        transferCounter: Int
    ) -> Reading {
        var problems: [DataFileProblem] = []
        var newestUnusable = -1
        for (index, entry) in entries.enumerated() {
            switch entry {
            case .failure(var problem):
                problem.isRepairable = true
                let context = "history entry \(index + 1)"
                if !problem.reason.contains(context) { problem.reason = context + ": " + problem.reason }
                problems.append(problem)
                newestUnusable = index
            case .success(let change):
                if let refusal = counterRefusal(
                    change, number: index + 1, incomeCounter: incomeCounter, expenseCounter: expenseCounter,
                    transferCounter: transferCounter) {
                    problems.append(DataFileProblem(offset: offset, refusal, isRepairable: true))
                    newestUnusable = index
                }
            }
        }
        let kept = entries[(newestUnusable + 1)...].compactMap { try? $0.get() }
        return Reading(changes: kept, problems: problems, dropped: newestUnusable + 1)
    }

    /// Why undoing an entry would bring back a record whose ID is above its kind's counter
    /// (which only a hand edit can cause: counters never go down), or `nil`.
    static func counterRefusal(
        _ history: [ChangeRecord], incomeCounter: Int, expenseCounter: Int, transferCounter: Int
    ) -> String? {
        for (index, entry) in history.enumerated() {
            if let refusal = counterRefusal(
                entry, number: index + 1, incomeCounter: incomeCounter, expenseCounter: expenseCounter,
                    transferCounter: transferCounter) {
                return refusal
            }
        }
        return nil
    }

    /// `counterRefusal` for one entry, numbered from 1.
    static func counterRefusal(
        _ entry: ChangeRecord, number: Int, incomeCounter: Int, expenseCounter: Int, transferCounter: Int
    ) -> String? {
        func above<Record: BaseModel>(_ change: TableChange<Record>, _ counter: Int) -> String? {
            change.removed.first { (RecordID.number(fromStored: $0.id) ?? Int.max) > counter }?.id
        }
        if let id = above(entry.incomes, incomeCounter) {
            return "history entry \(number) would bring back income \(id), "
                + "above \"\(Income.uniqueIdKey)\" \(RecordID.string(for: incomeCounter))"
        }
        if let id = above(entry.expenses, expenseCounter) {
            return "history entry \(number) would bring back expense \(id), "
                + "above \"\(Expense.uniqueIdKey)\" \(RecordID.string(for: expenseCounter))"
        }
        if let id = above(entry.transfers, transferCounter) {
            return "history entry \(number) would bring back transfer \(id), "
                + "above \"\(Transfer.uniqueIdKey)\" \(RecordID.string(for: transferCounter))"
        }
        return nil
    }

    // MARK: Settings

    /// An entry's `settings`: the former values of the settings it changed.
    static func encodeSettings(_ settings: [(key: String, old: StoredSetting?)]) -> JSONValue {
        .object(settings.map { ($0.key, $0.old.map(SettingsCatalog.encodeSetting) ?? .null) })
    }

    /// An entry's `settings`, each a value the file's settings may hold (undo puts them back).
    static func decodeSettings(
        _ node: JSONNode, context: String
    ) throws(DataFileProblem) -> [(key: String, old: StoredSetting?)] {
        var settings: [(key: String, old: StoredSetting?)] = []
        guard case .object(let members) = node.value else {
            throw DataFileProblem(
                offset: node.offset, "\"settings\" of \(context) must be an object, not \(node.typeName)")
        }
        for member in members {
            // Undo puts these values back: each must be one the file's settings may hold.
            if let refusal = SettingsCatalog.keyRefusal(member.key) {
                throw DataFileProblem(offset: member.keyOffset, "\"settings\" of \(context) names an \(refusal)")
            }
            if case .null = member.node.value {
                settings.append((member.key, nil))
            } else if let value = SettingsCatalog.decodeSetting(member.node) {
                if let refusal = SettingsCatalog.settingRefusal(key: member.key, value: value) {
                    throw DataFileProblem(
                        offset: member.node.offset,
                        "\"settings\" of \(context) would restore an invalid value: \(refusal)")
                }
                settings.append((member.key, value))
            } else {
                throw DataFileProblem(
                    offset: member.node.offset, "\"settings\" of \(context) holds a value that is not a setting")
            }
        }
        return settings
    }

    // MARK: One kind

    private static func encodeTable<Record: BaseModel>(_ change: TableChange<Record>) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if !change.added.isEmpty { members.append(("added", .array(change.added.map(JSONValue.string)))) }
        if !change.removed.isEmpty {
            members.append(("removed", .array(change.removed.map(Record.schema.compactJSON))))
        }
        if !change.edited.isEmpty { members.append(("edited", .array(change.edited.map(Record.schema.compactJSON)))) }
        if !change.moved.isEmpty { members.append(("moved", .object(change.moved.map { ($0.id, .int($0.position)) }))) }
        return .object(members)
    }

    private static func decodeTable<Record: BaseModel, Bytes>(
        _ span: JSONSpan<Bytes>?, context: String
    ) throws(DataFileProblem) -> TableChange<Record> {
        guard let span else { return TableChange() }
        let context = "\(context) (\(Record.dataKey))"
        var reader = try JSONObjectReader(span, context: context)
        var change = TableChange<Record>()
        if let added = reader.optionalValue("added") {
            try forEachElement(of: added, context: context) { element throws(DataFileProblem) in
                change.added.append(try id(try element.parsed(), context: context))
            }
        }
        if let removed = reader.optionalValue("removed") {
            change.removed = try records(removed, context: context)
        }
        if let edited = reader.optionalValue("edited") {
            change.edited = try records(edited, context: context)
        }
        if let moved = reader.optionalValue("moved") {
            guard moved.isObject else {
                throw DataFileProblem(
                    offset: moved.offset, "\"moved\" of \(context) must be an object, not \(moved.typeName)")
            }
            try moved.forEachMember { member throws(DataFileProblem) in
                guard RecordID.number(fromStored: member.key) != nil,
                      case .number(let text) = try member.value.parsed().value,
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

    /// Calls `body` with each element of one of a kind's lists.
    private static func forEachElement<Bytes>(
        of list: JSONSpan<Bytes>, context: String, _ body: (JSONSpan<Bytes>) throws(DataFileProblem) -> Void
    ) throws(DataFileProblem) {
        guard list.isArray else {
            throw DataFileProblem(offset: list.offset, "a list in \(context) must be an array, not \(list.typeName)")
        }
        try list.forEachElement(body)
    }

    private static func id(_ node: JSONNode, context: String) throws(DataFileProblem) -> String {
        guard case .string(let text) = node.value, RecordID.number(fromStored: text) != nil else {
            throw DataFileProblem(offset: node.offset, "\(context) lists something that is not an 8-digit id")
        }
        return text
    }

    private static func records<Record: BaseModel, Bytes>(
        _ list: JSONSpan<Bytes>, context: String
    ) throws(DataFileProblem) -> [Record] {
        var records: [Record] = []
        try forEachElement(of: list, context: context) { span throws(DataFileProblem) in
            let element = try span.parsed()
            guard case .object(let members) = element.value,
                  case .string(let id)? = members.first(where: { $0.key == "id" })?.node.value else {
                throw DataFileProblem(offset: element.offset, "a record in \(context) must be an object with an id")
            }
            records.append(try Record.schema.decode(element, key: id))
        }
        return records
    }
}
