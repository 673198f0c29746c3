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

    /// A whole non-negative number in decimal.
    public mutating func write(_ number: Int) {
        guard number >= 0 else {
            write(utf8Of: String(number))
            return
        }
        reserve(20)
        var rest = number
        let start = count
        repeat {
            base[count] = UInt8(ascii: "0") + UInt8(rest % 10)
            count += 1
            rest /= 10
        } while rest > 0
        var low = start, high = count - 1
        while low < high {
            (base[low], base[high]) = (base[high], base[low])
            low += 1
            high -= 1
        }
    }

    /// A day as `YYYY-MM-DD`.
    public mutating func write(_ day: Day) {
        reserve(10)
        day.writeISO(into: base + count)
        count += 10
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

    /// A JSON string with `JSONSerializer`'s escaping.
    public mutating func writeJSONString(_ text: String) {
        var text = text
        let plain = text.withUTF8 { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            append(UInt8(ascii: "\""))
            append(bytes)
            append(UInt8(ascii: "\""))
            return true
        }
        if !plain {
            var escaped: [UInt8] = []
            JSONSerializer.writeString(text, into: &escaped)
            escaped.withUnsafeBufferPointer { append($0) }
        }
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
