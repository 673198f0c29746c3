#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The one file of BudgetCore's codec that works with pointers: the reader's view of the bytes
// it reads, and the writer's buffer and reserved room. Every access here is checked against the
// end of its memory (a failed check stops the process: it is a bug, never bad input), so that
// the readers and writers built on these types are bounds-checked by construction. Keep it
// small; anything that can be written with these types' checked operations belongs elsewhere.

/// Bytes to read, with every access checked against their end: the fast reader's only way to
/// the memory of the file it reads. (An `UnsafeBufferPointer`'s subscript is not checked in
/// a release build; this one is.) Sendable because it only reads: the reader shares the bytes
/// of the file it reads with the thread that skims the history, and waits for that thread
/// before the bytes go away.
struct ByteView: RandomAccessCollection, @unchecked Sendable {
    private let buffer: UnsafeBufferPointer<UInt8>

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    var startIndex: Int { 0 }
    var endIndex: Int { buffer.count }

    subscript(position: Int) -> UInt8 {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: buffer.count), "read past the end of the bytes")
        return buffer[position]
    }

    /// The eight bytes at `position` as a little-endian word, when there are eight.
    func word(at position: Int) -> UInt64? {
        guard position >= 0, position <= buffer.count - 8, let base = buffer.baseAddress else { return nil }
        return UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
    }

    /// Whether `literal` is at `position`.
    func matches(_ literal: StaticString, at position: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position >= 0, position <= buffer.count - count, let base = buffer.baseAddress else { return false }
        return memcmp(base + position, literal.utf8Start, count) == 0
    }

    /// Whether `other[range]` is at `position`.
    func matches(_ other: [UInt8], _ range: Range<Int>, at position: Int) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= other.count, position >= 0, position <= buffer.count - range.count,
              let base = buffer.baseAddress else { return false }
        return other.withUnsafeBufferPointer { other in
            guard let start = other.baseAddress else { return range.isEmpty }
            let left = UnsafeRawPointer(base + position), right = UnsafeRawPointer(start + range.lowerBound)
            let count = range.count
            // The pieces compared here (a key with its separators) are short: words inline
            // beat a call to `memcmp`. The last word may overlap the one before it.
            guard count >= 8 else { return memcmp(left, right, count) == 0 }
            var offset = 0
            while offset < count - 8 {
                if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
                offset += 8
            }
            return left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
    }

    /// The first position of `byte` at or after `position`.
    func firstIndex(of byte: UInt8, from position: Int) -> Int? {
        guard position >= 0, position < buffer.count, let base = buffer.baseAddress,
              let found = memchr(base + position, Int32(byte), buffer.count - position) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    // MARK: Scans
    // The reader's hottest loops, run here on the buffer itself: each stays below `count` by
    // its own loop condition, so the bytes need no further check.

    /// The position after the white space (spaces, tabs, line breaks) at `position`.
    func skippingWhitespace(from position: Int) -> Int {
        var position = Swift.max(position, 0)
        while position < buffer.count {
            switch buffer[position] {
            case 0x20:
                // Indentation comes in runs of spaces: skip up to eight at a time.
                guard let word = word(at: position) else {
                    position += 1
                    continue
                }
                let other = word ^ 0x2020_2020_2020_2020
                position += other == 0 ? 8 : other.trailingZeroBitCount / 8
            case 0x0A, 0x0D, 0x09:
                position += 1
            default:
                return position
            }
        }
        return position
    }

    /// The text of a string from `position` (after its opening quote) up to the first `"` or
    /// `\`: where that is (`count` when there is none), the bytes OR-ed together (non-ASCII
    /// when `>= 0x80`), and whether an ASCII byte other than a space came before it; `nil` at a
    /// control character (with `deleteToo`, also at DEL).
    func scanText(from position: Int, refusingDelete deleteToo: Bool) -> (end: Int, combined: UInt8, visible: Bool)? {
        var end = Swift.max(position, 0)
        var combined: UInt8 = 0
        var visible = false
        let delete: UInt8 = deleteToo ? 0x7F : 0xFF
        while end < buffer.count {
            let byte = buffer[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 || byte == delete { return nil }
            combined |= byte
            if byte != 0x20 && byte < 0x80 { visible = true }
            end += 1
        }
        return (end, combined, visible)
    }

    /// The bytes in `range`, copied at once.
    func copy(_ range: Range<Int>) -> [UInt8] {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "read past the end of the bytes")
        return Array(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// Whether two runs of bytes are equal: at once when they are the same memory, else by
    /// `memcmp` (an undo history compares kept entries that may be megabytes long).
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        return left == right || memcmp(left, right, a.count) == 0
    }

    /// `range` of `bytes`, checked against their end.
    static func part(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "read past the end of the bytes")
        return UnsafeBufferPointer(rebasing: bytes[range])
    }

    /// The bytes in `range` as text (invalid UTF-8 repaired: validate first where it matters).
    func string(_ range: Range<Int>) -> String {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "read past the end of the bytes")
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }
}

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
        var space = ByteSpace(base + count, room: maximum)
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

