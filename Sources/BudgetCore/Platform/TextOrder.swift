#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The order `<` gives texts, found from their bytes where that is the same order. `<` on
/// `String` compares the texts' canonical (NFC) forms, which for Japanese text means normalising
/// both at each comparison: sorting 40,000 categories spent most of a summary there. A text whose
/// every scalar is its own canonical form and combines with nothing (`isPlain`) is in NFC already,
/// and texts in NFC order as their UTF-8 bytes do; any other pair is compared by `<` (`less`,
/// which mends a blind spot of it).
enum TextOrder {
    /// Whether `text` is in NFC whatever it is compared with: every scalar printable ASCII,
    /// Latin-1, CJK punctuation, kana (without the combining sound marks U+3099, U+309A), a CJK
    /// ideograph of the main block or a halfwidth or fullwidth form. Each is a starter (canonical
    /// combining class 0) with no canonical decomposition other than itself, and none composes
    /// with a scalar of these ranges.
    static func isPlain(_ text: String) -> Bool {
        if let plain = text.utf8.withContiguousStorageIfAvailable(isPlain) { return plain }
        var text = text
        return text.withUTF8(isPlain)
    }

    /// `isPlain` of text's bytes (valid UTF-8).
    static func isPlain(_ bytes: ByteView) -> Bool {
        isPlain(bytes.buffer)
    }

    /// `isPlain` of bytes that may not be UTF-8 at all: `true` only for valid UTF-8 that is
    /// plain, found in one pass (a file's setting keys, checked before they are made texts; a
    /// text's bytes, valid already, pass the same way): a sequence whose lead and continuation
    /// bytes have UTF-8's shape, not overlong (two bytes from U+0080, three from U+0800), and
    /// whose value is plain (so not a surrogate).
    static func isPlainUTF8(_ bytes: ByteView) -> Bool {
        isPlain(bytes.buffer)
    }

