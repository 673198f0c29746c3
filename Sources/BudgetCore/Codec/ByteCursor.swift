/// A position in a UTF-8 buffer with the few reads the fast decoder needs. Every read
/// returns `nil` on anything unexpected; the caller then gives up the fast path.
struct ByteCursor: Sendable {
    let bytes: ByteView
    var index = 0
    /// Labels made lately, given again for the same bytes.
    private var recentLabels = RecentLabels()

    init(_ bytes: ByteView) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// The number of bytes not read yet.
    var remaining: Int { bytes.count - index }

    mutating func skipWhitespace() {
        index = bytes.skippingWhitespace(from: index)
    }

    /// The eight bytes at `position` as a little-endian word, when there are eight.
    func word(at position: Int) -> UInt64? {
        bytes.word(at: position)
    }

    /// The number that eight ASCII digits spell, read as one little-endian word; `nil` when
    /// any byte is not a digit.
    static func eightDigits(_ word: UInt64) -> Int? {
        // Every byte 0x30...0x39: high nibble 3, and adding 6 leaves the high nibble 3.
        let high = word & 0xF0F0_F0F0_F0F0_F0F0
        let carried = (word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0
        guard high | (carried >> 4) == 0x3333_3333_3333_3333 else { return nil }
        var value = word & 0x0F0F_0F0F_0F0F_0F0F
        value = (value &* 2561) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
        return Int(value)
    }

    /// Consumes `byte` after optional white space.
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Consumes `literal` when the next bytes are exactly it (no white space skipped).
    mutating func skip(_ literal: StaticString) -> Bool {
        guard bytes.matches(literal, at: index) else { return false }
        index += literal.utf8CodeUnitCount
        return true
    }

    /// Consumes `literal` when the next bytes are exactly it (no white space skipped).
    mutating func skip(_ literal: [UInt8]) -> Bool {
        skip(literal, in: 0..<literal.count)
    }

    /// Consumes `literal[range]` when the next bytes are exactly it (no white space skipped).
    mutating func skip(_ literal: [UInt8], in range: Range<Int>) -> Bool {
        guard bytes.matches(literal, range, at: index) else { return false }
        index += range.count
        return true
    }

    /// Peeks at the next non-space byte.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// A JSON string, with escapes decoded and UTF-8 validated; `nil` for anything invalid.
    mutating func string() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        guard let scan = bytes.scanText(from: start, refusingDelete: false), scan.end < bytes.count else { return nil }
        index = scan.end
        guard bytes[index] == UInt8(ascii: "\"") else { return escapedString(from: start) }
        index += 1
        // `String(validating:)` is generic and slow per call; validate here, then decode.
        let isASCII = scan.combined < 0x80
        return isASCII || UTF8Validation.isValid(bytes[start..<scan.end])
            ? bytes.validString(start..<scan.end, isASCII: isASCII) : nil
    }

