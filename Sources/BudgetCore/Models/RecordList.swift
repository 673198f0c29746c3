/// A table's records in display order, kept in pages of 4,096 that are each copied on write on
/// their own: a change to a table whose records another value holds too (a transaction keeps
/// the document it read, to compare with) copies the pages it touches, not every record. An
/// append copies the last page at most; an edit, the page of the record edited.
///
/// Every page but the last is full, so a position's page is found by a shift. Pages made from
/// one array (a table as read) share its storage until each is written.
public struct RecordList<Record: BaseModel>: Sendable {
    /// The pages, each full but the last; an empty one is a page of `deferred` not read into
    /// this list yet (no page is empty otherwise).
    @usableFromInline var pages: [ArraySlice<Record>]
    /// How many records there are.
    @usableFromInline var total: Int
    /// Where the pages not read yet come from (`nil`: every page is read).
    @usableFromInline var deferred: DeferredPages<Record>?

    /// How many bits of a position count within its page.
    @usableFromInline static var pageShift: Int { 12 }
    /// How many records a full page holds.
    @usableFromInline static var pageSize: Int { 1 << pageShift }

    /// No records.
    @inlinable
    public init() {
        pages = []
        total = 0
        deferred = nil
    }

    /// The records of pages read when first needed: none is read yet.
    public init(deferred: DeferredPages<Record>) {
        self.deferred = deferred
        pages = [ArraySlice<Record>](repeating: [], count: deferred.summaries.count)
        total = deferred.summaries.reduce(0) { $0 + $1.count }
    }

    /// The records of an array, in its order; the pages share its storage.
    @inlinable
    public init(_ records: [Record]) {
        self.init()
        appendPages(of: records)
    }

    /// Appends the records of an array as pages of their own, sharing its storage; the last
    /// page must be full (or there are none).
    @usableFromInline
    mutating func appendPages(of records: [Record]) {
        var start = 0
        pages.reserveCapacity(pages.count + (records.count + Self.pageSize - 1) >> Self.pageShift)
        while start < records.count {
            let end = Swift.min(start + Self.pageSize, records.count)
            pages.append(records[start..<end])
            start = end
        }
        total += records.count
    }
}

// MARK: Collection

extension RecordList: RandomAccessCollection, MutableCollection {
    public typealias Index = Int
    public typealias Indices = Range<Int>

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { total }
    @inlinable public var count: Int { total }
    @inlinable public var isEmpty: Bool { total == 0 }
    @inlinable public var indices: Range<Int> { 0..<total }
    @inlinable public func index(after index: Int) -> Int { index + 1 }
    @inlinable public func index(before index: Int) -> Int { index - 1 }

    /// The record at a position (0-based, in display order).
    @inlinable
    public subscript(position: Int) -> Record {
        get {
            precondition(position >= 0 && position < total, "record position out of range")
            let page = position &>> Self.pageShift
            // A page left unread (`deferred`) is read through `element(at:)`, never here: this
            // stays small enough to be inlined, so that reading a field copies no record.
            precondition(!pages[page].isEmpty, "a record of a page not read")
            return pages[page][pages[page].startIndex + (position & (Self.pageSize - 1))]
        }
        set {
            precondition(position >= 0 && position < total, "record position out of range")
            let page = position &>> Self.pageShift
            let offset = position & (Self.pageSize - 1)
            readIn(page)
            let start = pages[page].startIndex
            pages[page][start + offset] = newValue
        }
        _modify {
            precondition(position >= 0 && position < total, "record position out of range")
            let page = position &>> Self.pageShift
            readIn(page)
            let start = pages[page].startIndex
            yield &pages[page][start + (position & (Self.pageSize - 1))]
        }
    }

    /// The record at a position, its page read first when it was left unread: what code that
    /// may hold a stamped table's pages unread reads with (the subscript would stop).
    @inlinable
    public func element(at position: Int) -> Record {
        precondition(position >= 0 && position < total, "record position out of range")
        if _slowPath(pages[position &>> Self.pageShift].isEmpty) { return deferredRecord(at: position) }
        return self[position]
    }

