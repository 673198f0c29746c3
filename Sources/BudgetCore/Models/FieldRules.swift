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

    /// A note: free text where only tabs and newlines are allowed among the control characters.
    public static func checkNote(_ text: String) throws(ValueError) {
        if asciiShape(text, allowingTabsAndNewlines: true) == .printable || asciiShape(text, allowingTabsAndNewlines: true) == .blank { return }
        if text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) {
            throw .controlCharacter(field: "note", value: text)
        }
    }

    /// Parses a day argument: `YYYY-MM-DD`, `today` or `yesterday` (local time).
    public static func parseDay(_ text: String) throws(ValueError) -> Day {
        switch text {
        case "today": return Day.today()
        case "yesterday": return Day.daysAgo(1)
        default:
            guard let day = Day(iso: text) else { throw .invalidDay(text) }
            return day
        }
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
