/// A reader and writer specialised to the data file's schema, about ten times faster than the
/// general JSON path at 100,000 records.
///
/// The reader never decides that a file is invalid: whenever anything is unusual (an escape it
/// cannot place, an unknown key, a duplicate, a wrong type, a broken invariant) it returns `nil`
/// and `DocumentCodec`'s strict path judges the file and words the error. So it accepts exactly
/// the files the strict path accepts, with the same result; tests hold it to that.
enum FastDocumentCodec {
    // MARK: Reading

    static func decode(_ bytes: [UInt8]) -> BudgetDocument? {
        ByteView.withBytes(of: bytes, decode)
    }

    static func decode(_ bytes: ByteView) -> BudgetDocument? {
        var starts: RecordStarts?
        return decodeDocument(bytes, keepingRecords: true, file: nil, starts: &starts)
    }

    /// A file's document; history entries kept as bytes stay in `contents` (no copy). The
    /// record fields named in `skipping` are checked and left blank (`JSONFileStore.load(skipping:)`);
    /// without `readingHistory`, a history laid out as the writer lays it out is passed over
    /// unread and the document's is empty. A document read with either is only for reading
    /// (`BudgetDocument.isReadingCopy`).
    static func decode(
        _ contents: FileContents, skipping: Set<String> = [], readingHistory: Bool = true
    ) -> BudgetDocument? {
        var starts: RecordStarts?
        return contents.withBytes {
            decodeDocument(
                $0, keepingRecords: true, file: contents, skipping: skipping, readingHistory: readingHistory,
                starts: &starts)
        }
    }

    /// A file's whole document, about to be changed: it keeps where its tables lie in
    /// `contents` (`BudgetDocument.writtenTables`), so that writing the changed document copies
    /// the bytes of the records that did not change.
    ///
    /// With the `stamp` budget left when it wrote the file, and the file still hashing to it,
    /// the tables it describes are not read: each page is read when first needed
    /// (`StampedTable`), and a page the change leaves alone is copied, not read at all.
    ///
    /// With `scanning`, a file without a stamp that fits it is read as `TableScan` describes it,
    /// when it does: the records of a table laid out as budget writes one are checked without
    /// being made, and only the pages the change touches are read.
    static func decodeForChange(
        _ contents: FileContents, stamp: WriteStamp? = nil, scanning: Bool = false
    ) -> BudgetDocument? {
        var starts: RecordStarts?
        // Tables of a file kept on several devices are always read whole (`encode` stamps none).
        let scannable = scanning && writtenSyncSection(contents) == false
        return contents.withBytes { bytes in
            // A lock file's stamp is checked by its hash on a thread of its own while the change
            // is made; nothing made from the pages is written before it matched
            // (`BudgetDocument.brokeItsStamp`). The hash covers every byte, so the stamp vouches
            // for the undo history too. A scan's stamp was made from these bytes (no hash to
            // check) and from the tables alone: it vouches for no history.
            var fitting: (stamp: WriteStamp, check: StampCheck, vouchesForHistory: Bool)?
            if let stamp, !stamp.tables.isEmpty, stamp.size == bytes.count {
                fitting = (stamp, StampCheck(contents, stamp), true)
            } else if scannable, let scanned = TableScan.stamp(of: bytes) {
                fitting = (scanned, StampCheck(), false)
            }
            if let fitting {
                var cursor = ByteCursor(bytes)
                var wentConcurrent = false
                if var document = decodeDocument(
                    &cursor, keepingRecords: true, file: contents, skipping: [], readingHistory: true,
                    concurrently: true, wentConcurrent: &wentConcurrent, layout: contents, starts: &starts,
                    stamp: fitting.stamp, historyVouchedFor: fitting.vouchesForHistory) {
                    document.writtenTables?.stampCheck = fitting.check
                    return document
                }
            }
            return decodeDocument(bytes, keepingRecords: true, file: contents, keepingLayout: true, starts: &starts)
        }
    }

    /// A file's document with the record fields in `skipping` left blank, except in the records
    /// `whole` names, which are read again, whole, from the same bytes (a listing's few rows).
    /// `nil` when the fast reader declines the file or a named record is not in it.
    static func decode(
        _ contents: FileContents, skipping: Set<String>,
        readingWhole whole: (BudgetDocument) throws -> [RecordReference]
    ) rethrows -> BudgetDocument? {
        try contents.withBytes { bytes in
            var kept: RecordStarts? = RecordStarts()
            guard var document = decodeDocument(
                bytes, keepingRecords: true, file: contents, skipping: skipping, readingHistory: false,
                starts: &kept), let starts = kept
            else { return nil }
            let named = try whole(document)
            func ids(_ kind: RecordKind) -> Set<String> { Set(named.filter { $0.kind == kind }.map(\.id)) }
            guard readWhole(ids(.income), into: &document.incomes, starts: starts.incomes, bytes),
                  readWhole(ids(.expense), into: &document.expenses, starts: starts.expenses, bytes),
                  readWhole(ids(.transfer), into: &document.transfers, starts: starts.transfers, bytes)
            else { return nil }
            return document
        }
    }

    /// Reads the records with these IDs again, whole, from where each starts in `bytes`, into
    /// their places; `false` when one is not there.
    private static func readWhole<Record: BaseModel>(
        _ ids: Set<String>, into table: inout RecordTable<Record>, starts: [Int], _ bytes: ByteView
    ) -> Bool {
        guard !ids.isEmpty else { return true }
        guard starts.count == table.count, let indices = table.indices(ofStored: ids) else { return false }
        for (id, index) in indices {
            var cursor = ByteCursor(bytes)
            cursor.index = starts[index]
            guard let key = cursor.storedID(), key.text == id, cursor.consume(UInt8(ascii: ":")),
                  let record = Record.schema.read(&cursor, key: key), record.order == index + 1 else { return false }
            table.records[index] = record
        }
        return true
    }

