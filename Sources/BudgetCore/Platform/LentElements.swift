/// An array's elements lent where they lie, for the length of a call (`lending(_:_:)`), each
/// access checked against the count: reading `lent[i]` borrows the element, where passing
/// `array[i]` to a function copies it (retaining every text and list it holds). What the
/// comparisons of a change over every record of a table rely on: a change to one record of
/// 100,000 compares them all several times (`RecordSchema.changedRuns`, `RecordCopier`).
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

    /// Lends the elements of `array` to `body`, never beyond it.
    @inlinable static func lending<Result, Failure: Error>(
        _ array: [Element], _ body: (LentElements) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try array.withUnsafeBufferPointer { buffer throws(Failure) in try body(LentElements(buffer)) }
    }
}
