/// Text made safe to show on a terminal: control characters (and the bidirectional controls
/// that reorder what follows them) are written as Swift escapes (`\t`, `\n`, `\u{1B}`), so no
/// untrusted text can move the cursor, clear the screen, set the title or reverse a line.
public enum TerminalText {
    /// The text with every control character escaped. Text without one comes back unchanged,
    /// so escaping twice does nothing more.
    ///
    /// - Parameter revealingInvisible: also escape characters that show as nothing (U+200B,
    ///   U+FEFF, U+00A0…), for messages about invisible names.
    public static func escaped(_ text: String, revealingInvisible: Bool = false) -> String {
        if !revealingInvisible && text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) || (revealingInvisible && scalar != " " && isInvisible(scalar)) {
                switch scalar {
                case "\t": result += "\\t"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators and the bidirectional controls.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || scalar == "\u{2028}" || scalar == "\u{2029}" || isBidiControl(scalar)
    }

    /// The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and
    /// the marks (U+200E, U+200F, U+061C).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C
    }

    /// A character that shows as nothing: white space, a format character (U+200B, U+FEFF,
    /// U+2060) or another default-ignorable code point (U+3164).
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
            || scalar.properties.generalCategory == .format
    }
}