    /// A field of the record at a position, read where it lies (the record is not copied),
    /// its page read first when it was left unread.
    @inlinable
    public func field<Value>(at position: Int, _ read: (borrowing Record) -> Value) -> Value {
        precondition(position >= 0 && position < total, "record position out of range")
        let page = position &>> Self.pageShift
        if _slowPath(pages[page].isEmpty) { return read(deferredRecord(at: position)) }
        return read(pages[page][pages[page].startIndex + (position & (Self.pageSize - 1))])
    }

    /// The ID of the record at a position (`field(at:_:)`).
    @inlinable
    public func id(at position: Int) -> String {
        if _slowPath(pages[position &>> Self.pageShift].isEmpty), let id = consecutiveID(at: position) { return id }
        return field(at: position) { $0.id }
    }

    /// The order of the record at a position (`field(at:_:)`).
    @inlinable
    public func order(at position: Int) -> Int { field(at: position) { $0.order } }

    /// Walks the records page by page.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let list: RecordList
        @usableFromInline var page = 0
        @usableFromInline var inner: IndexingIterator<ArraySlice<Record>>

        @inlinable
        init(_ list: RecordList) {
            self.list = list
            inner = (list.pages.isEmpty ? [] : list.records(ofPage: 0)).makeIterator()
        }

        @inlinable
        public mutating func next() -> Record? {
            while true {
                if let record = inner.next() { return record }
                page += 1
                guard page < list.pages.count else { return nil }
                // A walk past its first page is taken to go on: the pages left unread are read
                // two at a time (a walk that stops in the first, as most lookups do, reads one).
                if page == 1 { list.readDeferred(from: 1) }
                inner = list.records(ofPage: page).makeIterator()
            }
        }
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(self) }
}

// MARK: Pages

extension RecordList {
    /// How many pages there are.
    var pageCount: Int { pages.count }

    /// The records of a page, read from `deferred` when this list has not read it.
    @inlinable
    func records(ofPage page: Int) -> ArraySlice<Record> {
        if _slowPath(pages[page].isEmpty) { return deferredRecords(ofPage: page) }
        return pages[page]
    }

    /// A page of `deferred`'s records, read the first time any list asks.
    @usableFromInline @inline(never)
    func deferredRecords(ofPage page: Int) -> ArraySlice<Record> {
        guard let deferred else { preconditionFailure("an empty page that is not deferred") }
        return deferred.records(ofPage: page)
    }

    /// Reads the deferred pages from `first` on (two at a time), for a change that reads them all.
    @usableFromInline
    func readDeferred(from first: Int) {
        guard let deferred, first < pages.count else { return }
        deferred.read(pages: (first..<pages.count).filter { pages[$0].isEmpty })
    }

    /// The list with every page read (two at a time) and held as read: for a walk by position
    /// over every record (reading a record of a page not held costs a look through `deferred`).
    public var whollyRead: RecordList {
        guard deferred != nil, pages.contains(where: \.isEmpty) else { return self }
        readDeferred(from: 0)
        var copy = self
        for page in copy.pages.indices { copy.readIn(page) }
        return copy
    }

    /// The record at a position of a page not read into this list.
    @usableFromInline @inline(never)
    func deferredRecord(at position: Int) -> Record {
        deferredRecords(ofPage: position &>> Self.pageShift)[position & (Self.pageSize - 1)]
    }

    /// Reads a deferred page into this list, to be written.
    @usableFromInline
    mutating func readIn(_ page: Int) {
        if _slowPath(pages[page].isEmpty) { pages[page] = deferredRecords(ofPage: page) }
    }

    /// The ID at a position of a page not read whose IDs are consecutive (as many as its first
    /// to its last: ascending, they are each of those), known from its summary without reading
    /// it; `nil` for any other page.
    @usableFromInline
    func consecutiveID(at position: Int) -> String? {
        guard position >= 0, position < total, let summary = summary(ofPage: position &>> Self.pageShift),
              summary.lastID &- summary.firstID == summary.count &- 1 else { return nil }
        return RecordID.string(for: summary.firstID + (position & (Self.pageSize - 1)))
    }

    /// The bytes of every page as the writer writes them, when the list holds none of its pages
    /// read and they were made as bytes (`EncodedPages`): the writer copies them.
    var encodedPages: (any EncodedPages)? {
        guard let encoded = deferred?.encoded, pages.allSatisfy(\.isEmpty) else { return nil }
        return encoded
    }

    /// A deferred page's summary; `nil` for a page this list holds read.
    func summary(ofPage page: Int) -> PageSummary? {
        pages[page].isEmpty ? deferred?.summaries[page] : nil
    }

