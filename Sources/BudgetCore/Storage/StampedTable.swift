import Synchronization

/// One table of a file that still hashes to its stamp (`WriteStamp`), read page by page when a
/// page is first needed (`DeferredPages`), and where its records start.
///
/// A page reads only if it holds exactly what its summary says (how many records, their first
/// and last IDs, ascending, at their places, their amounts' sizes) and is laid out as the
/// writer lays it out; else it reads as failed, and the store reads the whole file again.
final class StampedTable<Record: BaseModel>: RecordStartFinding {
    /// The file's bytes, mapped for as long as a list holds a page not read.
    let contents: FileContents
    /// Where the records lie, page by page, and what each page holds.
    let table: WriteStamp.Table
    /// Where each record of the pages read starts.
    private let starts: Mutex<[[Int]?]>

    /// The table `table` describes in `contents`, when its pages start where it says (each with
    /// a record of its first ID, as the writer lays one out) and it opens and ends where it says.
    init?(_ contents: FileContents, _ table: WriteStamp.Table) {
        let pageSize = RecordList<Record>.pageSize
        guard !table.summaries.isEmpty, table.pageStarts.count == table.summaries.count,
              table.summaries.dropLast().allSatisfy({ $0.count == pageSize }),
              let last = table.summaries.last, last.count > 0, last.count <= pageSize,
              table.summaries.allSatisfy({ $0.firstID <= $0.lastID && $0.sizes.refunds <= $0.sizes.all }),
              table.count <= RecordID.maximum else { return nil }
        let laidOut = contents.withBytes { bytes in
            // Every place within the file, checked before any is read (a stamp may be forged).
            guard table.open >= 0, table.open < table.end, table.end < bytes.count,
                  bytes[table.open] == UInt8(ascii: "{"), bytes[table.end - 1] == UInt8(ascii: "}")
            else { return false }
            var previous = table.open
            for (start, summary) in zip(table.pageStarts, table.summaries) {
                guard start > previous, start >= 6, start < table.end - 9,
                      FastDocumentCodec.recordStart(in: bytes, from: start - 5) == start,
                      let word = bytes.word(at: start + 1), ByteCursor.eightDigits(word) == summary.firstID
                else { return false }
                previous = start
            }
            return true
        }
        guard laidOut else { return nil }
        self.contents = contents
        self.table = table
        starts = Mutex([[Int]?](repeating: nil, count: table.summaries.count))
    }

    /// The table's records, each page read when first needed.
    var records: RecordList<Record> {
        let blank = Record.schema.blank(RecordID.string(for: 0))
        let pages = DeferredPages(
            summaries: table.summaries, blank: blank, readPrefix: { [self] page, count in readPrefix(page, count) },
            read: { [self] page in read(page) })
        return RecordList(deferred: pages)
    }

    /// Where the records lie, for the writer that copies them.
    var layout: WrittenTable {
        WrittenTable(stamped: self, count: table.count, end: table.end)
    }

    /// The records of a page, `nil` when it does not hold what its summary says.
    func read(_ page: Int) -> [Record]? {
        let summary = table.summaries[page]
        let start = table.pageStarts[page]
        let stop = page + 1 < table.pageStarts.count ? table.pageStarts[page + 1] : Int.max
        var found: [Int]?
        let records = contents.withBytes { bytes in
            FillTarget<Record>.array(capacity: summary.count) { target in
                var run = RecordRun<Record>(into: target, keepingStarts: true)
                var cursor = ByteCursor(bytes)
                cursor.index = start
                let outcome = run.read(&cursor, stoppingAt: stop)
                if let filled = run.target { target = filled }
                // The last page ends the table: at its closing brace, on a line of its own.
                let ended = stop == .max
                    ? outcome == .ended && cursor.index == table.end + 3 && bytes.matches("\n  }", at: table.end)
                    : outcome == .stopped
                if ended, run.count == summary.count, run.ascending, run.laidOut, run.ordersFollow,
                   run.firstOrder == page << RecordList<Record>.pageShift + 1,
                   run.lowest == summary.firstID, run.highest == summary.lastID {
                    found = run.starts
                }
            }
        }
        guard let found, let sizes = PageSummary.sizes(of: records),
              sizes.all == summary.sizes.all, sizes.refunds == summary.sizes.refunds else { return nil }
        starts.withLock { $0[page] = found }
        return records
    }

    /// The first `count` records of a page (fewer than it holds), `nil` when they are not what
    /// its summary says they start with (the first ID, ascending, orders at their places).
    func readPrefix(_ page: Int, _ count: Int) -> [Record]? {
        let summary = table.summaries[page]
        guard count > 0, count < summary.count else { return nil }
        let first = page << RecordList<Record>.pageShift
        let stop = start(of: first + count)
        var found = false
        let records = contents.withBytes { bytes in
            FillTarget<Record>.array(capacity: count) { target in
                var run = RecordRun<Record>(into: target, keepingStarts: false)
                var cursor = ByteCursor(bytes)
                cursor.index = table.pageStarts[page]
                let outcome = run.read(&cursor, stoppingAt: stop)
                if let filled = run.target { target = filled }
                if outcome == .stopped, run.count == count, run.ascending, run.laidOut, run.ordersFollow,
                   run.firstOrder == first + 1, run.lowest == summary.firstID, run.highest <= summary.lastID {
                    found = true
                }
            }
        }
        return found ? records : nil
    }

    /// Where the record at `position` starts: a page's first from the stamp, the others from
    /// the page as read (found again from the page's start when it was not).
    func start(of position: Int) -> Int {
        let page = position >> RecordList<Record>.pageShift
        let offset = position & (RecordList<Record>.pageSize - 1)
        if offset == 0 { return table.pageStarts[page] }
        if let known = starts.withLock({ $0[page] }), offset < known.count { return known[offset] }
        return contents.withBytes { bytes in
            var start = table.pageStarts[page]
            for _ in 0..<offset {
                guard let next = FastDocumentCodec.recordStart(in: bytes, from: start + 1) else { break }
                start = next
            }
            return start
        }
    }
}