    /// Whether `decode` would accept the bytes, found without keeping the records: for `check`,
    /// whose memory then stays near the size of the file.
    static func accepts(_ bytes: ByteView) -> Bool {
        var starts: RecordStarts?
        return decodeDocument(bytes, keepingRecords: false, file: nil, starts: &starts) != nil
    }

    /// Whether `decode` would accept a file's contents (kept history entries stay in them).
    static func accepts(_ contents: FileContents) -> Bool {
        var starts: RecordStarts?
        let document = contents.withBytes {
            decodeDocument($0, keepingRecords: false, file: contents, starts: &starts)
        }
        return document != nil
    }

    /// A history at least this long is skimmed on a thread of its own while the tables are read.
    static let concurrentHistorySize = 1 << 20

    /// The document, a large history skimmed alongside the tables; when that attempt declines,
    /// once more one part after the other (the history's end may have been guessed wrong).
    private static func decodeDocument(
        _ buffer: ByteView, keepingRecords: Bool, file: FileContents?, skipping: Set<String> = [],
        readingHistory: Bool = true, keepingLayout: Bool = false, starts: inout RecordStarts?
    ) -> BudgetDocument? {
        var cursor = ByteCursor(buffer)
        var wentConcurrent = false
        let layout = keepingLayout ? file : nil
        if let document = decodeDocument(
            &cursor, keepingRecords: keepingRecords, file: file, skipping: skipping, readingHistory: readingHistory,
            concurrently: true, wentConcurrent: &wentConcurrent, layout: layout, starts: &starts
        ) {
            return document
        }
        guard wentConcurrent else { return nil }
        cursor = ByteCursor(buffer)
        return decodeDocument(
            &cursor, keepingRecords: keepingRecords, file: file, skipping: skipping, readingHistory: readingHistory,
            concurrently: false, wentConcurrent: &wentConcurrent, layout: layout, starts: &starts)
    }

    /// Whether the file has a `sync` section (a budget kept on several devices), if it is laid
    /// out as the writer lays it out: found from the end, where only the transfers follow it,
    /// one line at a time until a key the writer puts before it. `nil` for another layout, or
    /// when the transfers take more than `syncSearchLimit` bytes (the reader then finds out).
    /// (A string cannot hold a raw line break, so a line break and two spaces start a key of
    /// the document itself.)
    static func writtenSyncSection(_ contents: FileContents) -> Bool? {
        contents.withBytes { bytes in
            guard let lineBreak = lastKey(in: bytes, passing: ["transfers", "transfer_unique_id"]) else { return nil }
            if bytes.matches("\n  \"sync\" : ", at: lineBreak) { return true }
            return bytes.matches("\n  \"settings\" : ", at: lineBreak)
                || bytes.matches("\n  \"incomes\" : ", at: lineBreak) ? false : nil
        }
    }

    /// Whether the file, laid out as the writer lays it out, has no undo history: found from
    /// the end as `writtenSyncSection` finds its answer, where `"format"` comes right before
    /// `"income_unique_id"`. `false` when that is not known (the reader then looks for one).
    static func writtenWithoutHistory(_ bytes: ByteView) -> Bool {
        guard let lineBreak = incomeCounterLine(bytes) else { return false }
        return bytes.matches("\n  \"format\" : 1,", at: lineBreak - 16)
    }

    /// Where the undo history's list ends (the position after its `]`), in a file laid out as
    /// the writer lays it out: right before the line of `"income_unique_id"`, found from the end.
    static func writtenHistoryEnd(_ bytes: ByteView) -> Int? {
        guard let lineBreak = incomeCounterLine(bytes), bytes.matches("],", at: lineBreak - 2) else { return nil }
        return lineBreak - 1
    }

    /// The line break before `"income_unique_id"`, found from the end past the keys the writer
    /// puts after it.
    private static func incomeCounterLine(_ bytes: ByteView) -> Int? {
        let after: [StaticString] = ["transfers", "transfer_unique_id", "sync", "settings", "incomes"]
        guard let lineBreak = lastKey(in: bytes, passing: after),
              bytes.matches("\n  \"income_unique_id\" : ", at: lineBreak) else { return nil }
        return lineBreak
    }

    /// The line break before the last key of the document itself that is none of `passing`,
    /// looked for one line at a time from the end, at most `syncSearchLimit` bytes back.
    private static func lastKey(in bytes: ByteView, passing keys: [StaticString]) -> Int? {
        var end = bytes.count
        let limit = max(0, bytes.count - syncSearchLimit)
        lines: while let lineBreak = bytes.lastIndex(of: UInt8(ascii: "\n"), before: end), lineBreak >= limit {
            end = lineBreak
            guard bytes.matches("\n  \"", at: lineBreak) else { continue }
            for key in keys {
                let length = key.utf8CodeUnitCount
                if bytes.matches(key, at: lineBreak + 4), bytes.matches("\" : ", at: lineBreak + 4 + length) {
                    continue lines
                }
            }
            return lineBreak
        }
        return nil
    }

    /// How far from the end `writtenSyncSection` looks: 16 MB, about 60,000 transfers.
    static let syncSearchLimit = 16 << 20

