/// A file budget did not stamp (copied in from a backup or another machine, written by an
/// earlier version, or its lock file gone) read for a change as if it had: its expenses, laid
/// out as budget writes a table and in display order by ID, are checked record by record by the
/// canonical reader (`RecordSchema.skimTableRecord`, the reader the undo history's records are
/// kept by), which makes no record, and described as a stamp describes a table
/// (`WriteStamp.Table`: where the table lies, where each page starts, what each page holds). The
/// change then reads only the pages it touches and copies the others' bytes, as it does after
/// budget's own write (`FastDocumentCodec.decodeForChange`), instead of reading every record.
///
/// A record the skim does not take (a list, an escape the writer does not write) is read by
/// the fast reader, and must be laid out as the writer lays it out. Anything else (another
/// layout, records moved out of ID order, a page whose amounts add up past `Int.max`) leaves
/// the table to be read whole, as before; so do a file kept on several devices (whose tables
/// are always read whole) and the other tables, which a household's file keeps small.
enum TableScan {
    /// The stamp the scan makes of `bytes` (its size, no hash: the tables come from these very
    /// bytes), with the expenses' table when it scans; `nil` when it does not.
    static func stamp(of bytes: ByteView) -> WriteStamp? {
        guard let expenses = table(Expense.self, in: bytes, from: expensesOpening(in: bytes)) else { return nil }
        var stamp = WriteStamp(size: bytes.count, hash: 0)
        stamp.tables[.expense] = expenses
        return stamp
    }

    /// Where the expenses' table opens when the file begins as budget writes one (its first
    /// key the expenses' counter, then the table).
    private static func expensesOpening(in bytes: ByteView) -> Int? {
        var cursor = ByteCursor(bytes)
        guard cursor.skip("{\n  \""), cursor.skip(Array(Expense.uniqueIdKey.utf8)), cursor.skip("\" : \""),
              let word = bytes.word(at: cursor.index), ByteCursor.eightDigits(word) != nil else { return nil }
        cursor.index += 8
        guard cursor.skip("\",\n  \""), cursor.skip(Array(Expense.dataKey.utf8)), cursor.skip("\" : ") else {
            return nil
        }
        return cursor.index
    }

    /// The table opening at `open`, its records checked one by one, as a stamp describes it;
    /// `nil` when it is empty or anything in it is not as budget writes it. A large table is
    /// scanned in two halves at once, as the reader reads one.
    private static func table<Record: BaseModel>(
        _ type: Record.Type, in bytes: ByteView, from open: Int?
    ) -> WriteStamp.Table? {
        guard let open, bytes.matches("{\n    \"", at: open) else { return nil }
        let first = open + 6  // the first record's quote
        let remaining = bytes.count - first
        var runs: [Run] = []
        if remaining >= FastDocumentCodec.concurrentTableSize,
           let split = FastDocumentCodec.recordStart(in: bytes, from: first + remaining / 2) {
            let second = BackgroundWork { run(Record.self, in: bytes, from: split, until: nil) }
            // The first half ends where the second starts, at the comma before its record.
            if let head = run(Record.self, in: bytes, from: first, until: split - 6), head.end == split - 6,
               let tail = second.result() {
                runs = [head, tail]
            }
        }
        if runs.isEmpty {
            guard let whole = run(Record.self, in: bytes, from: first, until: nil) else { return nil }
            runs = [whole]
        }
        guard runs[0].firstOrder == 1 else { return nil }
        var cursor = ByteCursor(bytes)
        cursor.index = runs[runs.count - 1].end
        guard cursor.skip("\n  }") else { return nil }
        return joined(runs, open: open)
    }

    /// Records scanned one after the other: where they end, their first and last positions and
    /// IDs, and their pages' summaries (the first and last maybe partial).
    private struct Run {
        var end = 0
        var firstOrder = 0, lastOrder = 0, firstID = 0, lastID = 0
        /// Each page the run reaches, by its index: where it starts when the run holds its first
        /// record, and what the run holds of it.
        var pages: [(index: Int, start: Int?, summary: PageSummary)] = []

