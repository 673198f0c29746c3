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
        if text.unicodeScalars.allSatisfy(isWhiteSpace) {
            throw .empty(field: field)
        }
        if hasControl(text, allowingTabsAndNewlines: false) {
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
        isPlainLabel(text) ? text : try anyLabel(text, field: field)
    }

    /// `label` for any text, by the Unicode tables.
    static func anyLabel(_ text: String, field: String) throws(ValueError) -> String {
        let trimmed = trimmed(text)
        if trimmed.unicodeScalars.allSatisfy(isInvisible) { throw .empty(field: field) }
        try checkLabel(trimmed, field: field)
        if trimmed.unicodeScalars.contains(where: isBidiControl) { throw .bidiControl(field: field, value: trimmed) }
        if let first = trimmed.unicodeScalars.first, joinsThePrevious(first) {
            throw .leadingMark(field: field, value: trimmed)
        }
        return trimmed
    }

    /// A scalar that belongs to the character before it (a combining accent, a dakuten, a
    /// spacing mark, an emoji's skin tone, Thai's SARA AM): text that starts with one joins
    /// whatever it follows, such as the dot before a name in a setting's key.
    static func joinsThePrevious(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        if scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .spacingMark { return true }
        var joined = "."
        joined.unicodeScalars.append(scalar)
        return joined.count == 1
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
        if text.unicodeScalars.contains(where: { $0 == "," || isWhiteSpace($0) }) {
            throw .invalidTag(text)
        }
    }

    /// An account's name as input gives it: a label (`label`) without `;` or `=`, which
    /// separate the parts of an account's setting (`from=<account>`).
    ///
    /// - Returns: the trimmed text.
    public static func accountName(_ text: String) throws(ValueError) -> String {
        let name = try label(text, field: "account name")
        try checkAccountName(name)
        if name == Transfer.adjustment { throw .reservedAccountName(name) }
        return name
    }

    /// An account's name as the settings hold it: a label (`checkLabel`) without `;` or `=`.
    public static func checkAccountName(_ text: String) throws(ValueError) {
        try checkLabel(text, field: "account name")
        if text.unicodeScalars.contains(where: { $0 == ";" || $0 == "=" }) { throw .invalidAccountName(text) }
    }

    /// A member's name as settings and splits hold it: a label (`checkLabel`) without `;`,
    /// `=`, `,` or `:`.
    public static func checkMemberName(_ text: String) throws(ValueError) {
        try checkLabel(text, field: "member name")
        if text.unicodeScalars.contains(where: { $0 == ";" || $0 == "=" || $0 == "," || $0 == ":" })
            || trimmed(text) != text {
            throw .invalidMemberName(text)
        }
    }

    /// A note as input gives it: checked like `checkNote`, and refused when it holds a
    /// bidirectional control. Notes keep their white space.
    public static func note(_ text: String, field: String = "note") throws(ValueError) -> String {
        // A line break typed or pasted as CRLF (or CR) is a line break.
        let text = text.unicodeScalars.contains("\r")
            ? text.replacing("\r\n", with: "\n").replacing("\r", with: "\n") : text
        try checkNote(text, field: field)
        if text.unicodeScalars.contains(where: isBidiControl) { throw .bidiControl(field: field, value: text) }
        return text
    }

    /// The text without white space and invisible characters at either end.
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, isTrimmable(first) || isTrimmable(last) else {
            return text
        }
        guard let start = scalars.firstIndex(where: { !isTrimmable($0) }),
              let end = scalars.lastIndex(where: { !isTrimmable($0) }) else { return "" }
        return String(scalars[start...end])
    }

    /// Whether the text is nothing but what `trimmed` removes (empty text included).
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isTrimmable)
    }

    /// A label as input gives it (`label`), or `nil` for text that trims to nothing.
    static func labelOrBlank(_ text: String, field: String) throws(ValueError) -> String? {
        if isPlainLabel(text) { return text }
        return isBlank(text) ? nil : try anyLabel(text, field: field)
    }

    /// Text of printable ASCII, kana, CJK ideographs and full- and half-width forms (most names
    /// and categories), neither starting nor ending with a space nor starting with a mark:
    /// nothing to trim, nothing invisible, no control, no bidirectional control, so what
    /// `label` returns unchanged; found in one pass over the bytes, without Unicode's tables.
    static func isPlainLabel(_ text: String) -> Bool {
        ByteView.withBytes(utf8Of: text) { isPlainLabel($0) }
    }

    /// `isPlainLabel` of valid UTF-8 bytes (a cell of a text already decoded).
    static func isPlainLabel(_ bytes: ByteView) -> Bool {
        isPlainLabel(bytes, plainText: false)
    }

    /// `isPlainLabel` and `TextOrder.isPlain` both, of bytes that may not be UTF-8 at all, in one
    /// pass: printable ASCII, kana without the combining sound marks, CJK ideographs of the main
    /// block and full- and half-width forms, neither starting nor ending with a space nor
    /// starting with a half-width sound mark (a limit's category in a file's key, which the
    /// reader checked twice over). `false` for anything else, which the two say separately.
    static func isPlainTextLabel(_ bytes: ByteView) -> Bool {
        isPlainLabel(bytes, plainText: true)
    }

    /// `isPlainLabel`, and with `plainText` `TextOrder.isPlain` too of bytes checked for UTF-8's
    /// shape as they go (an overlong or a surrogate is in no range).
    private static func isPlainLabel(_ bytes: ByteView, plainText: Bool) -> Bool {
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return false }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                guard byte >= 0x20 && byte != 0x7F else { return false }
                index += 1
                continue
            }
            // The ranges are all of three-byte scalars.
            guard byte & 0xF0 == 0xE0, index + 2 < bytes.count else { return false }
            if plainText, bytes[index + 1] & 0xC0 != 0x80 || bytes[index + 2] & 0xC0 != 0x80 { return false }
            let scalar = UInt32(byte & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                | UInt32(bytes[index + 2] & 0x3F)
            switch scalar {
            // Of these, only the (half-width) voiced sound marks join the character before.
            case 0x3099, 0x309A, 0xFF9E, 0xFF9F: if index == 0 { return false }
            case 0x3041...0x30FF, 0x3400...0x9FFF, 0xFF01...0xFF9F: break
            default: return false
            }
            // Plain text leaves out the combining sound marks (U+3099, U+309A) and what is not yet
            // assigned among the kana and the CJK extension A (`TextOrder.isPlain`).
            if plainText && !TextOrder.isPlain(scalar) { return false }
            index += 3
        }
        return true
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
        if hasControl(text, allowingTabsAndNewlines: true) {
            throw .controlCharacter(field: field, value: text)
        }
    }

    /// Whether the text holds a control character (`isControl`), a tab and a line feed aside
    /// when allowed; found on the bytes: C0 controls and DEL are single bytes, C1 controls
    /// (U+0080–U+009F) `C2 80`–`C2 9F`, and U+2028 and U+2029 `E2 80 A8` and `E2 80 A9`.
    static func hasControl(_ text: String, allowingTabsAndNewlines: Bool) -> Bool {
        ByteView.withBytes(utf8Of: text) { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 {
                    if !(allowingTabsAndNewlines && (byte == 0x09 || byte == 0x0A)) { return true }
                } else if byte == 0x7F {
                    return true
                } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                    return true
                } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                          bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    /// Parses a day argument: `YYYY-MM-DD`, `YYYY/MM/DD` or `YYYY.MM.DD` (the month and day
    /// with one or two digits; full-width digits and separators too, as an IME types them),
    /// `today` or `yesterday` (local time).
    ///
    /// - Throws: `ValueError.invalidDay` for text that is not written as a day,
    ///   `ValueError.notADay` for one the calendar does not have (`2025-02-29`).
    public static func parseDay(_ text: String) throws(ValueError) -> Day {
        let plain = HalfWidth.plain(trimmed(text))
        switch plain.lowercased() {
        case "today": return Day.today()
        case "yesterday": return Day.daysAgo(1)
        default: break
        }
        let separators: Set<Character> = ["-", "/", "."]
        guard let separator = plain.first(where: { !$0.isASCII || !$0.isNumber }), separators.contains(separator) else {
            throw .invalidDay(text)
        }
        let parts = plain.split(separator: separator, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in
            part.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        guard parts.count == 3, parts[0].utf8.count == 4, (1...2).contains(parts[1].utf8.count),
              (1...2).contains(parts[2].utf8.count), parts.allSatisfy(isDigits),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
            throw .invalidDay(text)
        }
        return try calendarDay(text, year: year, month: month, day: day)
    }

    /// A day as a file of records writes it (an import's row): as `parseDay` reads a day
    /// argument, but never `today` or `yesterday`, which a file does not mean.
    ///
    /// - Throws: `ValueError.invalidWrittenDay` for text that is not written as a day,
    ///   `ValueError.notADay` for one the calendar does not have.
    public static func writtenDay(_ text: String) throws(ValueError) -> Day {
        // As budget writes a day (`2026-11-05`), the usual case: read from its bytes at once.
        if let day = Day(iso: text) { return day }
        let word = trimmed(text).lowercased()
        if word == "today" || word == "yesterday" { throw .invalidWrittenDay(text) }
        do {
            return try parseDay(text)
        } catch .invalidDay {
            throw .invalidWrittenDay(text)
        }
    }

    /// A `YYYY-MM-DD` day as input gives it (surrounding space and full-width digits allowed).
    ///
    /// - Throws: `ValueError.invalidDay` for another form, `ValueError.notADay` for a day the
    ///   calendar does not have.
    public static func isoDay(_ text: String) throws(ValueError) -> Day {
        let plain = HalfWidth.plain(trimmed(text))
        if let day = Day(iso: plain) { return day }
        let bytes = Array(plain.utf8)
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || isDigit($0.element) }),
              let year = Int(plain.prefix(4)), let month = Int(plain.dropFirst(5).prefix(2)),
              let day = Int(plain.suffix(2)) else {
            throw .invalidDay(text)
        }
        return try calendarDay(text, year: year, month: month, day: day)
    }

    /// The day of a year, month and day written as one, or why the calendar has no such day.
    private static func calendarDay(_ text: String, year: Int, month: Int, day: Int) throws(ValueError) -> Day {
        if let found = Day(year: year, month: month, day: day) { return found }
        let reason: String
        if !(1...9999).contains(year) {
            reason = "years run from 0001 to 9999"
        } else if !(1...12).contains(month) {
            reason = "months run from 01 to 12"
        } else if day == 0 {
            reason = "days of the month run from 01"
        } else if month == 2 && day == 29 {
            reason = "\(year) is not a leap year"
        } else {
            let days = Day.daysInMonth(year: year, month: month)
            reason = "\(Self.monthNames[month - 1]) has \(days) days"
        }
        throw .notADay(text, reason: reason)
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// What an all-ASCII text is, decided from its bytes (the common case, and a hot one when
    /// a large file is read); `.other` when it holds non-ASCII and needs the full check.
    private enum ASCIIShape { case printable, blank, control, other }

    private static func asciiShape(_ text: String, allowingTabsAndNewlines: Bool = false) -> ASCIIShape {
        ByteView.withBytes(utf8Of: text) { bytes -> ASCIIShape in
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

    /// White space as Unicode has it (`properties.isWhitespace`), looked up in Unicode's tables
    /// only for the scalars that could be: ASCII is known, and none past U+3000 is
    /// (`FieldRulesTests` holds it to the tables for every scalar). A tag is checked for it on
    /// every read.
    static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        return value <= 0x3000 && scalar.properties.isWhitespace
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