    /// Where the history's array starts and ends, if the file is laid out as the writer lays it
    /// out: the `[` after `"history" : ` two spaces deep, and the position after the `]` that
    /// the line break and two spaces before `"income_unique_id"` close. `[` and `]` are rare
    /// in a data file (they open and close lists), so looking for them first is quick. (A
    /// string cannot hold a raw line break, so these bytes are the layout's; the reader then
    /// confirms that the history starts there, and the skim that it ends there.)
    static func writtenHistoryRange(_ bytes: ByteView) -> Range<Int>? {
        func find(_ bracket: UInt8, after pattern: StaticString, from position: Int) -> Int? {
            var position = position
            let length = pattern.utf8CodeUnitCount
            while let found = bytes.firstIndex(of: bracket, from: position) {
                if found >= length, bytes.matches(pattern, at: found - length) { return found }
                position = found + 1
            }
            return nil
        }
        guard let start = find(UInt8(ascii: "["), after: "\n  \"history\" : ", from: 0),
              let close = find(UInt8(ascii: "]"), after: "\n  ", from: start),
              bytes.matches("],\n  \"income_unique_id\" : ", at: close) else { return nil }
        return start..<(close + 1)
    }

    /// The document, or with `keepingRecords` false the same checks and a document without
    /// records. Kept history entries stay in `file` when it is given (the contents the cursor
    /// reads), else in a copy. With `concurrently`, a large history written as the writer writes it is skimmed
    /// on another thread (`wentConcurrent` then says so). With `starts` given (and fields
    /// skipped), where each record starts.
    private static func decodeDocument(
        _ cursor: inout ByteCursor, keepingRecords: Bool, file: FileContents?, skipping: Set<String>,
        readingHistory: Bool, concurrently: Bool, wentConcurrent: inout Bool, layout: FileContents?,
        starts: inout RecordStarts?, stamp: WriteStamp? = nil, historyVouchedFor: Bool = false
    ) -> BudgetDocument? {
        /// A table the stamp describes, when the file is `layout` (the file to be changed).
        func stamped<Record: BaseModel>(_ type: Record.Type) -> StampedTable<Record>? {
            guard let layout, let table = stamp?.tables[Record.kind] else { return nil }
            return StampedTable(layout, table)
        }
        let keepingStarts = starts != nil || layout != nil
        // A large history, as the writer lays it out, is skimmed while the tables are read.
        var skimming: BackgroundWork<
            (history: UndoHistory, highestIncome: Int, highestExpense: Int, highestTransfer: Int)?>?
        var skimmed = 0..<0
        // A history the stamp vouches for is taken entry by entry as the writer lays them out,
        // each kept as its bytes, none skimmed: a change that does not undo does not pay for it.
        var vouched: UndoHistory?
        if historyVouchedFor, readingHistory, let file, !writtenWithoutHistory(cursor.bytes),
           let range = writtenHistoryRange(cursor.bytes),
           let history = vouchedHistory(cursor.bytes, range, file: file) {
            vouched = history
            skimmed = range
        }
        if vouched == nil, concurrently, readingHistory, cursor.bytes.count >= concurrentHistorySize,
           !writtenWithoutHistory(cursor.bytes),
           let range = writtenHistoryRange(cursor.bytes),
           range.count >= concurrentHistorySize {
            let bytes = cursor.bytes
            skimming = BackgroundWork {
                var cursor = ByteCursor(bytes)
                cursor.index = range.lowerBound
                guard let read = Self.history(&cursor, file: file), cursor.index == range.upperBound else { return nil }
                return read
            }
            skimmed = range
            wentConcurrent = true
        }
        guard cursor.consume(UInt8(ascii: "{")) else { return nil }
        var format: Int?
        var incomeCounter: Int?, expenseCounter: Int?, transferCounter: Int?
        var incomes: TableRead<Income>?, expenses: TableRead<Expense>?, transfers: TableRead<Transfer>?
        var settings = SettingsValues()
        var sync: SyncState?
        var history = UndoHistory()
        var highestIncome = 0, highestExpense = 0, highestTransfer = 0
        var historyUnread = false
        // A history passed over: where it ends, known from the end of the file before the tables are read.
        let passedHistoryEnd = readingHistory ? nil : writtenHistoryEnd(cursor.bytes)
        var seen = Set<String>()
        if cursor.peek() == UInt8(ascii: "}") { return nil }
        repeat {
            guard let key = cursor.string(), seen.insert(key).inserted,
                  cursor.consume(UInt8(ascii: ":")) else { return nil }
            switch key {
            case "format": format = cursor.nonNegativeInteger()
            case Income.uniqueIdKey: incomeCounter = cursor.storedID()?.number
            case Expense.uniqueIdKey: expenseCounter = cursor.storedID()?.number
            // Each table's pages given back as they are read (`PassedPages`).
            case Income.dataKey:
                incomes = deferredRecords(&cursor, stamped(Income.self)) ?? records(
                    &cursor, keeping: keepingRecords, skipping: skipping, keepingStarts: keepingStarts, releasing: file)
            case Expense.dataKey:
                // The largest table, read in two halves at once when no history is being skimmed.
                expenses = deferredRecords(&cursor, stamped(Expense.self)) ?? records(
                    &cursor, keeping: keepingRecords, splitting: concurrently && skimming == nil, skipping: skipping,
                    keepingStarts: keepingStarts, endingBefore: passedHistoryEnd, releasing: file)
            case Transfer.uniqueIdKey: transferCounter = cursor.storedID()?.number
            case Transfer.dataKey:
                transfers = deferredRecords(&cursor, stamped(Transfer.self)) ?? records(
                    &cursor, keeping: keepingRecords, skipping: skipping, keepingStarts: keepingStarts, releasing: file)
            case "history":
                cursor.skipWhitespace()
                if let vouched {
                    // Vouched for by the stamp: it must start here. Its records' IDs are within
                    // the counters, as budget wrote them (should the hash fail, the file is read
                    // whole and they are checked).
                    guard cursor.index == skimmed.lowerBound else { return nil }
                    cursor.index = skimmed.upperBound
                    history = vouched
                } else if skimming != nil {
                    // Being skimmed: it must start here.
                    guard cursor.index == skimmed.lowerBound else { return nil }
                    cursor.index = skimmed.upperBound
                } else if !readingHistory, cursor.peek() == UInt8(ascii: "["),
                          let end = passedHistoryEnd, end > cursor.index {
                    // Not needed: passed over unread (its IDs are then not checked against the counters).
                    cursor.index = end
                    historyUnread = true
                } else {
                    guard let read = Self.history(&cursor, file: file) else { return nil }
                    (history, highestIncome, highestExpense, highestTransfer) = read
                }
            case "settings":
                // As budget writes it, read straight (`writtenSettings`); else the strict reader
                // parses just this value. A failure here is not swallowed: returning nil sends the
                // whole file to the strict path, which reports it.
                if let values = Self.writtenSettings(&cursor) {
                    settings = values
                } else {
                    let start = cursor.index
                    guard let end = cursor.skipValue(),
                          let node = try? JSONReader.parse(Array(cursor.bytes[start..<end])) else { return nil }
                    var problems: [DataFileProblem] = []
                    guard let values = try? DocumentCodec.decodeSettings(node, problems: &problems),
                          problems.isEmpty else { return nil }
                    settings = values
                }
            case "sync":
                let start = cursor.index
                guard let end = cursor.skipValue(),
                      let node = try? JSONReader.parse(Array(cursor.bytes[start..<end])),
                      let state = try? SyncCodec.decode(node) else { return nil }
                sync = state
            default:
                return nil
            }
            if format == nil && key == "format" { return nil }
        } while cursor.consume(UInt8(ascii: ","))
        guard cursor.consume(UInt8(ascii: "}")) else { return nil }
        cursor.skipWhitespace()
        if let skimming {
            guard seen.contains("history"), let read = skimming.result() else { return nil }
            (history, highestIncome, highestExpense, highestTransfer) = read
        }
        guard cursor.isAtEnd, format == BudgetDocument.formatVersion,
              let incomeCounter, let expenseCounter, let incomes, let expenses,
              let (incomeTable, incomeStarts, incomeLayout) = table(incomes, counter: incomeCounter),
              let (expenseTable, expenseStarts, expenseLayout) = table(expenses, counter: expenseCounter),
              highestIncome <= incomeCounter, highestExpense <= expenseCounter else { return nil }
        // Transfers came later: a file has both their counter and their table, or neither.
        var transferTable = RecordTable<Transfer>(), transferStarts: [Int] = [], transferLayout: WrittenTable?
        if let transfers {
            guard let transferCounter, let read = table(transfers, counter: transferCounter) else { return nil }
            (transferTable, transferStarts, transferLayout) = read
        } else if transferCounter != nil {
            return nil
        }
        if starts != nil {
            starts = RecordStarts(incomes: incomeStarts, expenses: expenseStarts, transfers: transferStarts)
        }
        guard highestTransfer <= transferTable.lastID else { return nil }
        var document = BudgetDocument(
            incomes: incomeTable, expenses: expenseTable, settings: settings, history: history)
        document.transfers = transferTable
        document.isReadingCopy = historyUnread || !skipping.isEmpty
        if let layout {
            document.writtenTables = WrittenTables(
                contents: layout, incomes: incomeLayout, expenses: expenseLayout, transfers: transferLayout)
        }
        if let sync {
            // A replica's tables are checked against its devices' counters record by record.
            guard incomes.deferred == nil, expenses.deferred == nil, transfers?.deferred == nil else { return nil }
            // Each table's highest ID in each block, for the check against the device's counters.
            let highest = [
                RecordKind.income: incomes.highestByBlock, .expense: expenses.highestByBlock,
                .transfer: transfers?.highestByBlock ?? [],
            ]
            guard (try? document.takeSync(sync, highestByBlock: highest)) != nil else { return nil }
        }
        return document
    }

