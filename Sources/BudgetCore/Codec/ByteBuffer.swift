#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer that appends with `memcpy`: the output for a large file (the data
/// file, a long listing) without `Array`'s per-append checks.
public struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// The number of bytes written.
    public private(set) var count = 0
    private var capacity: Int

    /// An empty buffer with room for `capacity` bytes (it grows as needed).
    public init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for at least `extra` more bytes.
    public mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    /// Adds one byte.
    public mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Adds bytes.
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        memcpy(base + count, source, bytes.count)
        count += bytes.count
    }

    /// Adds a literal's UTF-8.
    public mutating func write(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Adds a string's UTF-8.
    public mutating func write(utf8Of text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// A whole number in decimal.
    public mutating func write(_ number: Int) {
        writeInPlace(upTo: 20) { $0.put(number) }
    }

    /// A day as `YYYY-MM-DD`.
    public mutating func write(_ day: Day) {
        writeInPlace(upTo: 10) { $0.put(day) }
    }

    /// Reserves `maximum` bytes and lets `body` write up to that many in place.
    mutating func writeInPlace(upTo maximum: Int, _ body: (inout ByteSpace) -> Void) {
        reserve(maximum)
        var space = ByteSpace(base + count)
        body(&space)
        let written = space.next - (base + count)
        precondition(written <= maximum, "wrote past the reserved room")
        count += written
    }

    /// Forgets the bytes written, keeping the room.
    public mutating func removeAll() {
        count = 0
    }

    /// The bytes written, as a new array.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Lends the bytes written without copying them.
    public func withBytes<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}
