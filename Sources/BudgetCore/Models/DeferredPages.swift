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

extension PageSummary {
    /// The summary of a page of records (by ascending ID); `nil` when it is empty, an ID is not
    /// 8 digits, or the amounts do not add up within `Int.max`.
    init?<Record: BaseModel>(of records: ArraySlice<Record>) {
        guard let first = records.first.flatMap({ RecordID.number(fromStored: $0.id) }),
              let last = records.last.flatMap({ RecordID.number(fromStored: $0.id) }),
              let sizes = PageSummary.sizes(of: records) else { return nil }
        self.init(count: records.count, firstID: first, lastID: last, sizes: sizes)
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
    /// Reads a page's first records (page, how many), or says it could not: what a delete
    /// learns the pages it shifts from (`RecordList.removeShifting(atSorted:)`).
    private let readPrefix: (@Sendable (Int, Int) -> [Record]?)?
    /// The pages' bytes as the writer writes them, when they were made so (`EncodedPages`).
    let encoded: (any EncodedPages)?
    /// The pages these were made from, by a delete that shifted the records after it.
    let base: DeferredPages?
    /// The pages that are `base`'s at the same place (those before the delete's).
    let basePages: Range<Int>
    /// Where the records `base` holds shifted start: the records from `start` on are base's
    /// from `baseStart` on (`baseStart - start` places later there), orders aside.
    let tail: (start: Int, baseStart: Int)?

    /// Pages described by `summaries`, each read by `read` when first needed; `readPrefix`
    /// reads a page's first records alone.
    public convenience init(
        summaries: [PageSummary], blank: Record, readPrefix: (@Sendable (Int, Int) -> [Record]?)? = nil,
        read: @escaping @Sendable (Int) -> [Record]?
    ) {
        self.init(summaries: summaries, blank: blank, readPrefix: readPrefix, base: nil, read: read)
    }

    /// Pages whose bytes `encoded` holds as the writer writes them, each read by `read` when
    /// first needed.
    public convenience init(
        summaries: [PageSummary], blank: Record, encoded: any EncodedPages,
        readPrefix: (@Sendable (Int, Int) -> [Record]?)? = nil, read: @escaping @Sendable (Int) -> [Record]?
    ) {
        self.init(summaries: summaries, blank: blank, readPrefix: readPrefix, base: nil, encoded: encoded, read: read)
    }

    /// Pages made from `base`'s: its pages at `basePages` as they are, the records from
    /// `tail.start` on its from `tail.baseStart` on; each other page read by `read`.
    init(
        summaries: [PageSummary], blank: Record, readPrefix: (@Sendable (Int, Int) -> [Record]?)?,
        base: (pages: DeferredPages, same: Range<Int>, tail: (start: Int, baseStart: Int))?,
        encoded: (any EncodedPages)? = nil, read: @escaping @Sendable (Int) -> [Record]?
    ) {
        self.summaries = summaries
        self.encoded = base == nil ? encoded : nil
        self.blank = blank
        self.read = read
        self.readPrefix = readPrefix
        self.base = base?.pages
        basePages = base?.same ?? 0..<0
        tail = base?.tail
        slots = summaries.map { _ in WriteOnce([]) }
    }

    /// Whether a page did not read as its summary says (its records read blank), here or in
    /// the pages these were made from.
    public var hasFailed: Bool { failure.load(ordering: .acquiring) || (base?.hasFailed ?? false) }

    /// Notes that what was made from these pages cannot be trusted (their bytes were not as
    /// the stamp said): the store reads the whole file again.
    func fail() {
        failure.store(true, ordering: .releasing)
    }

    /// The pages a page is, and its place there: `base`'s for the pages these share with it.
    func origin(ofPage page: Int) -> (pages: ObjectIdentifier, page: Int) {
        if let base, basePages.contains(page) { return base.origin(ofPage: page) }
        return (ObjectIdentifier(self), page)
    }

    /// A page's first `count` records (all, when it holds fewer), read alone when the page is
    /// not; `nil` when they cannot be.
    func prefix(ofPage page: Int, count: Int) -> [Record]? {
        if isRead(page) || readPrefix == nil || count >= summaries[page].count {
            return Array(records(ofPage: page).prefix(count))
        }
        guard let records = readPrefix?(page, min(count, summaries[page].count)), !records.isEmpty else { return nil }
        return records
    }

    /// How many pages were read (for tests).
    var readCount: Int { slots.count { $0.isSet } }

    /// Whether the page was read already.
    func isRead(_ page: Int) -> Bool {
        if let base, basePages.contains(page) { return base.isRead(page) }
        return slots[page].isSet
    }

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
        if let base, basePages.contains(page) { return base.records(ofPage: page) }
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