    /// Records placed by their `order`, which must be exactly 1...n; IDs at most the counter.
    /// Where each starts in the file (when that was kept), in the same order; and the table's
    /// layout, when laid out as written, with the place of each record in the table.
    private static func table<Record: BaseModel>(
        _ parsed: TableRead<Record>, counter: Int
    ) -> (table: RecordTable<Record>, starts: [Int], layout: WrittenTable?)? {
        let records = parsed.records
        guard parsed.highestID <= counter else { return nil }
        if let deferred = parsed.deferred {
            return (RecordTable(lastID: counter, orderedRecords: deferred), [], parsed.layout)
        }
        // Files we write list records by ID, and without moves that is display order: no copy.
        if parsed.inDisplayOrder {
            return (RecordTable(lastID: counter, orderedRecords: records), parsed.starts, parsed.layout)
        }
        var position = [Int](repeating: -1, count: records.count)
        for (index, record) in records.enumerated() {
            guard record.order >= 1, record.order <= records.count, position[record.order - 1] < 0 else { return nil }
            position[record.order - 1] = index
        }
        let starts = parsed.starts.count == records.count ? position.map { parsed.starts[$0] } : []
        let layout = parsed.layout.map { layout in
            var moved = layout
            moved.places = records.map { $0.order - 1 }
            return moved
        }
        return (RecordTable(lastID: counter, orderedRecords: position.map { records[$0] }), starts, layout)
    }

