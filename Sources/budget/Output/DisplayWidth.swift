import BudgetCore

/// How many terminal columns text occupies: East Asian wide and fullwidth characters and
/// emoji take two, combining marks and zero-width characters none, everything else one.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        if let width = simpleWidth(text) { return width }
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                // An ANSI sequence (ESC [ … letter) takes no columns.
                if character.isLetter { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            width += of(character)
        }
        return width
    }

    /// The width of text whose every scalar stands alone (no combining marks, joiners or
    /// escapes): printable ASCII and Latin-1, kana and CJK ideographs, amounts in yen, the bulk
    /// of names in a large listing. `nil` for anything else, which then goes character by character.
    /// (Decoded from the bytes where they lie, in one pass: a table of 40,000 rows measures
    /// 160,000 cells.)
    private static func simpleWidth(_ text: String) -> Int? {
        ByteView.withBytes(utf8Of: text) { bytes in
            var width = 0, index = 0
            let count = bytes.count
            while index < count {
                let lead = bytes[index]
                if lead < 0x80 {
                    guard lead >= 0x20 && lead < 0x7F else { return nil }
                    width += 1
                    index += 1
                    continue
                }
                // Valid UTF-8: a lead below 0xE0 starts two bytes, below 0xF0 three; four-byte
                // scalars are in none of the ranges.
                let value: UInt32
                if lead < 0xE0, index + 1 < count {
                    value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                    index += 2
                } else if lead < 0xF0, index + 2 < count {
                    value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                        | UInt32(bytes[index + 2] & 0x3F)
                    index += 3
                } else {
                    return nil
                }
                guard let scalarWidth = simpleScalarWidth(value) else { return nil }
                width += scalarWidth
            }
            return width
        }
    }

    /// A scalar's columns when it stands alone and is in the ranges `simpleWidth` takes.
    private static func simpleScalarWidth(_ value: UInt32) -> Int? {
        switch value {
        // Printable ASCII; Latin-1's signs and letters (¥, £, é) without the soft hyphen;
        // dashes, quotes and bullets; box drawing and blocks (a bar's █ and ▏): one column each.
        case 0x20..<0x7F, 0xA0...0xAC, 0xAE...0xFF, 0x2010...0x2027, 0x2030...0x205E, 0x2500...0x259F:
            return 1
        // CJK punctuation and the ideographic space (without the tone marks U+302A-302F),
        // kana (without the combining sound marks U+3099, U+309A), CJK ideographs and
        // fullwidth forms: all wide, none combining.
        case 0x3000...0x3029, 0x3030...0x303E, 0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xFF01...0xFF60:
            return 2
        // Half-width katakana, their sound marks (U+FF9E, U+FF9F) included: one column each.
        case 0xFF61...0xFF9F: return 1
        default: return nil
        }
    }

    static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.isASCII { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if first.properties.isEmojiPresentation || character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
            return 2
        }
        // A half-width sound mark extends the cluster before it (`ﾌﾞ`) but takes a column of its own.
        let soundMarks = character.unicodeScalars.dropFirst().count { $0.value == 0xFF9E || $0.value == 0xFF9F }
        return (isWide(first.value) ? 2 : 1) + soundMarks
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode 15 (abridged to the blocks in use).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` followed by spaces up to `width` columns.
    static func padRight(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }

    /// Spaces up to `width` columns, then `text`.
    static func padLeft(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - of(text))) + text
    }
}
