/// The rules every record field obeys, shared by the command line, imports and file validation.
public enum FieldRules {
    /// A name or category: not blank, and no control characters (tabs and newlines included).
    public static func checkLabel(_ text: String, field: String) throws(ValueError) {
        switch asciiShape(text) {
        case .printable: return
        case .blank: throw .empty(field: field)
        case .control: throw .controlCharacter(field: field, value: text)
        case .other: break
        }
        if text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            throw .empty(field: field)
        }
        if text.unicodeScalars.contains(where: isControl) {
            throw .controlCharacter(field: field, value: text)
        }
    }

    /// A name or category as a person or an import gives it: surrounding white space (and
    /// invisible characters such as U+200B) trimmed, then checked like `checkLabel`, and refused
    /// when it holds a bidirectional control anywhere, which could make it read as something else.
    ///
    /// Only input goes through this; the data-file readers keep `checkLabel`, so files written
    /// by earlier versions (say, with a category `" food"`) still open.
    ///
    /// - Returns: the trimmed text.
    public static func label(_ text: String, field: String) throws(ValueError) -> String {
        let trimmed = trimmed(text)
        if trimmed.unicodeScalars.allSatisfy(isInvisible) { throw .empty(field: field) }
        try checkLabel(trimmed, field: field)
        if trimmed.unicodeScalars.contains(where: isBidiControl) { throw .bidiControl(field: field, value: trimmed) }
        return trimmed
    }

    /// A tag as input gives it: a label (`label`) without white space or commas, so that a
    /// list of tags reads back from one CSV field (`a,b`).
    ///
    /// - Returns: the trimmed text.
    public static func tag(_ text: String) throws(ValueError) -> String {
        let tag = try label(text, field: "tag")
        try checkTag(tag)
        return tag
    }

    /// A tag as the data file holds it: a label (`checkLabel`) without white space or commas.
    public static func checkTag(_ text: String) throws(ValueError) {
        try checkLabel(text, field: "tag")
        if text.unicodeScalars.contains(where: { $0 == "," || $0.properties.isWhitespace }) {
            throw .invalidTag(text)
        }
    }

    /// A note as input gives it: checked like `checkNote`, and refused when it holds a
    /// bidirectional control. Notes keep their white space.
    public static func note(_ text: String, field: String = "note") throws(ValueError) -> String {
        // A line break typed or pasted as CRLF (or CR) is a line break.
        let text = text.unicodeScalars.contains("\r") ? text.replacing("\r\n", with: "\n").replacing("\r", with: "\n") : text
        try checkNote(text, field: field)
        if text.unicodeScalars.contains(where: isBidiControl) { throw .bidiControl(field: field, value: text) }
        return text
    }

    /// The text without white space and invisible characters at either end.
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, isTrimmable(first) || isTrimmable(last) else { return text }
        guard let start = scalars.firstIndex(where: { !isTrimmable($0) }),
              let end = scalars.lastIndex(where: { !isTrimmable($0) }) else { return "" }
        return String(scalars[start...end])
    }

    /// Whether the text is nothing but what `trimmed` removes (empty text included).
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isTrimmable)
    }

    /// White space, and the characters that show nothing at all (zero-width space and joiners,
    /// the byte-order mark, the soft hyphen, fillers), except variation selectors, which
    /// belong to the character before them (`❤️`).
    /// Bidirectional controls are not trimmed: `label` refuses them wherever they are.
    private static func isTrimmable(_ scalar: Unicode.Scalar) -> Bool {
        isInvisible(scalar) && !isVariationSelector(scalar) && !isBidiControl(scalar)
    }

    /// A scalar that shows nothing: white space, a default-ignorable code point (U+200B,
    /// U+00AD, U+180E, U+034F, …) or a blank filler (U+3164, U+115F, U+1160, U+FFA0, U+2800).
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        // Printable ASCII, kana and CJK ideographs (most of a statement's text) show: no need
        // to look up their properties.
        case 0x21...0x7E, 0x3041...0x30FF, 0x3400...0x9FFF, 0xFF01...0xFF9F: return false
        case 0x3164, 0x115F, 0x1160, 0xFFA0, 0x2800: return true
        default: return scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    private static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
    }

    /// The embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// A note (or another free text, `field`): only tabs and newlines are allowed among the
    /// control characters.
    public static func checkNote(_ text: String, field: String = "note") throws(ValueError) {
        if asciiShape(text, allowingTabsAndNewlines: true) == .printable || asciiShape(text, allowingTabsAndNewlines: true) == .blank { return }
        if text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) {
            throw .controlCharacter(field: field, value: text)
        }
    }

    /// Parses a day argument: `YYYY-MM-DD` (full-width digits too, as an IME types them),
    /// `today` or `yesterday` (local time).
    public static func parseDay(_ text: String) throws(ValueError) -> Day {
        let plain = HalfWidth.plain(trimmed(text))
        switch plain {
        case "today": return Day.today()
        case "yesterday": return Day.daysAgo(1)
        default: return try isoDay(text)
        }
    }

    /// A `YYYY-MM-DD` day as input gives it (surrounding space and full-width digits allowed).
    public static func isoDay(_ text: String) throws(ValueError) -> Day {
        guard let day = Day(iso: HalfWidth.plain(trimmed(text))) else { throw .invalidDay(text) }
        return day
    }

    /// What an all-ASCII text is, decided from its bytes (the common case, and a hot one when
    /// a large file is read); `.other` when it holds non-ASCII and needs the full check.
    private enum ASCIIShape { case printable, blank, control, other }

    private static func asciiShape(_ text: String, allowingTabsAndNewlines: Bool = false) -> ASCIIShape {
        var text = text
        return text.withUTF8 { bytes -> ASCIIShape in
            var blank = true
            for byte in bytes {
                if byte >= 0x80 { return .other }
                if byte == 0x09 || byte == 0x0A {
                    if !allowingTabsAndNewlines { return .control }
                } else if byte < 0x20 || byte == 0x7F {
                    return .control
                } else if byte != 0x20 {
                    blank = false
                }
            }
            return blank ? .blank : .printable
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
