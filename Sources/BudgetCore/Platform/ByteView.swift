#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes to read, with every access checked against their end: the fast reader's only way to
/// the memory of the file it reads, and what every signature outside this file and `Platform/`
/// takes for borrowed bytes. (An `UnsafeBufferPointer`'s subscript is not checked in a release
/// build; this one is. Iterating needs no check: the iterator stays within the bytes.) Lent for
/// the length of a call (`withBytes(utf8Of:_:)`, `withBytes(of:_:)`, `ByteBuffer.withBytes`), never
/// kept beyond it. Sendable because it only reads: the reader shares the bytes of the file it
/// reads with the thread that skims the history, and waits for that thread before the bytes go away.
public struct ByteView: RandomAccessCollection, @unchecked Sendable {
    @usableFromInline let buffer: UnsafeBufferPointer<UInt8>

    @inlinable init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { buffer.count }

    @inlinable public subscript(position: Int) -> UInt8 {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: buffer.count), "read past the end of the bytes")
        return buffer[position]
    }

    /// The bytes one by one, from the first to the last.
    @inlinable public func makeIterator() -> UnsafeBufferPointer<UInt8>.Iterator {
        buffer.makeIterator()
    }

    /// Lends the bytes as a buffer to code that copies them whole (`Array.append(contentsOf:)`,
    /// `String(decoding:as:)`), so that those take their fast paths.
    @inlinable public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try body(buffer)
    }

    /// Lends the bytes to a writer of `Platform/`, which hands them to the C library.
    @inlinable public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(buffer)
    }

    /// Lends the UTF-8 of `text` (made contiguous first when it is not). Always inlined: the
    /// listing calls it for every cell.
    @inlinable @inline(__always)
    public static func withBytes<Result>(utf8Of text: String, _ body: (ByteView) -> Result) -> Result {
        var text = text
        return withBytes(utf8Of: &text, body)
    }

    /// `withBytes(utf8Of:_:)` without a copy of the string (its storage may be made contiguous).
    @inlinable @inline(__always)
    public static func withBytes<Result>(utf8Of text: inout String, _ body: (ByteView) -> Result) -> Result {
        text.withUTF8 { body(ByteView($0)) }
    }

    /// Lends the bytes of `array`.
    @inlinable public static func withBytes<Result, Failure: Error>(
        of array: [UInt8], _ body: (ByteView) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try array.withUnsafeBufferPointer { buffer throws(Failure) in try body(ByteView(buffer)) }
    }

    /// Lends the UTF-8 of a literal.
    static func withBytes<Result>(of literal: StaticString, _ body: (ByteView) -> Result) -> Result {
        body(ByteView(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)))
    }

    /// Feeds these bytes to `hasher` as they are.
    func combine(into hasher: inout Hasher) {
        hasher.combine(bytes: UnsafeRawBufferPointer(buffer))
    }

    /// Feeds the UTF-8 of `text` to `hasher` as raw bytes (no normalisation).
    static func hash(utf8Of text: String, into hasher: inout Hasher) {
        withBytes(utf8Of: text) { $0.combine(into: &hasher) }
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
        guard range.lowerBound >= 0, range.upperBound <= other.count, position >= 0,
              position <= buffer.count - range.count, let base = buffer.baseAddress else { return false }
        return other.withUnsafeBufferPointer { other in
            guard let start = other.baseAddress else { return range.isEmpty }
            let left = UnsafeRawPointer(base + position), right = UnsafeRawPointer(start + range.lowerBound)
            let count = range.count
            // The pieces compared here (a key with its separators) are short: words inline
            // beat a call to `memcmp`. The last word may overlap the one before it.
            guard count >= 8 else { return memcmp(left, right, count) == 0 }
            var offset = 0
            while offset < count - 8 {
                let word = left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                if word != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
                offset += 8
            }
            let last = left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            return last == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
    }

    /// The first position of `byte` at or after `position`.
    func firstIndex(of byte: UInt8, from position: Int) -> Int? {
        guard position >= 0, position < buffer.count, let base = buffer.baseAddress,
              let found = memchr(base + position, Int32(byte), buffer.count - position) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The first position of `pattern` within `range`.
    func firstIndex(of pattern: [UInt8], in range: Range<Int>) -> Int? {
        guard range.lowerBound >= 0, range.upperBound <= buffer.count, let first = pattern.first else { return nil }
        var position = range.lowerBound
        while position <= range.upperBound - pattern.count, let found = firstIndex(of: first, from: position) {
            guard found <= range.upperBound - pattern.count else { return nil }
            if matches(pattern, 0..<pattern.count, at: found) { return found }
            position = found + 1
        }
        return nil
    }

    /// The last position of `pattern` within `range`.
    func lastIndex(of pattern: [UInt8], in range: Range<Int>) -> Int? {
        guard range.lowerBound >= 0, range.upperBound <= buffer.count, let first = pattern.first,
              range.count >= pattern.count else { return nil }
        var end = range.upperBound - pattern.count + 1
        while let found = lastIndex(of: first, before: end), found >= range.lowerBound {
            if matches(pattern, 0..<pattern.count, at: found) { return found }
            end = found
        }
        return nil
    }

    /// The bytes at `range`, which must lie within these.
    func slice(_ range: Range<Int>) -> ByteView {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "a slice past the end of the bytes")
        return ByteView(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// The last position of `byte` before `end`.
    func lastIndex(of byte: UInt8, before end: Int) -> Int? {
        var position = Swift.min(end, buffer.count)
        // Eight bytes at a time while none of them is `byte` (a line at a time back through
        // 2,000 settings cost 800 instructions a line): a word XOR the byte repeated has a zero
        // byte exactly when the word holds it.
        if let base = buffer.baseAddress {
            let raw = UnsafeRawPointer(base)
            let repeated = UInt64(byte) &* 0x0101_0101_0101_0101
            while position >= 8 {
                let word = raw.loadUnaligned(fromByteOffset: position - 8, as: UInt64.self) ^ repeated
                if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
                position -= 8
            }
        }
        while position > 0 {
            position -= 1
            if buffer[position] == byte { return position }
        }
        return nil
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
        // Eight bytes at a time while none ends the text or is refused (every text of a file
        // passes here; a byte at a time cost 20 instructions a byte). Each test below is exact
        // for "some byte of the word is": `x - 1s & ~x & 80s` flags a zero byte of `x`, and
        // with `20s` for `1s` a byte below 0x20.
        if let base = buffer.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
            var all: UInt64 = 0, seen: UInt64 = 0
            while end <= buffer.count - 8 {
                let word = raw.loadUnaligned(fromByteOffset: end, as: UInt64.self)
                if hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
                    || (word &- ones &* 0x20) & ~word & highs != 0 || hasZero(word ^ (ones &* UInt64(delete))) {
                    break
                }
                all |= word
                // An ASCII byte (high bit clear) other than a space: where the word's high bit is
                // clear, a byte of `spaced` not zero has a low bit set, which `+ 7Fs` carries up.
                let spaced = word ^ (ones &* 0x20)
                seen |= ((spaced & lows) &+ lows) & ~word & highs
                end += 8
            }
            all |= all >> 32
            all |= all >> 16
            all |= all >> 8
            combined = UInt8(truncatingIfNeeded: all)
            visible = seen != 0
        }
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

    /// Whether the UTF-8 of `text` starts with that of `prefix`, compared where the bytes lie
    /// (`text.utf8.starts(with: prefix.utf8)` walks them one by one, a thousand instructions
    /// a key).
    static func hasPrefix(_ prefix: String, in text: String) -> Bool {
        let count = prefix.utf8.count
        guard text.utf8.count >= count else { return false }
        return withBytes(utf8Of: text) { whole in
            withBytes(utf8Of: prefix) { start in equal(whole.part(0..<count), start) }
        }
    }

    /// Whether two runs of bytes are equal: at once when they are the same memory, else by
    /// `memcmp` (an undo history compares kept entries that may be megabytes long).
    static func equal(_ a: ByteView, _ b: ByteView) -> Bool {
        let (a, b) = (a.buffer, b.buffer)
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        return left == right || memcmp(left, right, a.count) == 0
    }

    /// Whether `a` comes before `b` in the order of their bytes (a prefix first).
    static func precedes(_ a: ByteView, _ b: ByteView) -> Bool {
        let (a, b) = (a.buffer, b.buffer)
        let shared = Swift.min(a.count, b.count)
        guard shared > 0, let left = a.baseAddress, let right = b.baseAddress else { return a.count < b.count }
        let order = memcmp(left, right, shared)
        return order != 0 ? order < 0 : a.count < b.count
    }

    /// Whether the `count` bytes at `position` equal those at `other` (both within the bytes).
    func matches(_ count: Int, at position: Int, as other: Int) -> Bool {
        guard count >= 0, position >= 0, other >= 0, position <= buffer.count - count, other <= buffer.count - count,
              let base = buffer.baseAddress else { return false }
        return memcmp(base + position, base + other, count) == 0
    }

    /// Whether the bytes at `first` come before those at `second` in the order of their bytes
    /// (a run that begins the other first); both within the bytes.
    func precedes(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        Self.precedes(part(first), part(second))
    }

    /// `range` of these bytes, checked against their end.
    func part(_ range: Range<Int>) -> ByteView {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "read past the end of the bytes")
        return ByteView(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// The first byte of a literal that has one.
    static func firstByte(of literal: StaticString) -> UInt8? {
        literal.utf8CodeUnitCount > 0 ? literal.withUTF8Buffer { $0[0] } : nil
    }

    /// The bytes in `range` as text (invalid UTF-8 repaired: validate first where it matters).
    func string(_ range: Range<Int>) -> String {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "read past the end of the bytes")
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }

    /// The bytes in `range`, which the caller has found to be valid UTF-8 (`UTF8Validation`),
    /// or ASCII when `isASCII`, as text made without checking them again: a record's texts are
    /// checked once as they are read, and the standard library's own check (and its ASCII scan)
    /// was a sixth of the time of making them.
    func validString(_ range: Range<Int>, isASCII: Bool) -> String {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "read past the end of the bytes")
        let bytes = UnsafeBufferPointer(rebasing: buffer[range])
        return unsafe String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
    }
}

extension String {
    /// The text of bytes that are valid UTF-8 by how they were made: texts' UTF-8 and ASCII put
    /// together, as a table's lines are. Not checked again (checking a table of 40,000 rows cost
    /// a summary a tenth of its time); bytes that could hold anything go through
    /// `String(decoding:as:)`.
    public init(joinedUTF8 bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { buffer in
            unsafe String(copying: UTF8Span(unchecked: buffer.span, isKnownASCII: false))
        }
    }

    /// A text of `count` bytes, the byte at each offset made by `byte`, written in place (no
    /// interpolation, no array: `Day.iso` is hot in listings, and `MoneyFormat.display` in
    /// tables; the string checks the UTF-8).
    @inlinable init(utf8Count count: Int, _ byte: (Int) -> UInt8) {
        self.init(unsafeUninitializedCapacity: count) { buffer in
            let written = Swift.min(count, buffer.count)
            for offset in 0..<written { buffer[offset] = byte(offset) }
            return written
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends the bytes at once (the generic `append(contentsOf:)` would copy them one by one).
    @inlinable public mutating func append(contentsOf bytes: ByteView) {
        append(contentsOf: bytes.buffer)
    }
}
