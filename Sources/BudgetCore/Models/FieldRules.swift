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

    /// A name or category typed by a person or read from an import: surrounding white space is
    /// trimmed (so `food` and ` food ` are one category), and besides what `checkLabel` refuses,
    /// bidirectional controls and names of invisible characters only are refused. Data files
    /// are read with `checkLabel` alone, so files written by earlier versions keep opening.
    ///
    /// - Returns: the trimmed text.
    public static func label(_ text: String, field: String) throws(ValueError) -> String {
        let trimmed = trimmingWhitespace(text)
        try checkLabel(trimmed, field: field)
        if trimmed.utf8.allSatisfy({ $0 < 0x80 }) { return trimmed }
        if trimmed.unicodeScalars.contains(where: TerminalText.isBidiControl) {
            throw .bidiControl(field: field, value: trimmed)
        }
        if trimmed.unicodeScalars.allSatisfy(TerminalText.isInvisible) {
            throw .invisible(field: field, value: trimmed)
        }
        return trimmed
    }

    /// The text without leading and trailing white space (Unicode's, the ideographic space included).
    public static func trimmingWhitespace(_ text: String) -> String {
        // The common case: printable ASCII at both ends, nothing to trim.
        if let first = text.utf8.first, let last = text.utf8.last, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) { return text }
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        if start == scalars.startIndex && end == scalars.index(before: scalars.endIndex) { return text }
        return String(scalars[start...end])
    }

    /// A note: free text where only tabs and newlines are allowed among the control characters.
    public static func checkNote(_ text: String) throws(ValueError) {
        if asciiShape(text, allowingTabsAndNewlines: true) == .printable || asciiShape(text, allowingTabsAndNewlines: true) == .blank { return }
        if text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) {
            throw .controlCharacter(field: "note", value: text)
        }
    }

    /// Parses a day argument: `YYYY-MM-DD`, `today` or `yesterday` (local time). Full-width
    /// digits and dashes, as a Japanese input method types them, are read as ASCII.
    public static func parseDay(_ text: String) throws(ValueError) -> Day {
        switch text {
        case "today": return Day.today()
        case "yesterday": return Day.daysAgo(1)
        default: return try parseISODay(text)
        }
    }

    /// Parses a typed or imported `YYYY-MM-DD` (surrounding spaces and full-width forms allowed).
    public static func parseISODay(_ text: String) throws(ValueError) -> Day {
        guard let day = Day(iso: trimmingWhitespace(halfWidth(text))) else { throw .invalidDay(text) }
        return day
    }

    /// Parses a count or a position: ASCII or full-width digits only, like IDs and amounts
    /// (no sign, no decimals).
    public static func parseWholeNumber(_ text: String) throws(ValueError) -> Int {
        let digits = halfWidth(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw .invalidNumber(text, reason: "expected a whole number such as 1, without a sign")
        }
        guard let number = Int(digits) else { throw .invalidNumber(text, reason: "the number is too large") }
        return number
    }

    /// Full-width digits, comma, full stop, dashes and underscore (U+FF10…U+FF19, U+FF0C,
    /// U+FF0E, U+FF0D, U+2212, U+FF3F) as their ASCII forms; other text unchanged.
    public static func halfWidth(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xFF10...0xFF19: result.append(Unicode.Scalar(UInt8(scalar.value - 0xFF10) + UInt8(ascii: "0")))
            case 0xFF0C: result.append(",")
            case 0xFF0E: result.append(".")
            case 0xFF0D, 0x2212: result.append("-")
            case 0xFF3F: result.append("_")
            default: result.append(scalar)
            }
        }
        return String(result)
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
