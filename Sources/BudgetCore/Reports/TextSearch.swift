/// "Contains", folded as rules fold (`TextFolding`: width, kana sound marks, case, spaces),
/// prepared once for a whole listing: `セブン` finds `ｾﾌﾞﾝｲﾚﾌﾞﾝ`, `amazon` finds `ＡＭＡＺＯＮ`.
///
/// The needle is folded once. A haystack of plain ASCII whose only white space is single
/// spaces (most names) folds to itself in lower case, so it is compared byte by byte with its
/// letters lower-cased, without being copied; other text is folded, then searched.
struct TextSearch {
    /// The folded needle, and its other reading when it starts with a hyphen (`TextFolding.needles`).
    private let needles: [[UInt8]]

    /// `nil` for a needle that folds to nothing, which every text contains.
    init?(_ text: String) {
        needles = TextFolding.needles(text)
        guard !needles[0].isEmpty else { return nil }
    }

    func isFound(in text: String) -> Bool {
        // (The other reading holds a katakana mark, which plain ASCII never does.)
        if let found = ByteView.withBytes(utf8Of: text, { Self.plainASCIIContains($0, needles[0]) }) { return found }
        let folded = TextFolding.foldedUTF8(text)
        return needles.contains { Self.contains(folded, $0) }
    }

    /// Whether plain ASCII `text` holds `needle`, its letters lower-cased; `nil` when `text` is
    /// not plain: a byte outside ASCII, white space other than a single space between words.
    private static func plainASCIIContains(_ text: ByteView, _ needle: [UInt8]) -> Bool? {
        var previousSpace = true  // a space first is not plain
        for byte in text {
            if byte >= 0x80 || (0x09...0x0D).contains(byte) { return nil }
            let space = byte == 0x20
            if space && previousSpace { return nil }
            previousSpace = space
        }
        if previousSpace && !text.isEmpty { return nil }  // a space last
        guard text.count >= needle.count else { return false }
        for start in 0...(text.count - needle.count) {
            var offset = 0
            while offset < needle.count && lower(text[start + offset]) == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
        }
        return false
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// Whether `haystack` holds `needle` as a run of bytes (whole scalars, on UTF-8).
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        let count = needle.count
        guard count <= haystack.count else { return false }
        let first = needle[0]
        for start in 0...(haystack.count - count) where haystack[start] == first {
            var offset = 1
            while offset < count && haystack[start + offset] == needle[offset] { offset += 1 }
            if offset == count { return true }
        }
        return false
    }
}
