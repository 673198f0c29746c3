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

    /// Whether the text holds a scalar `isUnsafe` picks: found from the bytes for most texts,
    /// which hold none of the bytes such a scalar starts with (Japanese text included).
    static func needsEscaping(_ text: String) -> Bool {
        let mayHoldOne = text.utf8.contains { byte in
            byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF
                || byte == 0xF3
        }
        return mayHoldOne && text.unicodeScalars.contains(where: isUnsafe)
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