    /// The records of one table, in file order, and the highest ID among them. Without
    /// `keeping`, no records: their orders and IDs are checked here instead of by `table`.
    /// With `splitting`, a large table's second half is read on a thread of its own; the fields
    /// in `skipping` are checked and left blank, and with `keepingStarts` where each record starts is kept.
    private static func records<Record: BaseModel>(
        _ cursor: inout ByteCursor, keeping: Bool, splitting: Bool = false, skipping: Set<String> = [],
        keepingStarts: Bool = false, endingBefore limit: Int? = nil, releasing file: FileContents? = nil
    ) -> TableRead<Record>? {
        guard cursor.consume(UInt8(ascii: "{")) else { return nil }
        if cursor.consume(UInt8(ascii: "}")) {
            return TableRead(records: [], highestID: 0, highestByBlock: [Int](repeating: 0, count: IDBlock.count))
        }
        guard keeping else {
            var run = RecordRun<Record>()
            guard run.read(&cursor) == .ended, cursor.consume(UInt8(ascii: "}")),
                  run.ascending || allDistinct(run.numbers, highest: run.highest), isOneToN(run.orders) else {
                return nil
            }
            return TableRead(records: [], highestID: run.highest, highestByBlock: run.highestByBlock)
        }
        // No record takes fewer than about 80 bytes, even minified (a file whose records do
        // goes to the strict path). Room by that bound costs address space, not memory (pages
        // never touched are never mapped), and saves the copies of growing the array one
        // doubling at a time.
        var run: RecordRun<Record>?
        let records = FillTarget<Record>.array(capacity: cursor.remaining / 80 + 1) { target in
            let mask = Record.schema.mask(skipping: skipping)
            var reading = RecordRun<Record>(into: target, skipping: mask, keepingStarts: keepingStarts)
            reading.passedPages = file.map { PassedPages($0, from: cursor.index) }
            let ended = readRecords(&cursor, into: &reading, splitting: splitting, endingBefore: limit)
            if let filled = reading.target { target = filled }
            if ended { run = reading }
        }
        guard let run, cursor.consume(UInt8(ascii: "}")) else { return nil }
        if !run.ascending {
            let numbers = records.map { RecordID.number(fromStored: $0.id) ?? 0 }
            guard allDistinct(numbers, highest: run.highest) else { return nil }
        }
        // Laid out as written: each record as the writer writes it, by ascending ID, and the
        // table closed on a line of its own.
        let closing = cursor.index - 1
        let layout = keepingStarts && run.laidOut && run.ascending && !records.isEmpty
            && closing >= 4 && cursor.bytes.matches("}\n  }", at: closing - 4)
            ? WrittenTable(starts: run.starts, end: closing - 3) : nil
        return TableRead(
            records: records, highestID: run.highest, highestByBlock: run.highestByBlock, starts: run.starts,
            inDisplayOrder: run.ordersFollow && (records.isEmpty || run.firstOrder == 1), layout: layout)
    }

    /// A table the stamp describes, its pages left unread (`StampedTable`), when it opens at the
    /// cursor as the stamp says; the cursor is then past its closing brace. `nil` otherwise
    /// (nothing read: the table is read as usual).
    private static func deferredRecords<Record: BaseModel>(
        _ cursor: inout ByteCursor, _ stamped: StampedTable<Record>?
    ) -> TableRead<Record>? {
        guard let stamped else { return nil }
        var probe = cursor
        probe.skipWhitespace()
        guard probe.index == stamped.table.open else { return nil }
        probe.index = stamped.table.end
        guard probe.consume(UInt8(ascii: "}")) else { return nil }
        cursor = probe
        return TableRead(
            records: [], highestID: stamped.table.summaries.last?.lastID ?? 0, highestByBlock: [],
            inDisplayOrder: true, layout: stamped.layout, deferred: stamped.records)
    }

    /// Reads a table's records into `run` up to its closing brace; with `splitting`, a large
    /// table's second half on a thread of its own (the table ends before `limit`, when that is
    /// known, else about where the file does). Whether the records all read.
    private static func readRecords<Record: BaseModel>(
        _ cursor: inout ByteCursor, into run: inout RecordRun<Record>, splitting: Bool, endingBefore limit: Int?
    ) -> Bool {
        let length = limit.map { tableEnd(in: cursor.bytes, from: cursor.index, before: $0) - cursor.index }
            ?? cursor.remaining
        guard splitting, length >= concurrentTableSize,
              let split = recordStart(in: cursor.bytes, from: cursor.index + secondPartStart(length)) else {
            return run.read(&cursor) == .ended
        }
        // The second part, from a record start about halfway into what is left, read into the
        // table's own room from the slot after the records that start before it: when the
        // first part fills the room up to there, nothing moves. Whether that start is one of
        // this table's is known only when the first part reaches it; when it does not, the
        // second part is stopped and released. The second thread is always waited for.
        let bytes = cursor.bytes, signal = StopSignal()
        let before = recordStarts(in: bytes, from: cursor.index, before: split)
        guard let tail = run.cede(from: before) else { return run.read(&cursor) == .ended }
        let passedPages = run.passedPages
        let second = BackgroundWork { () -> (run: RecordRun<Record>, end: Int?) in
            var cursor = ByteCursor(bytes)
            cursor.index = split
            var run = tail
            // Its own pages, from its start: the page both parts read stays.
            run.passedPages = passedPages.map { $0.moved(to: split) }
            let outcome = run.read(&cursor, signal: signal)
            return (run, outcome == .ended ? cursor.index : nil)
        }
        let outcome = run.read(&cursor, stoppingAt: split)
        if outcome != .stopped { signal.raise() }
        let (tailRun, end) = second.result()
        guard outcome == .stopped, let end else {
            tailRun.discard()
            return outcome == .ended
        }
        guard run.join(tailRun) else {
            tailRun.discard()
            return false
        }
        cursor.index = end
        return true
    }

