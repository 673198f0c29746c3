/// The undo history on the fast path: read with the cursor and the record schemas, written
/// with the schemas' writers, so that a history holding a bulk change (a deleted table) costs
/// about what the same records cost in their table, not a parsed tree of every value.
///
/// As for the tables, the reader gives up (`nil`) on anything the strict reader
/// (`HistoryCodec.decode`) might judge otherwise, and the writer's bytes are exactly
/// `JSONSerializer`'s for `HistoryCodec.encode`.
extension FastDocumentCodec {
    // MARK: Reading

    /// One entry in any layout (the general reading, for entries the skim declines).
    static func historyEntry(_ cursor: inout ByteCursor) -> ChangeRecord? {
        guard cursor.consume(UInt8(ascii: "{")) else { return nil }
        var summary: String?, time: String?
        var incomes: TableChange<Income>?, expenses: TableChange<Expense>?, transfers: TableChange<Transfer>?
        var settings: [(key: String, old: StoredSetting?)]?
        repeat {
            guard let key = cursor.string(), cursor.consume(UInt8(ascii: ":")) else { return nil }
            switch key {
            case "summary" where summary == nil: summary = cursor.string()
            case "time" where time == nil: time = cursor.string()
            case Income.dataKey where incomes == nil: incomes = tableChange(&cursor)
            case Expense.dataKey where expenses == nil: expenses = tableChange(&cursor)
            case Transfer.dataKey where transfers == nil: transfers = tableChange(&cursor)
            case "settings" where settings == nil:
                // Small and rare: the strict reader parses this one value.
                let start = cursor.index
                guard let end = cursor.skipValue(), let node = try? JSONReader.parse(Array(cursor.bytes[start..<end])),
                      let values = try? HistoryCodec.decodeSettings(node, context: "history") else { return nil }
                settings = values
            default:
                return nil  // unknown or repeated
            }
            switch key {
            case "summary": if summary == nil { return nil }
            case "time": if time == nil { return nil }
            case Income.dataKey: if incomes == nil { return nil }
            case Expense.dataKey: if expenses == nil { return nil }
            case Transfer.dataKey: if transfers == nil { return nil }
            default: break
            }
        } while cursor.consume(UInt8(ascii: ","))
        guard cursor.consume(UInt8(ascii: "}")), let summary, let time else { return nil }
        return ChangeRecord(
            summary: summary, time: time, incomes: incomes ?? TableChange(), expenses: expenses ?? TableChange(),
            transfers: transfers ?? TableChange(), settings: settings ?? [])
    }

    /// One kind's part of an entry: `added`, `edited`, `moved`, `removed`, each at most once.
    private static func tableChange<Record: BaseModel>(_ cursor: inout ByteCursor) -> TableChange<Record>? {
        guard cursor.consume(UInt8(ascii: "{")) else { return nil }
        var change = TableChange<Record>()
        if cursor.consume(UInt8(ascii: "}")) { return change }
        var seen = Set<String>()
        repeat {
            guard let key = cursor.string(), seen.insert(key).inserted,
                  cursor.consume(UInt8(ascii: ":")) else { return nil }
            switch key {
            case "added":
                guard let ids = idList(&cursor) else { return nil }
                change.added = ids
            case "removed":
                guard let records: [Record] = recordList(&cursor) else { return nil }
                change.removed = records
            case "edited":
                guard let records: [Record] = recordList(&cursor) else { return nil }
                change.edited = records
            case "moved":
                guard let moved = positions(&cursor) else { return nil }
                change.moved = moved
            default:
                return nil
            }
        } while cursor.consume(UInt8(ascii: ","))
        return cursor.consume(UInt8(ascii: "}")) ? change : nil
    }

    /// `["00000001", …]`.
    private static func idList(_ cursor: inout ByteCursor) -> [String]? {
        guard cursor.consume(UInt8(ascii: "[")) else { return nil }
        var ids: [String] = []
        if cursor.consume(UInt8(ascii: "]")) { return ids }
        repeat {
            guard let id = cursor.storedID() else { return nil }
            ids.append(id.text)
        } while cursor.consume(UInt8(ascii: ","))
        return cursor.consume(UInt8(ascii: "]")) ? ids : nil
    }

    /// `[{ …record… }, …]`, each record's key being its `id` field.
    private static func recordList<Record: BaseModel>(_ cursor: inout ByteCursor) -> [Record]? {
        guard cursor.consume(UInt8(ascii: "[")) else { return nil }
        var records: [Record] = []
        if cursor.consume(UInt8(ascii: "]")) { return records }
        let schema = Record.schema
        repeat {
            guard let id = cursor.storedID(afterKey: "\"id\""),
                  let record = schema.read(&cursor, key: id, nesting: .historyElement) else { return nil }
            records.append(record)
        } while cursor.consume(UInt8(ascii: ","))
        return cursor.consume(UInt8(ascii: "]")) ? records : nil
    }

