#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The one file of BudgetCore's codec that works with pointers: the writer's buffer and reserved
// room (the reader's view of the bytes it reads, `ByteView`, is in `Platform/`). Every access here
// is checked against the end of its memory (a failed check stops the process: it is a bug, never
// bad input), so that the writers built on these types are bounds-checked by construction. Keep
// it small; anything that can be written with these types' checked operations belongs elsewhere.

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
    public mutating func append(_ bytes: ByteView) {
        append(bytes.buffer)
    }

    /// Adds bytes.
    public mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
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
    public func withBytes<Result, Failure: Error>(
        _ body: (ByteView) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(ByteView(UnsafeBufferPointer(start: base, count: count)))
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

    mutating func put(_ bytes: ByteView) {
        put(bytes.buffer)
    }

    private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
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
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return false
            }
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

    /// How many bytes are left of the room.
    var room: Int { next.distance(to: end) }

    /// One byte.
    mutating func put(byte: UInt8) {
        check(1)
        next.pointee = byte
        next += 1
    }

    /// A number of 0...10^count - 1 in exactly `count` digits, zeros first (`00000042`).
    mutating func put(digits number: Int, count: Int) {
        check(count)
        precondition(number >= 0, "a negative number has no fixed digits")
        var rest = number
        for offset in (0..<count).reversed() {
            next[offset] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        next += count
    }
}

extension [UInt8] {
    /// The bytes `body` writes into room for `capacity` (`ByteSpace`, which stops the process
    /// on a write past it: check `room` first), or `nil` when `body` says it could not write them
    /// (`false`).
    static func written(capacity: Int, _ body: (inout ByteSpace) -> Bool) -> [UInt8]? {
        var succeeded = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            var space = ByteSpace(base, room: Swift.min(capacity, buffer.count))
            succeeded = body(&space)
            if succeeded { count = base.distance(to: space.next) }
        }
        return succeeded ? bytes : nil
    }
}