    /// About where a table that ends before `limit` ends, to within 64 KiB: halving between
    /// its start and `limit`, keeping the half where a record start (`recordStart`) is still
    /// found before `limit`. For a table followed by a history passed over, which holds no line
    /// laid out as a table's record: without it, half of what follows the table's start can lie
    /// in the history, where no record starts, and the table would be read on one thread.
    static func tableEnd(in bytes: ByteView, from start: Int, before limit: Int) -> Int {
        var inside = start, outside = max(start, min(limit, bytes.count))
        while outside - inside > 64 << 10 {
            let middle = inside + (outside - inside) / 2
            if let found = recordStart(in: bytes, from: middle), found < limit {
                inside = middle
            } else {
                outside = middle
            }
        }
        return outside
    }

    /// A table at least this large is read in two halves at once.
    static let concurrentTableSize = 4 << 20

    /// How far into `remaining` bytes the second part of a table starts looking for a record:
    /// halfway (the rest of the file after the table is small, or a history skimmed apart).
    static func secondPartStart(_ remaining: Int) -> Int { remaining / 2 }

    /// The first position from `position` on where a record starts as the writer lays a table
    /// out: a line break, four spaces and a quoted 8-digit ID followed by ` : {`. (A string
    /// cannot hold a raw line break, so these bytes are the layout's.)
    static func recordStart(in bytes: ByteView, from position: Int) -> Int? {
        var position = position
        // A record's lines are short: the next record starts within a few hundred bytes,
        // unless this is not a table of records at all.
        let limit = min(bytes.count, position + 64 << 10)
        while position < limit, let found = bytes.firstIndex(of: UInt8(ascii: "\n"), from: position) {
            if let start = recordStart(in: bytes, atLineBreak: found) { return start }
            position = found + 1
        }
        return nil
    }

    /// How many records start (`recordStart`) from `first` up to `end`.
    static func recordStarts(in bytes: ByteView, from first: Int, before end: Int) -> Int {
        // Found by the brace that ends a record's first line (`"00000001" : {`), 13 bytes after
        // where the record starts: a record holds one brace, and a line as many as nine line
        // breaks, so looking for braces skips most of the bytes at once.
        var position = max(first, 0) + 13, count = 0
        let last = min(end + 13, bytes.count)
        while position < last, let found = bytes.firstIndex(of: UInt8(ascii: "{"), from: position), found < last {
            if let start = recordStart(in: bytes, atLineBreak: found - 18), start >= first, start < end { count += 1 }
            position = found + 1
        }
        return count
    }

    /// Where the record starts whose line begins at the line break at `lineBreak`, if one does.
    private static func recordStart(in bytes: ByteView, atLineBreak lineBreak: Int) -> Int? {
        let start = lineBreak + 5
        guard bytes.matches("\n    \"", at: lineBreak), let word = bytes.word(at: start + 1),
              ByteCursor.eightDigits(word) != nil, bytes.matches("\" : {", at: start + 9) else { return nil }
        return start
    }

    /// Whether the orders are exactly 1...n in some arrangement, as `table` requires.
    private static func isOneToN(_ orders: [Int]) -> Bool {
        var taken = [Bool](repeating: false, count: orders.count)
        for order in orders {
            guard order >= 1, order <= orders.count, !taken[order - 1] else { return false }
            taken[order - 1] = true
        }
        return true
    }

    /// Whether no ID appears twice (a duplicate key): a bitmap up to the highest ID, or a set
    /// when the IDs are sparse.
    private static func allDistinct(_ numbers: [Int], highest: Int) -> Bool {
        guard highest <= max(numbers.count * 64, 1 << 20) else { return Set(numbers).count == numbers.count }
        var bits = [UInt64](repeating: 0, count: highest / 64 + 1)
        for number in numbers {
            let mask: UInt64 = 1 << UInt64(number % 64)
            if bits[number / 64] & mask != 0 { return false }
            bits[number / 64] |= mask
        }
        return true
    }

    // MARK: Writing

    /// The data file's bytes, identical to `DocumentCodec.encodeGeneral` (pretty, sorted keys,
    /// a final newline).
    static func encode(_ document: BudgetDocument) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(document) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// How much the writer collects before handing it on.
    static let pieceSize = 1 << 20

    /// Hands the encoded bytes to `emit` in pieces of about `pieceSize`, in order: a large file
    /// goes out through one reused buffer instead of being built whole in fresh memory.
    static func encode<Failure: Error>(
        _ document: BudgetDocument, emitting emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        try encode(document, reusing: nil, emitting: emit)
    }

