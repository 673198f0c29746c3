#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Room already reserved at the end of a `ByteBuffer`, written without a capacity check per
/// piece: the writer's hot loop puts a whole record through one of these.
///
/// The caller reserves an upper bound first (`ByteBuffer.writeInPlace(upTo:)`); every `put`
/// assumes the room is there.
struct ByteSpace {
    private(set) var next: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) {
        next = start
    }

    /// The most bytes `putJSONString` writes for a text of `count` UTF-8 bytes: every byte as
    /// `\u00XX`, and the quotes.
    static func jsonStringBound(_ count: Int) -> Int { count * 6 + 2 }

    mutating func put(_ literal: StaticString) {
        memcpy(next, literal.utf8Start, literal.utf8CodeUnitCount)
        next += literal.utf8CodeUnitCount
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
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
        day.writeISO(into: next)
        next += 10
    }

    /// A JSON string with `JSONSerializer`'s escaping.
    mutating func putJSONString(_ text: String) {
        var text = text
        let isPlain = text.withUTF8 { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
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