        /// Adds a record's amount to the run's last page; `false` when the page's amounts add up
        /// past `Int.max`.
        mutating func add(_ amount: Int, id: Int) -> Bool {
            guard var page = pages.popLast() else { return false }
            let size = abs(amount)
            let (all, overflow) = page.summary.sizes.all.addingReportingOverflow(size)
            guard !overflow else { return false }
            page.summary.sizes = (all, page.summary.sizes.refunds + (amount < 0 ? size : 0))
            page.summary.count += 1
            page.summary.lastID = id
            pages.append(page)
            return true
        }
    }

    /// The records from the one whose quote is at `quote` on, up to the table's end or, with
    /// `stop`, up to the record ending there; positions come from the records' own orders, which
    /// must follow each other as the IDs ascend.
    private static func run<Record: BaseModel>(
        _ type: Record.Type, in bytes: ByteView, from quote: Int, until stop: Int?
    ) -> Run? {
        let shift = RecordList<Record>.pageShift
        var cursor = ByteCursor(bytes)
        cursor.index = quote
        var run = Run()
        var quote = quote
        while true {
            let isFirst = run.lastOrder == 0
            guard cursor.skip("\""), let word = bytes.word(at: cursor.index), let id = ByteCursor.eightDigits(word),
                  isFirst || id > run.lastID else { return nil }
            cursor.index += 8
            guard cursor.skip("\" : "), let record = record(Record.self, &cursor, id: id), record.id == id,
                  record.amount != Int.min, record.order >= 1,
                  isFirst || record.order == run.lastOrder + 1 else { return nil }
            let page = (record.order - 1) >> shift
            if run.pages.last?.index != page {
                let starts = (record.order - 1) & ((1 << shift) - 1) == 0
                let empty = PageSummary(count: 0, firstID: id, lastID: id, sizes: (0, 0))
                run.pages.append((page, starts ? quote : nil, empty))
            }
            guard run.add(record.amount, id: id) else { return nil }
            if isFirst { (run.firstOrder, run.firstID) = (record.order, id) }
            (run.lastOrder, run.lastID) = (record.order, id)
            if let stop, cursor.index >= stop { break }
            guard cursor.skip(",\n    ") else { break }
            quote = cursor.index
        }
        run.end = cursor.index
        return run
    }

    /// The runs of a table, one after the other, joined into its description: their orders and
    /// IDs must follow on, and a page they share is added up once.
    private static func joined(_ runs: [Run], open: Int) -> WriteStamp.Table? {
        var pageStarts: [Int] = [], summaries: [PageSummary] = []
        var previous: Run?
        for run in runs {
            if let previous {
                guard run.firstOrder == previous.lastOrder + 1, run.firstID > previous.lastID else { return nil }
            }
            for (index, page) in run.pages.enumerated() {
                if index == 0, previous?.pages.last?.index == page.index, var shared = summaries.popLast() {
                    let (all, overflow) = shared.sizes.all.addingReportingOverflow(page.summary.sizes.all)
                    guard !overflow else { return nil }
                    shared.sizes = (all, shared.sizes.refunds + page.summary.sizes.refunds)
                    shared.count += page.summary.count
                    shared.lastID = page.summary.lastID
                    summaries.append(shared)
                    continue
                }
                guard let start = page.start, page.index == summaries.count else { return nil }
                pageStarts.append(start)
                summaries.append(page.summary)
            }
            previous = run
        }
        guard let last = runs.last else { return nil }
        return WriteStamp.Table(open: open, end: last.end, pageStarts: pageStarts, summaries: summaries)
    }

    /// The ID number, position and amount of the record whose object is at the cursor, checked
    /// by the canonical reader, else read by the fast reader when laid out as the writer lays it
    /// out; the cursor is then past its closing brace.
    private static func record<Record: BaseModel>(
        _ type: Record.Type, _ cursor: inout ByteCursor, id: Int
    ) -> (id: Int, order: Int, amount: Int)? {
        let start = cursor.index
        if let skimmed = Record.schema.skimTableRecord(&cursor) { return skimmed }
        cursor.index = start
        let key = RecordID.string(for: id)
        var record = Record.schema.blank(key)
        var laidOut = false
        guard Record.schema.read(&cursor, key: (key, id), nesting: .table, into: &record, laidOut: &laidOut), laidOut,
              let number = RecordID.number(fromStored: record.id) else { return nil }
        return (number, record.order, record.amount)
    }
}
