/// The undo history kept as bytes: a skim that accepts an entry only when it is valid and
/// written exactly as `writeHistory` writes it (records on one line each), so that the entry
/// can be kept as its bytes, decoded only when needed and copied back verbatim (`UndoHistory`).
/// An entry written by an earlier version (each record field on its own line) is declined,
/// read the general way and written in the current layout by the next write.
///
/// The skim makes no record and, for text without escapes, no `String`; anything it is not
/// sure of (an escape, another layout, a value it cannot check without decoding) it declines,
/// and the entry is read the general way (`historyEntry`). It accepts only entries that the
/// general reading accepts; tests hold it to that, and to the bytes being the writer's.
extension FastDocumentCodec {
    /// What the skim keeps of an entry besides its bytes.
    struct SkimmedEntry {
        var summary: String
        var time: String
        /// The highest ID among the records each kind's part would bring back (0: none), for
        /// the counter rule (`HistoryCodec.counterRefusal`).
        var highestIncome = 0, highestExpense = 0, highestTransfer = 0
    }

    /// The history array at the cursor: entries written as the writer writes them kept as
    /// their bytes (in `file`, the contents the cursor reads, or else in one copy of the
    /// array's bytes), others read; and the highest ID each kind's `removed` lists hold.
    static func history(
        _ cursor: inout ByteCursor, file: FileContents?
    ) -> (history: UndoHistory, highestIncome: Int, highestExpense: Int, highestTransfer: Int)? {
        guard cursor.consume(UInt8(ascii: "[")) else { return nil }
        enum Read {
            case stored(Range<Int>, SkimmedEntry)
            case change(ChangeRecord)
        }
        var read: [Read] = []
        var highestIncome = 0, highestExpense = 0, highestTransfer = 0
        if !cursor.consume(UInt8(ascii: "]")) {
            repeat {
                cursor.skipWhitespace()
                let start = cursor.index
                if let skimmed = skimEntry(&cursor) {
                    read.append(.stored(start..<cursor.index, skimmed))
                    highestIncome = max(highestIncome, skimmed.highestIncome)
                    highestExpense = max(highestExpense, skimmed.highestExpense)
                    highestTransfer = max(highestTransfer, skimmed.highestTransfer)
                    continue
                }
                cursor.index = start
                guard let entry = historyEntry(&cursor) else { return nil }
                for record in entry.incomes.removed {
                    highestIncome = max(highestIncome, RecordID.number(fromStored: record.id) ?? Int.max)
                }
                for record in entry.expenses.removed {
                    highestExpense = max(highestExpense, RecordID.number(fromStored: record.id) ?? Int.max)
                }
                for record in entry.transfers.removed {
                    highestTransfer = max(highestTransfer, RecordID.number(fromStored: record.id) ?? Int.max)
                }
                read.append(.change(entry))
            } while cursor.consume(UInt8(ascii: ","))
            guard cursor.consume(UInt8(ascii: "]")) else { return nil }
        }
        var lower = Int.max, upper = 0
        for case .stored(let range, _) in read {
            lower = min(lower, range.lowerBound)
            upper = max(upper, range.upperBound)
        }
        let copy = file == nil && lower < upper ? cursor.bytes.copy(lower..<upper) : []
        let entries: [UndoHistory.Entry] = read.map { entry in
            switch entry {
            case .change(let change):
                return .change(change)
            case .stored(let range, let skimmed):
                let bytes = file.map { HistoryBytes($0, range) }
                    ?? HistoryBytes(copy: copy, (range.lowerBound - lower)..<(range.upperBound - lower))
                return .stored(StoredHistoryEntry(bytes: bytes, summary: skimmed.summary, time: skimmed.time))
            }
        }
        return (UndoHistory(entries: entries), highestIncome, highestExpense, highestTransfer)
    }