    /// `{"00000001" : 3, …}`: former positions by ID.
    private static func positions(_ cursor: inout ByteCursor) -> [(id: String, position: Int)]? {
        guard cursor.consume(UInt8(ascii: "{")) else { return nil }
        var moved: [(id: String, position: Int)] = []
        if cursor.consume(UInt8(ascii: "}")) { return moved }
        var seen = Set<Int>()
        repeat {
            guard let id = cursor.storedID(), seen.insert(id.number).inserted, cursor.consume(UInt8(ascii: ":")),
                  let position = cursor.nonNegativeInteger(), position >= 1 else { return nil }
            moved.append((id.text, position))
        } while cursor.consume(UInt8(ascii: ","))
        return cursor.consume(UInt8(ascii: "}")) ? moved : nil
    }

    // MARK: Writing

    /// The history array as the value of the file's `"history"` key (two spaces deep).
    /// Entries kept as a file's bytes go out as they are: they are what this writes.
    static func writeHistory<Failure: Error>(
        _ history: UndoHistory, into out: inout ByteBuffer, emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        out.write("[")
        for (index, entry) in history.entries.enumerated() {
            out.write(index == 0 ? "\n    " : ",\n    ")
            let change: ChangeRecord
            switch entry {
            case .stored(let stored):
                // A large one (a bulk change) goes out without a copy.
                if stored.bytes.count < pieceSize {
                    stored.bytes.withBytes { out.append($0) }
                } else {
                    try out.withBytes(emit)
                    out.removeAll()
                    try stored.bytes.withBytes { bytes throws(Failure) in try emit(bytes) }
                }
                continue
            case .change(let made):
                change = made
            }
            out.write("{")
            var first = true
            func key(_ key: StaticString, into out: inout ByteBuffer) {
                writeKey(key, indent: "      ", first: &first, into: &out)
            }
            // Keys in sorted order, as the serializer puts them.
            if !change.expenses.isEmpty {
                key("expenses", into: &out)
                try writeTableChange(change.expenses, into: &out, emit: emit)
            }
            if !change.incomes.isEmpty {
                key("incomes", into: &out)
                try writeTableChange(change.incomes, into: &out, emit: emit)
            }
            if !change.settings.isEmpty {
                key("settings", into: &out)
                var bytes: [UInt8] = []
                JSONSerializer(style: .encoderCompatible).write(
                    HistoryCodec.encodeSettings(change.settings), indent: 6, into: &bytes)
                out.append(contentsOf: bytes)
            }
            key("summary", into: &out)
            writeString(change.summary, into: &out)
            key("time", into: &out)
            writeString(change.time, into: &out)
            if !change.transfers.isEmpty {
                key("transfers", into: &out)
                try writeTableChange(change.transfers, into: &out, emit: emit)
            }
            out.write("\n    }")
        }
        out.write("\n  ]")
    }

    /// `"key" : ` on its own line `indent` deep, after a comma unless it is the object's first.
    private static func writeKey(
        _ key: StaticString, indent: StaticString, first: inout Bool, into out: inout ByteBuffer
    ) {
        out.write(first ? "\n" : ",\n")
        out.write(indent)
        out.write("\"")
        out.write(key)
        out.write("\" : ")
        first = false
    }

    private static func writeString(_ text: String, into out: inout ByteBuffer) {
        out.writeInPlace(upTo: ByteSpace.jsonStringBound(text.utf8.count)) { $0.putJSONString(text) }
    }

    /// One kind's part of an entry, six spaces deep: its lists eight deep, their elements ten
    /// (records on one line each).
    private static func writeTableChange<Record: BaseModel, Failure: Error>(
        _ change: TableChange<Record>, into out: inout ByteBuffer, emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        out.write("{")
        var first = true
        func key(_ key: StaticString, into out: inout ByteBuffer) {
            writeKey(key, indent: "        ", first: &first, into: &out)
        }
        if !change.added.isEmpty {
            key("added", into: &out)
            out.write("[")
            for (index, id) in change.added.enumerated() {
                out.write(index == 0 ? "\n          \"" : ",\n          \"")
                out.write(utf8Of: id)
                out.write("\"")
                // Written a piece at a time, as records are: an import's 100,000 IDs are 2 MB.
                if out.count >= pieceSize {
                    try out.withBytes(emit)
                    out.removeAll()
                }
            }
            out.write("\n        ]")
        }
        if !change.edited.isEmpty {
            key("edited", into: &out)
            try writeRecords(change.edited, into: &out, emit: emit)
        }
        if !change.moved.isEmpty {
            key("moved", into: &out)
            out.write("{")
            for (index, move) in change.moved.sorted(by: { $0.id < $1.id }).enumerated() {
                out.write(index == 0 ? "\n          " : ",\n          ")
                writeString(move.id, into: &out)
                out.write(" : ")
                out.write(move.position)
            }
            out.write("\n        }")
        }
        if !change.removed.isEmpty {
            key("removed", into: &out)
            try writeRecords(change.removed, into: &out, emit: emit)
        }
        out.write("\n      }")
    }

    /// Records as array elements ten spaces deep, each on one line (`writeCompactObject`).
    private static func writeRecords<Record: BaseModel, Failure: Error>(
        _ records: [Record], into out: inout ByteBuffer, emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        let schema = Record.schema
        out.write("[")
        for (index, record) in records.enumerated() {
            out.write(index == 0 ? "\n          " : ",\n          ")
            schema.writeCompactObject(record, into: &out)
            if out.count >= pieceSize {
                try out.withBytes(emit)
                out.removeAll()
            }
        }
        out.write("\n        ]")
    }
}