/// Room already reserved at the end of a `ByteBuffer`, written without a capacity check per
/// piece: the writer's hot loop puts a whole record through one of these.
///
/// The caller reserves an upper bound first (`ByteBuffer.writeInPlace(upTo:)`); every `put`
/// assumes the room is there.
struct ByteSpace {
    private(set) var next: UnsafeMutablePointer<UInt8>
    /// One past the reserved room: every `put` checks that it stays below.
    private let end: UnsafeMutablePointer<UInt8>

    fileprivate init(_ start: UnsafeMutablePointer<UInt8>, room: Int) {
        next = start
        end = start + room
    }

    /// Stops the process rather than write past the reserved room (a wrong bound is a bug).
    private func check(_ count: Int) {
        precondition(count <= next.distance(to: end), "wrote past the reserved room")
    }

    /// The most bytes `putJSONString` writes for a text of `count` UTF-8 bytes: every byte as
    /// `\u00XX`, and the quotes.
    static func jsonStringBound(_ count: Int) -> Int { count * 6 + 2 }

    mutating func put(_ literal: StaticString) {
        check(literal.utf8CodeUnitCount)
        memcpy(next, literal.utf8Start, literal.utf8CodeUnitCount)
        next += literal.utf8CodeUnitCount
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        check(bytes.count)
        memcpy(next, source, bytes.count)
        next += bytes.count
    }

    mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { put($0) }
    }

    mutating func put(utf8Of text: String) {
        var text = text
        text.withUTF8 { put($0) }
    }

    /// A whole number in decimal (at most 20 bytes).
    mutating func put(_ number: Int) {
        check(20)
        if number < 0 {
            next.pointee = UInt8(ascii: "-")
            next += 1
        }
        var rest = number.magnitude
        var digits = 1
        var bound: UInt = 10
        while digits < 19 && rest >= bound {  // 10^19 is the last power of ten a UInt holds
            digits += 1
            bound &*= 10
        }
        if digits == 19 && rest >= bound { digits = 20 }
        var position = next + digits
        while rest >= 100 {  // two digits a division
            let pair = Int(truncatingIfNeeded: rest % 100)
            rest /= 100
            position -= 2
            position[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair / 10)
            position[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair % 10)
        }
        if rest >= 10 {
            position -= 2
            position[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / 10)
            position[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        } else {
            position -= 1
            position[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
        next += digits
    }

    mutating func put(_ day: Day) {
        check(10)
        func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value) }
        next[0] = digit(day.year / 1000)
        next[1] = digit(day.year / 100 % 10)
        next[2] = digit(day.year / 10 % 10)
        next[3] = digit(day.year % 10)
        next[4] = UInt8(ascii: "-")
        next[5] = digit(day.month / 10)
        next[6] = digit(day.month % 10)
        next[7] = UInt8(ascii: "-")
        next[8] = digit(day.day / 10)
        next[9] = digit(day.day % 10)
        next += 10
    }

    /// A JSON string with `JSONSerializer`'s escaping.
    mutating func putJSONString(_ text: String) {
        var text = text
        let isPlain = text.withUTF8 { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            check(bytes.count + 2)
            next.pointee = UInt8(ascii: "\"")
            next += 1
            put(bytes)
            next.pointee = UInt8(ascii: "\"")
            next += 1
            return true
        }
        if !isPlain {
            // Rare: the serializer's own escaping, copied in.
            var escaped: [UInt8] = []
            JSONSerializer.writeString(text, into: &escaped)
            escaped.withUnsafeBufferPointer { put($0) }
        }
    }
}
