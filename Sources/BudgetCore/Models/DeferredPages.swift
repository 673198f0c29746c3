import Synchronization

/// What is known of a page of records without reading them: how many there are, the lowest and
/// highest ID numbers among them (the first's and the last's: a page kept so lists them by ID),
/// and their amounts added up by size, all and the negative ones (refunds) alone.
public struct PageSummary: Equatable, Sendable {
    /// How many records the page holds.
    public var count: Int
    /// The first record's ID number and the last's.
    public var firstID: Int, lastID: Int
    /// The records' amounts by their size, all and refunds alone (each at most `Int.max`).
    public var sizes: (all: Int, refunds: Int)

    /// A page's summary.
    public init(count: Int, firstID: Int, lastID: Int, sizes: (all: Int, refunds: Int)) {
        self.count = count
        self.firstID = firstID
        self.lastID = lastID
        self.sizes = sizes
    }

    /// The records' amounts added up by their size, all and the negative ones alone, in one
    /// walk; `nil` when either is more than `Int.max` (an amount of `Int.min` has no size that fits).
    static func sizes<Records: Collection>(of records: Records) -> (all: Int, refunds: Int)?
    where Records.Element: BaseModel {
        var all = 0, refunds = 0
        // By index: each amount read where it lies, no record copied.
        for index in records.indices {
            let amount = records[index].amount
            guard amount != Int.min else { return nil }
            let size = abs(amount)
            let (sum, overflow) = all.addingReportingOverflow(size)
            if overflow { return nil }
            all = sum
            if amount < 0 { refunds += size }  // at most `all`: no overflow
        }
        return (all, refunds)
    }

    public static func == (lhs: PageSummary, rhs: PageSummary) -> Bool {
        lhs.count == rhs.count && lhs.firstID == rhs.firstID && lhs.lastID == rhs.lastID
            && lhs.sizes.all == rhs.sizes.all && lhs.sizes.refunds == rhs.sizes.refunds
    }
}

/// Pages of a table kept unread until a record of them is first read, then read once for every
/// list that holds them (the document a change started from and the one it makes share them).
/// A change to one record of 100,000 reads that record's page, not the other 24: the pages it
/// leaves as they were are written by copying their bytes (`RecordCopier`), checked by their
/// summaries (`PageSummary`).
///
/// The pages come from a file budget wrote and stamped (`WriteStamp`): their bytes were checked
/// when they were written. Should a page not read as its summary says all the same, its records
/// read blank and `hasFailed` turns true; the store then reads the whole file again, and
/// nothing made from the blank records is written.
public final class DeferredPages<Record: BaseModel>: Sendable {
    /// Each page's summary, in the table's order; every page full but the last.
    public let summaries: [PageSummary]
    /// Reads a page's records, or says it could not (`nil`).
    private let read: @Sendable (Int) -> [Record]?
    /// A record to stand in for those of a page that did not read.
    private let blank: Record
    /// Each page, once read: looked at without a lock (a hot walk reads a record at a time).
    private let slots: [WriteOnce<ArraySlice<Record>>]
    /// Held while a page read is published, so that every list sees the first read's storage.
    private let publishing = Mutex(())
    /// Whether a page did not read as its summary says.
    private let failure = Atomic<Bool>(false)

    /// Pages described by `summaries`, each read by `read` when first needed.
    public init(summaries: [PageSummary], blank: Record, read: @escaping @Sendable (Int) -> [Record]?) {
        self.summaries = summaries
        self.blank = blank
        self.read = read
        slots = summaries.map { _ in WriteOnce([]) }
    }

    /// Whether a page did not read as its summary says (its records read blank).
    public var hasFailed: Bool { failure.load(ordering: .acquiring) }

    /// How many pages were read (for tests).
    var readCount: Int { slots.count { $0.isSet } }

    /// Whether the page was read already.
    func isRead(_ page: Int) -> Bool { slots[page].isSet }

    /// Reads the pages `wanted` not read yet, the later half of them on a thread of its own
    /// (as the reader reads a large table in two halves at once): for a change that needs many
    /// (a delete shifts every record after it).
    func read(pages wanted: some Sequence<Int>) {
        let unread = wanted.filter { !isRead($0) }
        guard unread.count > 1 else {
            for page in unread { _ = records(ofPage: page) }
            return
        }
        let half = unread.count / 2
        let later = Array(unread[half...])
        let second = BackgroundWork { [self] in
            for page in later { _ = records(ofPage: page) }
        }
        for page in unread[..<half] { _ = records(ofPage: page) }
        second.result()
    }

    /// The records of a page, read the first time.
    func records(ofPage page: Int) -> ArraySlice<Record> {
        let slot = slots[page]
        if slot.isSet { return slot.value }
        // Read outside the lock: another thread may read the same page meanwhile, and the first
        // to publish is kept, so every list sees one storage.
        let summary = summaries[page]
        var records = read(page).map(ArraySlice.init) ?? []
        if records.count != summary.count {
            failure.store(true, ordering: .releasing)
            records = ArraySlice(repeating: blank, count: summary.count)
        }
        publishing.withLock { _ in slot.set(records) }
        return slot.value
    }
}