    /// The pages this list and `other` both hold deferred from one source at the same place:
    /// the same records, known without reading them.
    func sharedDeferredPages(with other: RecordList) -> [Bool] {
        guard let deferred, let theirs = other.deferred else { return [Bool](repeating: false, count: pages.count) }
        return pages.indices.map {
            $0 < other.pages.count && pages[$0].isEmpty && other.pages[$0].isEmpty
                && deferred.origin(ofPage: $0) == theirs.origin(ofPage: $0)
        }
    }

    /// Whether a page (there in both) holds the same records in both, found without comparing
    /// them: deferred from one source in both, or one storage.
    func sharesPage(_ page: Int, with other: RecordList) -> Bool {
        let mine = pages[page], theirs = other.pages[page]
        if mine.isEmpty || theirs.isEmpty {
            guard mine.isEmpty, theirs.isEmpty, let deferred, let other = other.deferred else { return false }
            return deferred.origin(ofPage: page) == other.origin(ofPage: page)
        }
        return LentElements.isSameStorage(mine, theirs)
    }

    /// The records' amounts added up by their size, all and the negative ones (refunds) alone;
    /// `nil` when either is more than `Int.max`. A page not read counts by its summary.
    var amountSizes: (all: Int, refunds: Int)? {
        var all = 0, refunds = 0
        for page in pages.indices {
            guard let part = summary(ofPage: page)?.sizes ?? PageSummary.sizes(of: pages[page]) else { return nil }
            let (sum, overflow) = all.addingReportingOverflow(part.all)
            if overflow { return nil }
            all = sum
            refunds += part.refunds  // at most `all`: no overflow
        }
        return (all, refunds)
    }

    /// Whether any page is deferred and was not read: when one did not read as its summary said.
    var deferredFailed: Bool { deferred?.hasFailed ?? false }
}

// MARK: Changing

// Not a `RangeReplaceableCollection`: its `filter` would make a list a record at a time, where
// `Sequence`'s makes an array (which `RecordList(_:)` then takes as it is).
extension RecordList {
    /// Puts a record last: in place when the last page has room and is this list's alone.
    @inlinable
    public mutating func append(_ record: Record) {
        if let last = pages.indices.last { readIn(last) }
        if let last = pages.indices.last, pages[last].count < Self.pageSize {
            pages[last].append(record)
        } else {
            var page = ArraySlice<Record>()
            page.reserveCapacity(Self.pageSize)
            page.append(record)
            pages.append(page)
        }
        total += 1
    }

    /// Room for `minimumCapacity` records: the pages' list only (each page grows as written).
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        pages.reserveCapacity((minimumCapacity + Self.pageSize - 1) >> Self.pageShift)
    }

    /// Removes the record at a position and returns it.
    @discardableResult
    public mutating func remove(at position: Int) -> Record {
        let record = element(at: position)
        replaceSubrange(position..<position + 1, with: EmptyCollection())
        return record
    }

    /// Puts a record at a position, the records from there on one place later.
    public mutating func insert(_ record: Record, at position: Int) {
        replaceSubrange(position..<position, with: CollectionOfOne(record))
    }

    /// Puts records at a position, the records from there on after them.
    public mutating func insert<C: Collection>(contentsOf records: C, at position: Int) where C.Element == Record {
        replaceSubrange(position..<position, with: records)
    }

    /// Replaces the records in `range`: the pages before it stay as they are, those from its
    /// page on are made anew (they shift).
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C)
    where C.Element == Record {
        precondition(range.lowerBound >= 0 && range.upperBound <= total, "record range out of range")
        let firstPage = range.lowerBound >> Self.pageShift
        let from = firstPage << Self.pageShift
        readDeferred(from: firstPage)
        var tail: [Record] = []
        tail.reserveCapacity(total - from - range.count + newElements.count)
        for page in firstPage..<pages.count {
            let start = page << Self.pageShift
            for (offset, record) in records(ofPage: page).enumerated() {
                let position = start + offset
                if position == range.lowerBound { tail.append(contentsOf: newElements) }
                if !range.contains(position) { tail.append(record) }
            }
        }
        if range.lowerBound == total { tail.append(contentsOf: newElements) }
        pages.removeSubrange(firstPage...)
        total = from
        appendPages(of: tail)
    }
}