    /// `encode(_:emitting:)`, copying the bytes of the records that `original` (the document
    /// as read, with `writtenTables`) holds unchanged from the file it was read from. A record
    /// that only moved is copied with its `order` put right; anything else is written anew.
    static func encode<Failure: Error>(
        _ document: BudgetDocument, reusing original: BudgetDocument?,
        emitting emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        _ = try encode(document, reusing: original, stamping: false, emitting: emit)
    }

    /// `encode(_:reusing:emitting:)`, and with `stamping` the stamp of the bytes written
    /// (`WriteStamp`): their hash, and where each table's pages lie. A replica's document
    /// (with `sync`) gets a stamp without tables: its tables are always read whole.
    static func encode<Failure: Error>(
        _ document: BudgetDocument, reusing original: BudgetDocument?, stamping: Bool,
        emitting emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) -> WriteStamp? {
        let tally = stamping ? WriteTally() : nil
        let tables = document.syncAsWritten == nil ? tally : nil
        func emitting(_ bytes: ByteView) throws(Failure) {
            tally?.add(bytes)
            try emit(bytes)
        }
        guard let original, let written = original.writtenTables else {
            try encodeDocument(document, reusing: nil, tally: tables, emitting: emitting)
            return tally?.stamp
        }
        try written.contents.withBytes { bytes throws(Failure) in
            let reused = WrittenBytes(original: original, tables: written, bytes: bytes)
            try encodeDocument(document, reusing: reused, tally: tables, emitting: emitting)
        }
        return tally?.stamp
    }

    private static func encodeDocument<Failure: Error>(
        _ document: BudgetDocument, reusing written: WrittenBytes?, tally: WriteTally?,
        emitting emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        var out = ByteBuffer(
            capacity: min(
                64 + (document.incomes.count + document.expenses.count + document.transfers.count) * 200,
                pieceSize + (64 << 10)))
        out.write("{\n  \"expense_unique_id\" : \"")
        out.write(utf8Of: RecordID.string(for: document.expenses.lastID))
        out.write("\",\n  \"expenses\" : ")
        try writeTable(
            document.expenses.paged, reusing: written?.source(Expense.self), into: &out, tally: tally, emit: emit)
        out.write(",\n  \"format\" : 1,\n")
        if !document.history.isEmpty {
            out.write("  \"history\" : ")
            try writeHistory(document.history, into: &out, emit: emit)
            out.write(",\n")
        }
        out.write("  \"income_unique_id\" : \"")
        out.write(utf8Of: RecordID.string(for: document.incomes.lastID))
        out.write("\",\n  \"incomes\" : ")
        try writeTable(
            document.incomes.paged, reusing: written?.source(Income.self), into: &out, tally: tally, emit: emit)
        if !document.settingsValues.isEmpty {
            out.write(",\n  \"settings\" : ")
            var settings: [UInt8] = []
            JSONSerializer(style: .encoderCompatible).write(
                DocumentCodec.encodeSettings(document.settingsValues), indent: 2, into: &settings)
            out.append(contentsOf: settings)
        }
        if let sync = document.syncAsWritten {
            out.write(",\n  \"sync\" : ")
            var bytes: [UInt8] = []
            JSONSerializer(style: .encoderCompatible).write(SyncCodec.encode(sync), indent: 2, into: &bytes)
            out.append(contentsOf: bytes)
        }
        if document.hasTransfers {
            out.write(",\n  \"transfer_unique_id\" : \"")
            out.write(utf8Of: RecordID.string(for: document.transfers.lastID))
            out.write("\",\n  \"transfers\" : ")
            try writeTable(
                document.transfers.paged, reusing: written?.source(Transfer.self), into: &out, tally: tally,
                emit: emit)
        }
        out.write("\n}\n")
        try out.withBytes(emit)
    }

