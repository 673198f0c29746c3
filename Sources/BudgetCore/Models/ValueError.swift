/// An input value that a record cannot hold. The command line reports these as usage errors.
public enum ValueError: Error, Equatable, Sendable {
    /// The amount text is not a non-negative whole number.
    case invalidAmount(String, reason: String)
    /// The day is not `YYYY-MM-DD`, `today` or `yesterday`, or does not exist.
    case invalidDay(String)
    /// A name or category is empty or blank.
    case empty(field: String)
    /// A name, category or note holds a control character.
    case controlCharacter(field: String, value: String)
    /// A name or category holds a bidirectional control (U+202A–U+202E, U+2066–U+2069), which
    /// would make it show differently from what it is.
    case bidiControl(field: String, value: String)
    /// A name or category of invisible characters only (U+200B, U+FEFF, U+2060…).
    case invisible(field: String, value: String)
    /// A count or position is not a whole number (`+1`, `1.5`) or is too large.
    case invalidNumber(String, reason: String)
    /// The text is not a record ID.
    case invalidID(String)
    /// A setting value of the wrong kind.
    case invalidSetting(String, expected: String)
}

extension ValueError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .invalidAmount(text, reason):
            return "invalid amount '\(text)': \(reason)"
        case let .invalidDay(text):
            return "invalid date '\(text)': expected YYYY-MM-DD, 'today' or 'yesterday'"
        case let .empty(field):
            return "the \(field) must not be empty"
        case let .controlCharacter(field, value):
            return "the \(field) '\(value.debugDescription.dropFirst().dropLast())' contains a control character"
        case let .bidiControl(field, value):
            return "the \(field) '\(TerminalText.escaped(value, revealingInvisible: true))' contains a bidirectional control character"
        case let .invisible(field, value):
            return "the \(field) '\(TerminalText.escaped(value, revealingInvisible: true))' has no visible characters"
        case let .invalidNumber(text, reason):
            return "invalid number '\(text)': \(reason)"
        case let .invalidID(text):
            return "invalid id '\(text)': expected a record id such as 00000001 or 1"
        case let .invalidSetting(text, expected):
            return "invalid value '\(text)': expected \(expected)"
        }
    }
}
