import BudgetCore

/// Text from outside (an argument, a line of stdin, a file) made safe to print in a message:
/// control characters, line separators and bidirectional controls are written as escapes
/// (`\u{1B}`, `\n`), so an input can neither drive the terminal nor disguise what it says.
enum TerminalText {
    /// Whether a scalar must not reach a terminal as it is.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        // C0 and C1 controls, line and paragraph separators, every bidirectional control (the
        // implicit marks U+061C, U+200E, U+200F too), the byte-order mark and the tag characters.
        case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF,
            0xE0000...0xE007F:
            return true
        // What shows as nothing and joins nothing a script needs: a zero-width space, a soft
        // hyphen, the word joiner and the invisible operators, the interlinear annotation
        // marks. `summ\u{200B}ary` must not read as `summary` in a message, nor two names
        // look alike in a table. The zero-width joiner and non-joiner (U+200C, U+200D) stay:
        // emoji sequences and Persian or Indic words hold them.
        case 0x00AD, 0x200B, 0x2060...0x2064, 0xFFF9...0xFFFB:
            return true
        default: return false
        }
    }

    /// The text with every unsafe scalar escaped; the text itself when there is none (the
    /// usual case, checked without building a new string).
    static func escaped(_ text: String) -> String {
        needsEscaping(text) ? escaped(text, where: isUnsafe) : text
    }

    /// A table's cell made safe: every scalar `isUnsafe` picks but the implicit direction marks
    /// (U+061C, U+200E, U+200F), which right-to-left names hold and which reorder nothing beyond
    /// their own cell, as tables always showed them; an override (U+202E), an embedding or an
    /// isolate, which could disguise what a row says, is escaped.
    static func escapedInTable(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        return escaped(text) { isUnsafe($0) && !["\u{061C}", "\u{200E}", "\u{200F}"].contains($0) }
    }

    /// Whether the text holds a scalar `isUnsafe` picks, found from its bytes: each such scalar's
    /// UTF-8 (the text's is valid) starts with a byte below 0x20, 0x7F, or a lead byte that only
    /// the bytes after it tell apart from safe ones (`¥` starts as U+0080 does, `█` as U+202E).
    static func needsEscaping(_ text: String) -> Bool {
        ByteView.withBytes(utf8Of: text) { bytes in
            let count = bytes.count
            func byte(_ index: Int) -> UInt8 { index < count ? bytes[index] : 0 }
            for index in 0..<count {
                switch bytes[index] {
                case 0x00..<0x20, 0x7F: return true
                // U+0080-009F, U+00AD.
                case 0xC2 where byte(index + 1) <= 0x9F || byte(index + 1) == 0xAD: return true
                // U+061C.
                case 0xD8 where byte(index + 1) == 0x9C: return true
                // U+200B, U+200E-200F, U+2028-202E; U+2060-2064, U+2066-2069.
                case 0xE2 where byte(index + 1) == 0x80:
                    let third = byte(index + 2)
                    if third == 0x8B || third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third) { return true }
                case 0xE2 where byte(index + 1) == 0x81:
                    let third = byte(index + 2)
                    if (0xA0...0xA4).contains(third) || (0xA6...0xA9).contains(third) { return true }
                // U+FEFF; U+FFF9-FFFB.
                case 0xEF where byte(index + 1) == 0xBB && byte(index + 2) == 0xBF: return true
                case 0xEF where byte(index + 1) == 0xBF && (0xB9...0xBB).contains(byte(index + 2)): return true
                // U+E0000-E007F.
                case 0xF3 where byte(index + 1) == 0xA0 && byte(index + 2) <= 0x81: return true
                default: break
                }
            }
            return false
        }
    }

    /// The text with every scalar `isUnsafe` picks escaped (`\n`, `\t`, `\r`, else
    /// `\u{1B}`); the text itself when there is none.
    static func escaped(_ text: String, where isUnsafe: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// A message line of at most about `limit` characters: a longer one (a value of a megabyte
    /// quoted in an error) keeps its start and its end, which says what happened, and says how
    /// much was left out between them.
    /// (Walked by index, not copied: a line of hundreds of megabytes is cut at the cost of
    /// counting it.)
    static func shortened(_ line: String, limit: Int = 1_000) -> String {
        let scalars = line.unicodeScalars
        guard scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex)
            .map({ $0 < scalars.endIndex }) ?? false else { return line }
        let (headCount, tailCount) = (limit * 3 / 4, limit / 4)
        let headEnd = scalars.index(scalars.startIndex, offsetBy: headCount)
        let tailStart = scalars.index(scalars.endIndex, offsetBy: -tailCount)
        let left = scalars.distance(from: headEnd, to: tailStart)
        return String(scalars[..<headEnd]) + " …(\(left) characters left out)… " + String(scalars[tailStart...])
    }
}