    /// Records by ascending ID, fields in sorted order; those `source` holds unchanged copied
    /// from its bytes. With a `tally`, where the table lies in what is written and what each page
    /// holds go into its stamp, when the records are written in display order.
    private static func writeTable<Record: BaseModel, Failure: Error>(
        _ records: RecordList<Record>, reusing source: WrittenBytes.Table<Record>?, into out: inout ByteBuffer,
        tally: WriteTally?, emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        guard !records.isEmpty else {
            out.write("{\n\n  }")
            return
        }
        let open = tally.map { $0.count + out.count }
        out.write("{")
        if let encoded = records.encodedPages {
            // Records an import wrote as bytes, none read since: copied as they are.
            var pageStarts: [Int] = []
            for page in 0..<records.pageCount {
                if let tally { pageStarts.append(tally.count + out.count + (page > 0 ? 1 : 0) + 5) }
                try out.withBytes(emit)
                out.removeAll()
                try encoded.withBytes(ofPage: page) { bytes throws(Failure) in try emit(bytes) }
            }
            if let tally, let open {
                tally.record(records, open: open, end: tally.count + out.count, pageStarts: pageStarts)
            }
            out.write("\n  }")
            return
        }
        // Display order is ID order until records are moved: then no sorting is needed. The
        // pages a change left shared with the table as read, when that was by ID, are by ID
        // within (only where they meet the others is compared) and are copied whole; those
        // both hold unread are not read at all.
        let sorted = source.flatMap { $0.layout.places == nil ? $0.records : nil }
        let inIDOrder = isInIDOrder(records, sharingWith: sorted)
        let byID = inIDOrder
            ? []
            : records.indices.map { (RecordID.number(fromStored: records.id(at: $0)) ?? 0, $0) }
                .sorted { $0.0 < $1.0 }
        let pageMask = RecordList<Record>.pageSize - 1
        var pageStarts: [Int] = []
        if let source {
            var copier = RecordCopier(source: source)
            // Written by ID in display order, pages both hold unread are copied whole, never
            // read; in another order every record is written where its ID puts it: all lent.
            try lending(records, source.records, sharing: inIDOrder) { lent, old throws(Failure) in
                var position = 0
                // The records a delete shifted, copied with their orders put right, unread.
                let tail = inIDOrder ? records.shiftedTail(with: source.records) : nil
                while position < lent.count {
                    if let tail, position == tail.mine {
                        let copy = try copier.copyShifted(
                            from: tail.theirs, count: lent.count - position, firstOrder: position + 1,
                            into: &out, emit: emit
                        ) { offset, start in
                            if offset & pageMask == 0, let tally { pageStarts.append(tally.count + start) }
                        }
                        switch copy {
                        case .copied: break
                        case .notAsStamped: records.noteUnreadPagesFailed()
                        case .declined:
                            // Not where the file's records are (never, for a change budget made).
                            let rest = (position..<lent.count).lazy.map { records.element(at: $0) }
                            try copier.writeAnew(rest, into: &out, emit: emit)
                        }
                        break
                    }
                    if inIDOrder, position & pageMask == 0, let tally {
                        pageStarts.append(copier.nextRecordStart(after: tally.count + out.count))
                    }
                    if inIDOrder, let shared = lent.sharedPage(at: position, with: old) {
                        if try copier.copyUnchanged(at: position, count: shared, into: &out, emit: emit) {
                            position += shared
                            continue
                        }
                        if !lent.isLent(position &>> lent.shift) {
                            // Not where the file's records are (never, for a change budget made):
                            // written anew from the records as read.
                            let page = (position..<position + shared).lazy.map { records.element(at: $0) }
                            try copier.writeAnew(page, into: &out, emit: emit)
                            position += shared
                            continue
                        }
                    }
                    let index = inIDOrder ? position : byID[position].1
                    try copier.write(lent, at: index, readAs: old, into: &out, emit: emit)
                    position += 1
                }
            }
            try copier.finish(into: &out, emit: emit)
        } else {
            try LentElements.lending(records) { records throws(Failure) in
                for position in records.indices {
                    if inIDOrder, position & pageMask == 0, let tally {
                        pageStarts.append(tally.count + out.count + (position > 0 ? 1 : 0) + 5)
                    }
                    let index = inIDOrder ? position : byID[position].1
                    Record.schema.write(records[index], first: position == 0, into: &out)
                    if out.count >= pieceSize {
                        try out.withBytes(emit)
                        out.removeAll()
                    }
                }
            }
        }
        if let tally, let open, inIDOrder {
            tally.record(records, open: open, end: tally.count + out.count, pageStarts: pageStarts)
        }
        out.write("\n  }")
    }
}

extension FastDocumentCodec {
    /// Lends two lists, the pages both hold unread left unlent when `sharing`, else every page.
    fileprivate static func lending<Record: BaseModel, Result, Failure: Error>(
        _ list: RecordList<Record>, _ other: RecordList<Record>, sharing: Bool,
        _ body: (LentElements<Record>, LentElements<Record>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if sharing { return try LentElements.lending(list, other, body) }
        return try LentElements.lending(list) { first throws(Failure) in
            try LentElements.lending(other) { second throws(Failure) in try body(first, second) }
        }
    }

    /// Whether records are by ascending ID; the pages they share with `sorted` (records by
    /// ascending ID) are compared only where they meet the others, those both hold unread by
    /// their summaries' first and last IDs.
    fileprivate static func isInIDOrder<Record: BaseModel>(
        _ records: RecordList<Record>, sharingWith sorted: RecordList<Record>?
    ) -> Bool {
        LentElements.lending(records, sorted ?? []) { lent, old in
            /// The first or last ID of the page at `position`, which is not lent.
            func unlentID(at position: Int, last: Bool) -> String {
                let summary = records.summary(ofPage: position &>> lent.shift)
                return RecordID.string(for: (last ? summary?.lastID : summary?.firstID) ?? 0)
            }
            var position = 0
            while position < lent.count {
                if position > 0 {
                    let here = lent.isLent(position &>> lent.shift), before = lent.isLent((position - 1) &>> lent.shift)
                    if here && before {
                        if lent[position].id <= lent[position - 1].id { return false }
                    } else {
                        let id = here ? lent[position].id : unlentID(at: position, last: false)
                        let previous = before ? lent[position - 1].id : unlentID(at: position - 1, last: true)
                        if id <= previous { return false }
                    }
                }
                let page = position &>> lent.shift
                if !lent.isLent(page) {
                    // By ascending ID within, as its summary says (checked when it is read).
                    position = min((page + 1) &<< lent.shift, lent.count)
                } else if sorted != nil, let shared = lent.sharedPage(at: position, with: old) {
                    position += shared
                } else {
                    position += 1
                }
            }
            return true
        }
    }
}

/// One table as the fast reader read it: its records in file order, the highest ID in all and
/// in each block, and where each record starts when its fields were skipped.
private struct TableRead<Record: BaseModel> {
    var records: [Record]
    var highestID: Int
    var highestByBlock: [Int]
    var starts: [Int] = []
    /// Whether the records lie in display order (orders 1, 2, 3…), as the run saw them.
    var inDisplayOrder = false
    /// Where the records lie, when they are laid out as the writer lays them out and their
    /// starts were kept.
    var layout: WrittenTable?
    /// The records, unread, of a table of a stamped file (`records` is then empty).
    var deferred: RecordList<Record>?
}