    /// The slow part of `string()`: a string with escapes.
    private mutating func escapedString(from start: Int) -> String? {
        var decoded = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return UTF8Validation.isValid(decoded[...]) ? String(decoding: decoded, as: UTF8.self) : nil
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    guard var value = hex4() else { return nil }
                    if (0xD800...0xDBFF).contains(value) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                              bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                        index += 2
                        guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(value) else { return nil }
                    decoded.append(contentsOf: String(Character(scalar)).utf8)
                default:
                    return nil
                }
            default:
                if byte < 0x20 { return nil }
                decoded.append(byte)
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// A non-negative JSON integer (`0` or no leading zero) that fits in `Int`; `nil` for
    /// anything else (signs, fractions, exponents), which the strict path then judges.
    mutating func nonNegativeInteger() -> Int? {
        skipWhitespace()
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
            if overflowA || overflowB { return nil }
            value = sum
            index += 1
        }
        let length = index - start
        guard length > 0, !(length > 1 && bytes[start] == UInt8(ascii: "0")) else { return nil }
        if index < bytes.count {
            let next = bytes[index]
            if next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") { return nil }
        }
        return value
    }

    /// A JSON integer as `nonNegativeInteger()` reads it, or a `-` and a positive one
    /// (`-12`; not `-0`, nor `Int.min`, whose size does not fit); `nil` for anything else.
    mutating func signedInteger() -> Int? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "-") else { return nonNegativeInteger() }
        let start = index
        index += 1
        guard index < bytes.count, bytes[index] != UInt8(ascii: "0"), let size = nonNegativeInteger() else {
            index = start
            return nil
        }
        return -size
    }

    /// The end index of the JSON value that starts here (for handing it to the strict reader);
    /// `nil` when the input ends inside it or there is no value. A scalar ends before the next
    /// `,`, `}` or `]`. The result is never past the end of the bytes.
    mutating func skipValue() -> Int? {
        skipWhitespace()
        let start = index
        var depth = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inString {
                if byte == UInt8(ascii: "\\") {
                    // An escape takes the next byte, which must exist: `"\` at the very end is truncated.
                    guard index < bytes.count else { return nil }
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index }
                if depth < 0 {  // the end of the container holding a scalar
                    index -= 1
                    return index > start ? index : nil
                }
            default:
                if depth == 0 && (byte == UInt8(ascii: ",")) { index -= 1; return index }
            }
        }
        return depth == 0 && !inString ? index : nil
    }
}

