import Synchronization

/// The table an import transcoded, held in memory in its parts: its pages' bytes for the writer
/// to copy, and read as a stamped file's table is (`StampedTable`, over the parts joined, the
/// first time a record of them is needed).
final class TranscodedTable: EncodedPages {
    /// The parts' bytes: the first opens the table, the last closes it.
    private let parts: [[UInt8]]
    /// Where each part starts in the table joined.
    private let partStarts: [Int]
    /// Where the records lie in the table joined, page by page, and what each page holds.
    let layout: WriteStamp.Table
    /// The table joined, once a page is read.
    private let joined = Mutex<StampedTable<Expense>??>(nil)

    /// The table of the parts; `nil` when a page does not start as the layout says (the quote
    /// and the first ID of its first record), which never is.
    init?(_ transcoded: [RecordTranscoder.Transcoded]) {
        var starts: [Int] = [], pageStarts: [Int] = [], summaries: [PageSummary] = []
        var offset = 0
        for part in transcoded {
            starts.append(offset)
            for (start, summary) in zip(part.pageStarts, part.summaries) {
                guard part.bytes.count > start + 9, part.bytes[start] == UInt8(ascii: "\""),
                      ByteView.withBytes(of: part.bytes, { $0.word(at: start + 1) }).flatMap(ByteCursor.eightDigits)
                        == summary.firstID else { return nil }
                pageStarts.append(offset + start)
            }
            summaries += part.summaries
            offset += part.bytes.count
        }
        parts = transcoded.map(\.bytes)
        partStarts = starts
        layout = WriteStamp.Table(open: 0, end: offset - 4, pageStarts: pageStarts, summaries: summaries)
    }

    /// The table joined, as a stamped table (made at the first call); `nil` if it is not laid
    /// out as one.
    var stamped: StampedTable<Expense>? {
        joined.withLock { table in
            if let table { return table }
            let made = StampedTable<Expense>(FileContents(bytes: parts.flatMap { $0 }), layout)
            table = .some(made)
            return made
        }
    }

    func withBytes<Result, Failure: Error>(
        ofPage page: Int, _ body: (ByteView) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // A page starts at the line break before its first record (a comma first, but the first
        // page's), and ends where the next starts, or before the table's closing line: within
        // one part.
        let start = layout.pageStarts[page] - (page > 0 ? 6 : 5)
        let end = page + 1 < layout.pageStarts.count ? layout.pageStarts[page + 1] - 6 : layout.end
        let part = partStarts.lastIndex { $0 <= start } ?? 0
        let offset = partStarts[part]
        return try ByteView.withBytes(of: parts[part]) { bytes throws(Failure) in
            try body(bytes.slice(start - offset..<end - offset))
        }
    }
}