    /// The history array at `range` (its brackets) of a file whose stamp vouches for its bytes
    /// (the lock file's, whose hash is checked while the change is made): each entry found by
    /// the lines the writer lays out (it opens on a line four spaces deep and closes on one;
    /// a text holds no raw line break, so such a line is the entry's own), kept as its bytes in
    /// `file`, and only its summary and time read (keys six spaces deep, found from its end).
    /// `nil` when an entry is laid out otherwise: the history is then skimmed.
    static func vouchedHistory(_ bytes: ByteView, _ range: Range<Int>, file: FileContents) -> UndoHistory? {
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "[") else { return nil }
        var entries: [UndoHistory.Entry] = []
        var position = range.lowerBound + 1
        while !bytes.matches("\n  ]", at: position) {
            guard bytes.matches(entries.isEmpty ? "\n    {" : ",\n    {", at: position) else { return nil }
            let start = position + (entries.isEmpty ? 5 : 6)
            var lineBreak = start
            repeat {
                guard let next = bytes.firstIndex(of: UInt8(ascii: "\n"), from: lineBreak + 1), next < range.upperBound
                else { return nil }
                lineBreak = next
            } while !bytes.matches("\n    }", at: lineBreak)
            let entry = start..<lineBreak + 6
            guard let (summary, time) = summaryAndTime(bytes, entry) else { return nil }
            entries.append(.stored(StoredHistoryEntry(bytes: HistoryBytes(file, entry), summary: summary, time: time)))
            position = entry.upperBound
        }
        guard position + 4 == range.upperBound else { return nil }
        return UndoHistory(entries: entries)
    }

    /// An entry's summary and time (plain texts, as `skimEntry` reads them), from the lines six
    /// spaces deep that hold them, looked for from the entry's end.
    private static func summaryAndTime(_ bytes: ByteView, _ entry: Range<Int>) -> (String, String)? {
        var end = entry.upperBound
        var time: String?
        while let lineBreak = bytes.lastIndex(of: UInt8(ascii: "\n"), before: end), lineBreak > entry.lowerBound {
            end = lineBreak
            guard bytes.matches("\n      \"", at: lineBreak) else { continue }
            var cursor = ByteCursor(bytes)
            if time == nil {
                guard bytes.matches("\n      \"time\" : ", at: lineBreak) else { continue }
                cursor.index = lineBreak + 16
                guard let text = cursor.plainString(), bytes.matches(",", at: cursor.index)
                    || bytes.matches("\n    }", at: cursor.index) else { return nil }
                time = text
            } else {
                // The key right before the time.
                guard bytes.matches("\n      \"summary\" : ", at: lineBreak) else { return nil }
                cursor.index = lineBreak + 19
                guard let summary = cursor.plainString(), bytes.matches(",\n      \"time\" : ", at: cursor.index),
                      let time else { return nil }
                return (summary, time)
            }
        }
        return nil
    }

    /// An entry kept as bytes, decoded (`nil` only if the skim that kept it was wrong).
    static func decodeStoredEntry(_ bytes: HistoryBytes) -> ChangeRecord? {
        bytes.withBytes { buffer in
            var cursor = ByteCursor(buffer)
            guard let entry = historyEntry(&cursor) else { return nil }
            cursor.skipWhitespace()
            return cursor.isAtEnd ? entry : nil
        }
    }

    // MARK: The skim

    /// The entry at the cursor (its `{`), when it is valid and exactly as the writer writes
    /// it four spaces deep; the cursor is then after its `}`.
    static func skimEntry(_ cursor: inout ByteCursor) -> SkimmedEntry? {
        guard cursor.skip("{") else { return nil }
        var first = true
        var highestIncome = 0, highestExpense = 0, highestTransfer = 0
        if cursor.skipKey("expenses", indent: "      ", first: &first) {
            guard let highest = skimTableChange(Expense.self, &cursor) else { return nil }
            highestExpense = highest
        }
        if cursor.skipKey("incomes", indent: "      ", first: &first) {
            guard let highest = skimTableChange(Income.self, &cursor) else { return nil }
            highestIncome = highest
        }
        if cursor.skipKey("settings", indent: "      ", first: &first) {
            guard skimSettings(&cursor) else { return nil }
        }
        guard cursor.skipKey("summary", indent: "      ", first: &first), let summary = cursor.plainString(),
              cursor.skipKey("time", indent: "      ", first: &first), let time = cursor.plainString() else {
            return nil
        }
        if cursor.skipKey("transfers", indent: "      ", first: &first) {
            guard let highest = skimTableChange(Transfer.self, &cursor) else { return nil }
            highestTransfer = highest
        }
        guard cursor.skip("\n    }") else { return nil }
        return SkimmedEntry(
            summary: summary, time: time, highestIncome: highestIncome, highestExpense: highestExpense,
            highestTransfer: highestTransfer)
    }

    /// One kind's part, six spaces deep (never empty: the writer leaves an empty one out):
    /// the highest ID its `removed` list holds, 0 without one.
    private static func skimTableChange<Record: BaseModel>(_: Record.Type, _ cursor: inout ByteCursor) -> Int? {
        guard cursor.skip("{") else { return nil }
        var first = true
        var highest = 0
        if cursor.skipKey("added", indent: "        ", first: &first) {
            guard skimList(&cursor, element: { cursor in cursor.isAtValue && cursor.storedIDNumber() != nil }) else {
                return nil
            }
        }
        if cursor.skipKey("edited", indent: "        ", first: &first) {
            guard skimList(&cursor, element: { cursor in Record.schema.skim(&cursor) != nil }) else { return nil }
        }
        if cursor.skipKey("moved", indent: "        ", first: &first) {
            guard skimPositions(&cursor) else { return nil }
        }
        if cursor.skipKey("removed", indent: "        ", first: &first) {
            let listed = skimList(&cursor) { cursor in
                guard let id = Record.schema.skim(&cursor) else { return false }
                highest = max(highest, id)
                return true
            }
            guard listed else { return nil }
        }
        guard !first, cursor.skip("\n      }") else { return nil }
        return highest
    }

    /// A non-empty array eight spaces deep, its elements ten deep, each accepted by `element`.
    private static func skimList(_ cursor: inout ByteCursor, element: (inout ByteCursor) -> Bool) -> Bool {
        guard cursor.skip("[") else { return false }
        var count = 0
        while !cursor.skip("\n        ]") {
            guard cursor.skip(count == 0 ? "\n          " : ",\n          "), element(&cursor) else { return false }
            count += 1
        }
        return count > 0
    }

    /// `moved`: former positions (whole numbers from 1) by ID, IDs ascending as the writer
    /// sorts them; never empty.
    private static func skimPositions(_ cursor: inout ByteCursor) -> Bool {
        guard cursor.skip("{") else { return false }
        var previous = -1
        while !cursor.skip("\n        }") {
            guard cursor.skip(previous < 0 ? "\n          " : ",\n          "), cursor.isAtValue,
                  let id = cursor.storedIDNumber(), id > previous, cursor.skip(" : "), cursor.isAtValue,
                  let position = cursor.nonNegativeInteger(), position >= 1 else { return false }
            previous = id
        }
        return previous >= 0
    }

    /// `settings`: small and rare, so parsed by the strict reader and kept only when the
    /// serializer writes the same bytes back.
    private static func skimSettings(_ cursor: inout ByteCursor) -> Bool {
        let start = cursor.index
        guard cursor.isAtValue, let end = cursor.skipValue(),
              let node = try? JSONReader.parse(cursor.bytes.copy(start..<end)),
              let values = try? HistoryCodec.decodeSettings(node, context: "history"),
              !values.isEmpty else { return false }
        var written: [UInt8] = []
        JSONSerializer(style: .encoderCompatible).write(HistoryCodec.encodeSettings(values), indent: 6, into: &written)
        return written.elementsEqual(cursor.bytes[start..<end])
    }
}
