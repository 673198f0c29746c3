#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An array's elements lent where they lie, for the length of a call (`lending(_:_:)`), each
/// access checked against the count. Reading a field (`lent[i].order`) reads it in place; passing
/// a whole element to a function (`lent[i] == other[j]`, as with `array[i]`) copies it, retaining
/// every text and list it holds, so `sameBits` compares two elements' bytes instead. What the
/// comparisons of a change over every record of a table rely on: a change to one record of
/// 100,000 compares them all several times (`RecordSchema.changedRuns`, `RecordCopier`), and
/// those it left as they were have the same bits (measured: add 30% less CPU at 100,000).
struct LentElements<Element> {
    @usableFromInline let buffer: UnsafeBufferPointer<Element>

    @inlinable init(_ buffer: UnsafeBufferPointer<Element>) {
        self.buffer = buffer
    }

    @inlinable var count: Int { buffer.count }
    @inlinable var indices: Range<Int> { 0..<buffer.count }

    @inlinable subscript(position: Int) -> Element {
        _read {
            precondition(UInt(bitPattern: position) < UInt(bitPattern: buffer.count), "read past the elements' end")
            yield buffer[position]
        }
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
        precondition(UInt(bitPattern: position) < UInt(bitPattern: buffer.count), "read past the elements' end")
        precondition(
            UInt(bitPattern: otherPosition) < UInt(bitPattern: other.buffer.count), "read past the elements' end")
        let size = MemoryLayout<Element>.size
        precondition(skipped.lowerBound >= 0 && skipped.upperBound <= size, "skipped bytes outside the element")
        guard let base = buffer.baseAddress, let otherBase = other.buffer.baseAddress else { return false }
        let left = UnsafeRawPointer(base + position), right = UnsafeRawPointer(otherBase + otherPosition)
        return memcmp(left, right, skipped.lowerBound) == 0
            && memcmp(left + skipped.upperBound, right + skipped.upperBound, size - skipped.upperBound) == 0
    }

    /// Lends the elements of `array` to `body`, never beyond it.
    @inlinable static func lending<Result, Failure: Error>(
        _ array: [Element], _ body: (LentElements) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try array.withUnsafeBufferPointer { buffer throws(Failure) in try body(LentElements(buffer)) }
    }
}