extension RecordList {
    /// Removes the records at these positions (ascending, each once): the pages before the
    /// first stay as they are, those from its page on are made anew once, each record that
    /// stays in them passed to `fix` with its new position (written there, no page is copied again).
    mutating func remove(atSorted positions: [Int], fixing fix: (inout Record, Int) -> Void = { _, _ in }) {
        guard let first = positions.first else { return }
        let firstPage = first >> Self.pageShift
        readDeferred(from: firstPage)
        var tail: [Record] = []
        tail.reserveCapacity(total - (firstPage << Self.pageShift) - positions.count)
        var next = 0
        for page in firstPage..<pages.count {
            let start = page << Self.pageShift
            let records = records(ofPage: page)
            for offset in 0..<records.count {
                if next < positions.count && positions[next] == start + offset {
                    next += 1
                } else {
                    // Copied once, where it stays, and fixed there.
                    tail.append(records[records.startIndex + offset])
                    fix(&tail[tail.count - 1], start + offset - next)
                }
            }
        }
        pages.removeSubrange(firstPage...)
        total = firstPage << Self.pageShift
        appendPages(of: tail)
    }
}

extension LentElements where Element: BaseModel {
    /// Lends the records of a list to `body`, never beyond it: each page where it lies.
    static func lending<Result, Failure: Error>(
        _ list: RecordList<Element>, _ body: (LentElements) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lending(pages: list.readPages(unlent: nil), shift: RecordList<Element>.pageShift, body)
    }

    /// Lends the records of two lists to `body`, never beyond it, but for the pages both hold
    /// deferred from one source at the same place (`RecordList.sharedDeferredPages(with:)`),
    /// which stay unread and unlent (`isLent`), and the pages that lie wholly within the runs
    /// a delete shifted (`RecordList.shiftedTail(with:)`): what compares two lists or writes
    /// one copied from the other passes those pages by their summaries, without their records.
    static func lending<Result, Failure: Error>(
        _ list: RecordList<Element>, _ other: RecordList<Element>,
        _ body: (LentElements, LentElements) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var mine = list.sharedDeferredPages(with: other), theirs = mine
        let shift = RecordList<Element>.pageShift
        let tail = list.shiftedTail(with: other)
        if let tail {
            for page in mine.indices where page << shift >= tail.mine { mine[page] = true }
            theirs = (0..<other.pageCount).map { ($0 < theirs.count && theirs[$0]) || $0 << shift >= tail.theirs }
        }
        return try lending(pages: list.readPages(unlent: mine), shift: shift, count: list.count) {
            first throws(Failure) in
            try lending(pages: other.readPages(unlent: theirs), shift: shift, count: other.count) {
                second throws(Failure) in
                var first = first, second = second
                if let tail {
                    first.shiftedStart = tail.mine
                    second.shiftedStart = tail.theirs
                }
                return try body(first, second)
            }
        }
    }
}

extension RecordList {
    /// The pages, those deferred read (through `deferred`, for every list that holds them), but
    /// for those `unlent` marks, left empty.
    func readPages(unlent: [Bool]?) -> [ArraySlice<Record>] {
        guard let deferred else { return pages }
        func isUnlent(_ page: Int) -> Bool { unlent.map { page < $0.count && $0[page] } ?? false }
        // The pages to lend that are not read, read two at a time.
        deferred.read(pages: pages.indices.filter { pages[$0].isEmpty && !isUnlent($0) })
        return pages.indices.map { isUnlent($0) ? [] : records(ofPage: $0) }
    }
}

// MARK: Comparing

extension RecordList: Equatable, Hashable {
    /// Whether both hold equal records in the same order (pages one storage are not compared).
    public static func == (lhs: RecordList, rhs: RecordList) -> Bool {
        guard lhs.total == rhs.total else { return false }
        if lhs.pages.count == rhs.pages.count {
            for page in lhs.pages.indices where !lhs.sharesPage(page, with: rhs) {
                guard lhs.records(ofPage: page) == rhs.records(ofPage: page) else { return false }
            }
            return true
        }
        return lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(total)
        for record in self { hasher.combine(record) }
    }
}

extension RecordList: ExpressibleByArrayLiteral {
    /// The records listed.
    public init(arrayLiteral records: Record...) {
        self.init(records)
    }
}
