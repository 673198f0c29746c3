#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An array's elements (or a paged list's, page by page) lent where they lie, for the length of
/// a call (`lending(_:_:)`), each access checked against the count. Reading a field
/// (`lent[i].order`) reads it in place; passing a whole element to a function
/// (`lent[i] == other[j]`, as with `array[i]`) copies it, retaining every text and list it
/// holds, so `sameBits` compares two elements' bytes instead. What the comparisons of a change
/// over every record of a table rely on: a change to one record of 100,000 compares them all
/// several times (`RecordSchema.changedRuns`, `RecordCopier`), and those it left as they were
/// have the same bits (measured: add 30% less CPU at 100,000).
///
/// A page can be left unlent (an empty buffer where a full one would be: `isLent`), when two
/// lists lent together both hold it unread from one source (`RecordList`'s deferred pages):
/// the two then share it, and reading an element of it stops the program (a caller's mistake,
/// never a file's).
struct LentElements<Element> {
    /// The elements, in pages of `1 << shift` each (all full but the last); an empty one is unlent.
    @usableFromInline let pages: [UnsafeBufferPointer<Element>]
    /// How many bits of a position count within its page.
    @usableFromInline let shift: Int
    /// How many elements there are.
    @usableFromInline let count: Int
    /// Where a run of pages starts that are unlent because they hold another list's elements
    /// at other positions (a delete shifted them): never shared with it; `count` when none.
    @usableFromInline var shiftedStart: Int

    /// The elements of one buffer.
    @inlinable init(_ buffer: UnsafeBufferPointer<Element>) {
        self.init(pages: [buffer], shift: Int.bitWidth - 2)
    }

    /// The elements of pages of `1 << shift` elements each, all full but the last.
    @inlinable init(pages: [UnsafeBufferPointer<Element>], shift: Int) {
        self.init(pages: pages, shift: shift, count: pages.reduce(0) { $0 + $1.count })
    }

    /// `count` elements in pages of `1 << shift` each, all full but the last, some perhaps
    /// unlent (empty).
    @inlinable init(pages: [UnsafeBufferPointer<Element>], shift: Int, count: Int) {
        self.pages = pages
        self.shift = shift
        self.count = count
        shiftedStart = count
    }

    /// Whether the page's elements are lent (else both lists lent together share it unread).
    @inlinable func isLent(_ page: Int) -> Bool { !pages[page].isEmpty }

    /// How many elements a page holds, lent or not.
    @inlinable func elementCount(ofPage page: Int) -> Int {
        page < pages.count - 1 ? 1 << shift : count - ((pages.count - 1) << shift)
    }

    @inlinable var indices: Range<Int> { 0..<count }

