/// Case-insensitive "contains", prepared once for a whole listing: plain ASCII text is
/// compared byte by byte with its letters folded; other text is lower-cased and searched.
struct TextSearch {
    private let needle: String
    private let asciiNeedle: [UInt8]?

    /// `nil` for an empty needle, which every text contains.
    init?(_ text: String) {
        needle = text.lowercased()
        guard !needle.isEmpty else { return nil }
        asciiNeedle = needle.utf8.allSatisfy { $0 < 0x80 } ? Array(needle.utf8) : nil
    }

    func isFound(in text: String) -> Bool {
        if let asciiNeedle, let found = Self.asciiContains(text, asciiNeedle) { return found }
        return text.lowercased().contains(needle)
    }

    /// Whether ASCII `text` holds `needle` (already lower-case), ignoring case; `nil` when
    /// `text` is not all ASCII.
    private static func asciiContains(_ text: String, _ needle: [UInt8]) -> Bool? {
        var text = text
        return text.withUTF8 { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard bytes.count >= needle.count else { return false }
            for start in 0...(bytes.count - needle.count) {
                var offset = 0
                while offset < needle.count && fold(bytes[start + offset]) == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            return false
        }
    }

    private static func fold(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