extension ByteCursor {
    /// A quoted `YYYY-MM-DD` day, read straight from the bytes.
    mutating func isoDay() -> Day? {
        skipWhitespace()
        guard index + 12 <= bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 11] == UInt8(ascii: "\""),
              bytes[index + 5] == UInt8(ascii: "-"), bytes[index + 8] == UInt8(ascii: "-") else { return nil }
        // "YYYY-MM-DD" as eight digits: the dashes replaced by the month's and day's tens.
        guard let head = word(at: index + 1) else { return nil }
        let dashes: UInt64 = 0xFF << 32 | 0xFF << 56
        let tens = UInt64(bytes[index + 9]) << 32 | UInt64(bytes[index + 10]) << 56
        guard let digits = Self.eightDigits(head & ~dashes | tens) else { return nil }
        // The digits now read Y Y Y Y D1 M1 M2 D2 (D1, D2: the day's two digits).
        let year = digits / 10_000
        let month = digits / 10 % 100
        let day = (digits / 1_000 % 10) * 10 + digits % 10
        guard let result = Day(year: year, month: month, day: day) else { return nil }
        index += 12
        return result
    }

    /// A quoted 8-digit ID, as its text and number.
    mutating func storedID() -> (text: String, number: Int)? {
        guard let number = storedIDNumber() else { return nil }
        let text = bytes.validString((index - 9)..<(index - 1), isASCII: true)  // eight digits
        return (text, number)
    }

    /// The ID after the first `key` (a quoted key) from here on that is followed by `:` and a
    /// quoted 8-digit ID, without moving: a guess at the ID of the record that starts here,
    /// made before reading it (the reader then checks that the record's own field says the
    /// same, so a wrong guess only sends the file to the strict path).
    func storedID(afterKey key: StaticString) -> (text: String, number: Int)? {
        let count = key.utf8CodeUnitCount
        guard let first = ByteView.firstByte(of: key) else { return nil }
        var position = index
        while let found = bytes.firstIndex(of: first, from: position) {
            position = found
            guard bytes.matches(key, at: position) else {
                position += 1
                continue
            }
            var probe = self
            probe.index = position + count
            if probe.consume(UInt8(ascii: ":")), let id = probe.storedID() { return id }
            position += 1
        }
        return nil
    }

    /// A quoted 8-digit ID's number, without making its text.
    mutating func storedIDNumber() -> Int? {
        skipWhitespace()
        guard index + 10 <= bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 9] == UInt8(ascii: "\""),
              let word = word(at: index + 1), let number = Self.eightDigits(word) else { return nil }
        index += 10
        return number
    }

    /// A JSON string that `FieldRules.checkLabel` accepts (a name or a category); `nil` for
    /// anything else. Text without escapes, the usual case, is checked in the pass that finds
    /// the closing quote (and one more for other scripts); escapes and text that might be
    /// blank take the general reading and the full rule.
    mutating func label() -> String? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        if let recent = recentLabels.label(at: start, in: bytes) {
            index = recent.end + 1
            return recent.text
        }
        guard let scan = bytes.scanText(from: start, refusingDelete: true), scan.end < bytes.count else { return nil }
        let end = scan.end, combined = scan.combined
        var visible = scan.visible  // an ASCII byte other than a space
        let text = bytes[start..<end]
        if bytes[end] == UInt8(ascii: "\""), combined >= 0x80 {
            guard UTF8Validation.isValid(text) else { return nil }
            switch Self.nonASCIIShape(text) {
            case .control: return nil
            case .visible: visible = true
            case .maybeBlank: break
            }
        }
        guard bytes[end] == UInt8(ascii: "\""), visible else {
            guard let text = string() else { return nil }
            do { try FieldRules.checkLabel(text, field: "") } catch { return nil }
            return text
        }
        index = end + 1
        let made = bytes.validString(start..<end, isASCII: combined < 0x80)  // (validated above when not)
        recentLabels.remember(made, start..<end, in: bytes)
        return made
    }

    // MARK: Canonical reads
    // For the undo history, whose entries are kept as their bytes when they are exactly what
    // the writer writes. Each says `false` for anything unusual, including text that is valid
    // but needs the general reading (escapes): the entry is then read the general way.

    /// Whether the next byte is one that starts a value (not white space, not the end).
    var isAtValue: Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case 0x20, 0x0A, 0x0D, 0x09: return false
        default: return true
        }
    }

    /// Consumes `"key" : ` on its own line `indent` deep, after a comma unless it is the first
    /// of its object, as the writer puts it; moves nowhere when the bytes differ.
    mutating func skipKey(_ key: StaticString, indent: StaticString, first: inout Bool) -> Bool {
        let start = index
        guard skip(first ? "\n" : ",\n"), skip(indent), skip("\""), skip(key), skip("\" : ") else {
            index = start
            return false
        }
        first = false
        return true
    }

    /// Consumes a whole number from 0 that fits in `Int`, written without a sign or leading
    /// zero (as `nonNegativeInteger()` reads it), without making its value when it is short.
    mutating func skimInteger() -> Bool {
        var end = index
        while end < bytes.count, bytes[end] &- UInt8(ascii: "0") < 10 { end += 1 }
        let length = end - index
        guard length > 0, length < 19 else { return length >= 19 && nonNegativeInteger() != nil }
        guard length == 1 || bytes[index] != UInt8(ascii: "0") else { return false }
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] | 0x20 == UInt8(ascii: "e") { return false }
        index = end
        return true
    }

    /// Consumes a whole number as `signedInteger()` reads it, without making its value when it
    /// is short.
    mutating func skimSignedInteger() -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "-") else { return skimInteger() }
        let start = index
        index += 1
        guard index < bytes.count, bytes[index] != UInt8(ascii: "0"), skimInteger() else {
            index = start
            return false
        }
        return true
    }

    /// Consumes a label (as `label()` reads it) written as the writer writes it, making no
    /// `String` when it needs no escape.
    mutating func skimLabel() -> Bool {
        guard let text = plainText() else {
            return writtenString().map { (try? FieldRules.checkLabel($0, field: "")) != nil } ?? false
        }
        var visible = text.visible
        if text.combined >= 0x80 {
            guard UTF8Validation.isValid(bytes[text.start..<text.end]) else { return false }
            switch Self.nonASCIIShape(bytes[text.start..<text.end]) {
            case .control: return false
            case .visible: visible = true
            case .maybeBlank: break
            }
        }
        guard visible else {
            // Perhaps only white space: the full rule decides.
            guard (try? FieldRules.checkLabel(bytes.string(text.start..<text.end), field: "")) != nil else {
                return false
            }
            index = text.end + 1
            return true
        }
        index = text.end + 1
        return true
    }

    /// Consumes a string written as the writer writes it whose text meets `rule`; ASCII text
    /// without escapes (which holds no control character) is taken without asking it.
    mutating func skimPlainText(_ rule: (String) -> Bool) -> Bool {
        guard let text = plainText() else { return writtenString().map(rule) ?? false }
        if text.combined >= 0x80 {
            guard UTF8Validation.isValid(bytes[text.start..<text.end]),
                  rule(bytes.string(text.start..<text.end)) else { return false }
        }
        index = text.end + 1
        return true
    }

    /// A string written as the writer writes it, as its text.
    mutating func plainString() -> String? {
        guard let text = plainText() else { return writtenString() }
        let isASCII = text.combined < 0x80
        guard isASCII || UTF8Validation.isValid(bytes[text.start..<text.end]) else { return nil }
        index = text.end + 1
        return bytes.validString(text.start..<text.end, isASCII: isASCII)
    }

    /// The string at the cursor, escapes and all, when its bytes are exactly what the writer
    /// makes of its text (`JSONSerializer.writeString`); the cursor moves only then.
    private mutating func writtenString() -> String? {
        var probe = self
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let text = probe.string() else { return nil }
        var written: [UInt8] = []
        JSONSerializer.writeString(text, into: &written)
        guard written.elementsEqual(bytes[index..<probe.index]) else { return nil }
        index = probe.index
        return text
    }

    /// The string at the cursor when it has no escape and no control character (DEL
    /// included): where its text starts and ends, its bytes OR-ed together and whether it has
    /// an ASCII byte other than a space (as `ByteView.scanText`). The cursor does not move.
    private func plainText() -> (start: Int, end: Int, combined: UInt8, visible: Bool)? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""),
              let scan = bytes.scanText(from: index + 1, refusingDelete: true), scan.end < bytes.count,
              bytes[scan.end] == UInt8(ascii: "\"") else { return nil }
        return (index + 1, scan.end, scan.combined, scan.visible)
    }

    private enum NonASCIIShape { case control, visible, maybeBlank }

    /// What the non-ASCII characters of valid UTF-8 say about a label: a control character
    /// (C1, U+2028, U+2029), a character that is surely not white space (anything from
    /// U+3001 on), or neither.
    private static func nonASCIIShape(_ text: Slice<ByteView>) -> NonASCIIShape {
        var visible = false
        var position = text.startIndex
        // The bytes were validated, but a mapped file can change under the reader: never look
        // past the end, whatever they say now.
        func byte(_ offset: Int) -> UInt8 { position + offset < text.endIndex ? text[position + offset] : 0 }
        while position < text.endIndex {
            let lead = text[position]
            if lead < 0x80 {
                position += 1
                continue
            }
            switch lead {
            case 0xC2:
                if byte(1) <= 0x9F { return .control }
            case 0xE2:
                if byte(1) == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9) { return .control }
            case 0xE3:
                if !(byte(1) == 0x80 && byte(2) == 0x80) { visible = true }
            case 0xE4...:
                visible = true
            default:
                break
            }
            position += lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        }
        return visible ? .visible : .maybeBlank
    }
}

extension ByteView {
    /// The whole number written in `range`, which a skim has checked (`ByteCursor.skimInteger`,
    /// `skimSignedInteger`: digits, maybe after a minus, that fit in `Int`); wrapping arithmetic,
    /// which cannot wrap for such a number, rather than a check made twice.
    func checkedInteger(_ range: Range<Int>) -> Int {
        var position = range.lowerBound, negative = false
        if position < range.upperBound, self[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var value = 0
        while position < range.upperBound {
            value = value &* 10 &+ Int(self[position] &- UInt8(ascii: "0"))
            position += 1
        }
        return negative ? 0 &- value : value
    }

    /// Whether the bytes in `range` are exactly `written`'s.
    func matches(_ written: ByteView, in range: Range<Int>) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= count, range.count == written.count else { return false }
        var position = range.lowerBound
        for byte in written {
            guard self[position] == byte else { return false }
            position += 1
        }
        return true
    }
}
