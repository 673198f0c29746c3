/// A table's records in display order, kept in pages of 4,096 that are each copied on write on
/// their own: a change to a table whose records another value holds too (a transaction keeps
/// the document it read, to compare with) copies the pages it touches, not every record. An
/// append copies the last page at most; an edit, the page of the record edited.
///
/// Every page but the last is full, so a position's page is found by a shift. Pages made from
/// one array (a table as read) share its storage until each is written.
public struct RecordList<Record: BaseModel>: Sendable {
    /// The pages, each full but the last (and none empty).
    @usableFromInline var pages: [ArraySlice<Record>]
    /// How many records there are.
    @usableFromInline var total: Int

    /// How many bits of a position count within its page.
    @usableFromInline static var pageShift: Int { 12 }
    /// How many records a full page holds.
    @usableFromInline static var pageSize: Int { 1 << pageShift }

    /// No records.
    @inlinable
    public init() {
        pages = []
        total = 0
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
            let offset = position & (Self.pageSize - 1)
            return pages[page][pages[page].startIndex + offset]
        }
        set {
            precondition(position >= 0 && position < total, "record position out of range")
            let page = position &>> Self.pageShift
            let offset = position & (Self.pageSize - 1)
            let start = pages[page].startIndex
            pages[page][start + offset] = newValue
        }
    }

    /// Walks the records page by page.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let pages: [ArraySlice<Record>]
        @usableFromInline var page = 0
        @usableFromInline var inner: IndexingIterator<ArraySlice<Record>>

        @inlinable
        init(_ pages: [ArraySlice<Record>]) {
            self.pages = pages
            inner = (pages.first ?? []).makeIterator()
        }

        @inlinable
        public mutating func next() -> Record? {
            while true {
                if let record = inner.next() { return record }
                page += 1
                guard page < pages.count else { return nil }
                inner = pages[page].makeIterator()
            }
        }
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(pages) }
}

// MARK: Changing

// Not a `RangeReplaceableCollection`: its `filter` would make a list a record at a time, where
// `Sequence`'s makes an array (which `RecordList(_:)` then takes as it is).
extension RecordList {
    /// Puts a record last: in place when the last page has room and is this list's alone.
    @inlinable
    public mutating func append(_ record: Record) {
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
        let record = self[position]
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
        var tail: [Record] = []
        tail.reserveCapacity(total - from - range.count + newElements.count)
        for page in firstPage..<pages.count {
            let start = page << Self.pageShift
            for (offset, record) in pages[page].enumerated() {
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
        var tail: [Record] = []
        tail.reserveCapacity(total - (firstPage << Self.pageShift) - positions.count)
        var next = 0
        for page in firstPage..<pages.count {
            let start = page << Self.pageShift
            let records = pages[page]
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
        try lending(pages: list.pages, shift: RecordList<Element>.pageShift, body)
    }
}

// MARK: Comparing

extension RecordList: Equatable, Hashable {
    /// Whether both hold equal records in the same order (pages one storage are not compared).
    public static func == (lhs: RecordList, rhs: RecordList) -> Bool {
        guard lhs.total == rhs.total else { return false }
        if lhs.pages.count == rhs.pages.count {
            for page in lhs.pages.indices where !LentElements.isSameStorage(lhs.pages[page], rhs.pages[page]) {
                guard lhs.pages[page] == rhs.pages[page] else { return false }
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
