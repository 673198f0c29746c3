/// Where a document's tables lie in the bytes of the file it was read from, when they are laid
/// out exactly as the writer lays them out: a writer copies the bytes of the records that did
/// not change instead of writing them again (`FastDocumentCodec.encode(_:reusing:emitting:)`).
/// Those bytes were read and checked as the records they hold, so copying them writes those
/// records; the file stays mapped while a document read from it keeps this.
struct WrittenTables: Sendable {
    /// The file's bytes.
    let contents: FileContents
    /// Each table's records, when laid out as written (`nil`: written anew).
    var incomes: WrittenTable?, expenses: WrittenTable?, transfers: WrittenTable?
    /// Whether the file hashes to the stamp its tables were read by, found on a thread of its
    /// own while the change is made (`nil`: read whole).
    var stampCheck: StampCheck?

    /// The layout of one kind's table.
    subscript<Record: BaseModel>(_ type: Record.Type) -> WrittenTable? {
        switch Record.kind {
        case .income: incomes
        case .expense: expenses
        case .transfer: transfers
        }
    }
}

/// One table's records as they lie in a file: by ascending ID, each record after a line break
/// and four spaces (a comma before all but the first), its fields as the writer lays them out,
/// the table closed by a line break, two spaces and a brace.
struct WrittenTable: Sendable {
    /// Where each record starts (the quote before its ID), in the file's order, which is by ID;
    /// empty when `stamped` knows them.
    private let starts: [Int]
    /// Where the records of a table read from a stamped file start, page by page (its pages
    /// are read when first needed: `StampedTable`).
    private let stamped: (any RecordStartFinding)?
    /// How many records the table holds.
    let count: Int
    /// Just past the last record's closing brace.
    let end: Int
    /// The place in the table (its `order` less one) of each record in the file's order; `nil`
    /// when that is the file's order (no record was moved).
    var places: [Int]?

    /// A table whose records were read, each starting where `starts` says.
    init(starts: [Int], end: Int, places: [Int]? = nil) {
        self.starts = starts
        stamped = nil
        count = starts.count
        self.end = end
        self.places = places
    }

    /// A table of a stamped file, its records where `stamped` finds them.
    init(stamped: any RecordStartFinding, count: Int, end: Int) {
        starts = []
        self.stamped = stamped
        self.count = count
        self.end = end
        places = nil
    }

    /// Where the record at `position` (in the file) starts: the quote before its ID.
    func start(of position: Int) -> Int {
        stamped?.start(of: position) ?? starts[position]
    }

    /// Where the first record starts, `end` when there is none.
    var firstStart: Int { count > 0 ? start(of: 0) : end }

    /// The place in the table of the record at `position` in the file.
    func place(ofRecordAt position: Int) -> Int {
        places?[position] ?? position
    }

    /// The bytes of the records at `range` (file positions) as the writer writes them: from the
    /// line break before the first to the last one's closing brace, the commas and line breaks
    /// between them included. (The comma before the first is the writer's to put.)
    func bytes(of range: Range<Int>) -> Range<Int> {
        let upper = range.upperBound < count ? start(of: range.upperBound) - 6 : end
        return start(of: range.lowerBound) - 5..<upper
    }
}

/// Where each record of a table starts in the file it was read from, found page by page.
protocol RecordStartFinding: AnyObject, Sendable {
    /// Where the record at `position` starts (the quote before its ID).
    func start(of position: Int) -> Int
}

/// Whether a file hashes to its stamp (`WriteStamp`), found on a thread of its own while the
/// change made from the pages it leaves unread goes on; what that change makes is written only
/// once the hash matched (`BudgetDocument.brokeItsStamp`).
final class StampCheck: Sendable {
    private let work: BackgroundWork<Bool>?

    /// Starts hashing `contents` against `stamp`.
    init(_ contents: FileContents, _ stamp: WriteStamp) {
        work = BackgroundWork { contents.withBytes { stamp.stamps($0) } }
    }

    /// The check of a stamp made from the bytes it describes (`TableScan`): nothing to hash.
    init() {
        work = nil
    }

    /// Whether the file hashes to its stamp (waits for the hash).
    var holds: Bool { work?.result() ?? true }

    /// Whether the stamp is checked by hashing the file (one from the lock file), not made
    /// from the file's own bytes (a scan's).
    var hashes: Bool { work != nil }
}