    /// `isPlainUTF8` where the bytes lie: most texts are ASCII or two- and three-byte scalars,
    /// and a four-byte one (U+10000 on) is never plain.
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        var onlyASCII = true, control = false
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead < 0x20 || lead == 0x7F { control = true }
                index += 1
                continue
            }
            onlyASCII = false
            let value: UInt32
            if lead & 0xE0 == 0xC0, index + 1 < count, bytes[index + 1] & 0xC0 == 0x80 {
                value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                if value < 0x80 { return false }
                index += 2
            } else if lead & 0xF0 == 0xE0, index + 2 < count, bytes[index + 1] & 0xC0 == 0x80,
                      bytes[index + 2] & 0xC0 == 0x80 {
                value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                    | UInt32(bytes[index + 2] & 0x3F)
                if value < 0x800 { return false }
                index += 3
            } else {
                return false
            }
            if !isPlain(value) { return false }
        }
        return onlyASCII || !control
    }

    /// Whether one scalar is in the ranges `isPlain` takes.
    static func isPlain(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0xA0...0xFF, 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF,
             0x4E00...0x9FFF, 0xFF01...0xFFEF:
            true
        default:
            false
        }
    }

    /// `a == b`, from the bytes when they are the same or both plain: texts in NFC are equal
    /// when their bytes are.
    static func equal(_ a: String, _ b: String) -> Bool {
        sameBytes(a, b) || (!(isPlain(a) && isPlain(b)) && a == b)
    }

    /// `a == b` for texts whose plainness is known (`isPlain`): two plain texts are equal when
    /// their bytes are, without looking at their scalars again.
    static func equal(_ a: String, plain aIsPlain: Bool, _ b: String, plain bIsPlain: Bool) -> Bool {
        sameBytes(a, b) || (!(aIsPlain && bIsPlain) && a == b)
    }

    /// Whether the two texts are the same bytes.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                guard left.count == right.count else { return false }
                guard let start = left.baseAddress, let other = right.baseAddress else { return true }
                return memcmp(start, other, left.count) == 0
            }
        }
    }

    /// What `text.hash(into:)` feeds `hasher`: its NFC bytes, then 0xFF. A plain text's own
    /// bytes are its NFC, taken as they are without the Unicode tables `String` looks each
    /// scalar up in (`TextOrderTests` checks that the two hashes agree).
    static func hash(_ text: String, into hasher: inout Hasher) {
        hash(text, plain: isPlain(text), into: &hasher)
    }

    /// `hash(_:into:)` for a text whose plainness is known (`isPlain`).
    static func hash(_ text: String, plain: Bool, into hasher: inout Hasher) {
        guard plain else { return hasher.combine(text) }
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(0xFF as UInt8)
    }

    /// `a < b`, mended where the standard library gets it wrong for texts that differ: a
    /// decomposed text whose NFC begins an NFC one (`"cafe\u{301}"` and `"caféx"`, `"か\u{3099}"`
    /// and `"があ"`, `"ふ\u{3099}家費17"` and `"ぶ家費1757"`), where it answers `false` both ways
    /// or even puts the longer first, which left their order in a sort to chance, different
    /// from run to run. The one that begins the other comes first, as `<` puts `"café"` before
    /// `"caféx"`; a pair `<` answers `false` both ways for otherwise goes by its bytes.
    static func less(_ a: String, _ b: String) -> Bool {
        if a == b { return false }
        if b.hasPrefix(a) { return true }
        if a.hasPrefix(b) { return false }
        if a < b { return true }
        if b < a { return false }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// `less(a, b)`, from the bytes when both are plain (`isPlain`, found by the caller once per
    /// text).
    static func precedes(_ a: String, plain aIsPlain: Bool, _ b: String, plain bIsPlain: Bool) -> Bool {
        guard aIsPlain && bIsPlain else { return less(a, b) }
        let left = a.utf8, right = b.utf8
        let compared = left.withContiguousStorageIfAvailable { left in
            right.withContiguousStorageIfAvailable { right in ByteView.precedes(ByteView(left), ByteView(right)) }
        }
        return (compared ?? nil) ?? left.lexicographicallyPrecedes(right)
    }

    /// `texts.sorted()`: the same order, plain texts compared by their bytes.
    static func sorted(_ texts: [String]) -> [String] {
        sorted(texts, largestFirst: { _ in 0 }, then: { $0 })
    }

    /// `items` by a number, largest first, then by a text in `<` order (ties in the order of the
    /// texts' bytes, so the same whatever order the items came in): each text's plainness
    /// found once and plain texts' bytes laid end to end (compared where they lie, no text
    /// retained per comparison), the items moved once (indices are sorted, not the items).
    static func sorted<Item>(
        _ items: [Item], largestFirst number: (Item) -> Int, then text: (Item) -> String
    ) -> [Item] {
        let numbers = items.map(number)
        let texts = items.map(text)
        var bytes: [UInt8] = []
        // Each plain text's bytes in `bytes`; `nil` for a text `<` compares.
        let spans = texts.map { text -> Range<Int>? in
            guard isPlain(text) else { return nil }
            let start = bytes.count
            bytes.append(contentsOf: text.utf8)
            return start..<bytes.count
        }
        // With a text `<` compares among them, the items are put in the order of their bytes
        // first: were the standard library's `<` to contradict itself for some texts (it has, see
        // `less`), the order would still be the same on every run, whatever order they came in.
        var start = Array(numbers.indices)
        if spans.contains(where: { $0 == nil }) {
            start.sort { texts[$0].utf8.lexicographicallyPrecedes(texts[$1].utf8) }
        }
        let order = bytes.withUnsafeBufferPointer { bytes in
            start.sorted { i, j in
                if numbers[i] != numbers[j] { return numbers[i] > numbers[j] }
                guard let left = spans[i], let right = spans[j] else { return less(texts[i], texts[j]) }
                return ByteView.precedes(ByteView(bytes).part(left), ByteView(bytes).part(right))
            }
        }
        return order.map { items[$0] }
    }
}
