/// The rules every record field obeys, shared by the command line, imports and file validation.
public enum FieldRules {
    /// A name or category: not blank, and no control characters (tabs and newlines included).
    public static func checkLabel(_ text: String, field: String) throws(ValueError) {
        if text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            throw .empty(field: field)
        }
        if text.unicodeScalars.contains(where: isControl) {
            throw .controlCharacter(field: field, value: text)
        }
    }

    /// A note: free text where only tabs and newlines are allowed among the control characters.
    public static func checkNote(_ text: String) throws(ValueError) {
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

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