    /// Where the element at a position lies.
    @inlinable func address(_ position: Int) -> UnsafePointer<Element>? {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "read past the elements' end")
        let page = pages[position &>> shift]
        precondition(!page.isEmpty, "read an element of a page not lent")
        return page.baseAddress.map { $0 + (position & ((1 << shift) - 1)) }
    }

    @inlinable subscript(position: Int) -> Element {
        _read {
            precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "read past the elements' end")
            let page = pages[position &>> shift], offset = position & ((1 << shift) - 1)
            precondition(offset < page.count, "read an element of a page not lent")
            yield page[offset]
        }
    }

    /// How many elements from the first lie in pages both lend from one buffer (the same
    /// address, the same count): the same elements, found without comparing them. A list's
    /// pages that neither copy wrote since one was copied from the other are such pages.
    @inlinable func sharedLeadingCount(with other: LentElements) -> Int {
        guard shift == other.shift else { return 0 }
        var shared = 0
        for page in 0..<Swift.min(pages.count, other.pages.count) {
            guard sharesPage(page, with: other) else { break }
            shared += elementCount(ofPage: page)
        }
        return shared
    }

    /// Whether page `page` (there in both) is lent from one buffer by both (the same address,
    /// the same count), or unlent by both (lent together, both hold it unread from one source).
    @inlinable func sharesPage(_ page: Int, with other: LentElements) -> Bool {
        guard page << shift < shiftedStart, page << other.shift < other.shiftedStart else { return false }
        if pages[page].isEmpty || other.pages[page].isEmpty {
            return pages[page].isEmpty && other.pages[page].isEmpty
                && elementCount(ofPage: page) == other.elementCount(ofPage: page)
        }
        return pages[page].baseAddress == other.pages[page].baseAddress && pages[page].count == other.pages[page].count
    }

    /// How many elements up to the last lie in pages both lend from one buffer, when both have
    /// as many elements (so that their pages lie at the same positions): the same elements at
    /// the same positions, as `sharedLeadingCount` finds them from the first.
    @inlinable func sharedTrailingCount(with other: LentElements) -> Int {
        guard shift == other.shift, count == other.count, pages.count == other.pages.count else { return 0 }
        var shared = 0
        for page in pages.indices.reversed() {
            guard sharesPage(page, with: other) else { break }
            shared += elementCount(ofPage: page)
        }
        return shared
    }

    /// How many elements the page starting at `position` holds, when `other` lends that page
    /// from the same buffer at the same position (the same elements); `nil` when `position`
    /// starts no page or the page is not shared.
    @inlinable func sharedPage(at position: Int, with other: LentElements) -> Int? {
        guard shift == other.shift, position & ((1 << shift) - 1) == 0 else { return nil }
        let page = position &>> shift
        guard page < pages.count, page < other.pages.count, sharesPage(page, with: other) else { return nil }
        let count = elementCount(ofPage: page)
        return count > 0 ? count : nil
    }

    /// Whether the element at `position` has the same bits as `other`'s at `otherPosition`:
    /// then they are the same value (the same numbers, the same texts' storage), found without
    /// the copies that passing both to `==` makes (their addresses are not the compiler's to
    /// borrow from: it copies each, retaining every text). `false` says nothing: bits differ
    /// for equal values too (texts with storage of their own, padding). Not for elements that
    /// hold floating-point numbers (a NaN has the same bits as itself but is not equal to it).
    @inlinable func sameBits(_ position: Int, _ other: LentElements, _ otherPosition: Int) -> Bool {
        sameBits(position, other, otherPosition, except: 0..<0)
    }

    /// `sameBits`, but for the bytes in `skipped` (one field's: a record's position).
    @inlinable func sameBits(
        _ position: Int, _ other: LentElements, _ otherPosition: Int, except skipped: Range<Int>
    ) -> Bool {
        let size = MemoryLayout<Element>.size
        precondition(skipped.lowerBound >= 0 && skipped.upperBound <= size, "skipped bytes outside the element")
        guard let left = address(position).map(UnsafeRawPointer.init),
              let right = other.address(otherPosition).map(UnsafeRawPointer.init) else { return false }
        return memcmp(left, right, skipped.lowerBound) == 0
            && memcmp(left + skipped.upperBound, right + skipped.upperBound, size - skipped.upperBound) == 0
    }

    /// Lends the elements of `array` to `body`, never beyond it.
    @inlinable static func lending<Result, Failure: Error>(
        _ array: [Element], _ body: (LentElements) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try array.withUnsafeBufferPointer { buffer throws(Failure) in try body(LentElements(buffer)) }
    }

    /// Lends the elements of pages, each `1 << shift` long but the last, to `body`, never
    /// beyond it: each page's buffer is valid within its own call, so the calls nest, one per
    /// page (a table of records has at most 24,415 pages of 4,096, its IDs' room; measured, a
    /// call takes 112 bytes of stack, so 2.7 MB for the most).
    static func lending<Result, Failure: Error>(
        pages: [ArraySlice<Element>], shift: Int, count: Int? = nil, _ body: (LentElements) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var buffers: [UnsafeBufferPointer<Element>] = []
        buffers.reserveCapacity(pages.count)
        let total = count ?? pages.reduce(0) { $0 + $1.count }
        func lend(_ page: Int) throws(Failure) -> Result {
            guard page < pages.count else { return try body(LentElements(pages: buffers, shift: shift, count: total)) }
            return try pages[page].withUnsafeBufferPointer { buffer throws(Failure) in
                buffers.append(buffer)
                return try lend(page + 1)
            }
        }
        return try lend(0)
    }

    /// Whether two slices are one storage, the same elements (a page of a list neither copy has
    /// written since one was copied from the other).
    static func isSameStorage(_ one: ArraySlice<Element>, _ other: ArraySlice<Element>) -> Bool {
        one.withUnsafeBufferPointer { first in
            other.withUnsafeBufferPointer { second in
                first.baseAddress == second.baseAddress && first.count == second.count
            }
        }
    }
}
