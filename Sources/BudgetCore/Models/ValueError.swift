/// An input value that a record cannot hold. The command line reports these as usage errors.
public enum ValueError: Error, Equatable, Sendable {
    /// The amount text is not a non-negative whole number.
    case invalidAmount(String, reason: String)
    /// The day is not `YYYY-MM-DD`, `today` or `yesterday`, or does not exist.
    case invalidDay(String)
    /// A file's day (an import's row) is not `YYYY-MM-DD`, `YYYY/MM/DD` or `YYYY.MM.DD`.
    case invalidWrittenDay(String)
    /// The day is written as one (`2025-02-29`) but the calendar has no such day; `reason`
    /// says why (`2025 is not a leap year`).
    case notADay(String, reason: String)
    /// A name or category is empty or blank.
    case empty(field: String)
    /// A name, category or note holds a control character.
    case controlCharacter(field: String, value: String)
    /// A name, category or note holds a bidirectional control (U+202A–U+202E, U+2066–U+2069).
    case bidiControl(field: String, value: String)
    /// A name, category or tag starts with a mark that joins the character before it (U+0301):
    /// after a setting's dot (`budget.limit.`) it would make another key, in a table another cell.
    case leadingMark(field: String, value: String)
    /// A tag holds white space or a comma.
    case invalidTag(String)
    /// A saved import profile's name holds white space or a comma.
    case invalidProfileName(String)
    /// An account's name holds `;` or `=`.
    case invalidAccountName(String)
    /// An account name kept for what is no account (`Transfer.adjustment`).
    case reservedAccountName(String)
    /// A member's name holds `;`, `=`, `,` or `:`.
    case invalidMemberName(String)
    /// The text is not a record ID.
    case invalidID(String)
    /// A setting value of the wrong kind.
    case invalidSetting(String, expected: String)
    /// A field that records of the kind do not have (a category for an income).
    case notApplicable(field: String, kind: RecordKind)
    /// A field that must be given is not there (an imported row without a name).
    case missing(field: String)
    /// An amount given in minor units is below zero (a JSON import's number).
    case negativeAmount(Int)
}

extension ValueError: CustomStringConvertible {
    /// A value quoted in a message with its control characters written as escapes (`\t`,
    /// `\u{0}`), as the command line writes every message; the rest as it is.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            return text
        }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x09: result += "\\t"
            case 0x0D: result += "\\r"
            case 0..<0x20, 0x7F...0x9F: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The message, lower-case (`invalid amount '12x': …`).
    public var description: String {
        switch self {
        case let .invalidAmount(text, reason):
            return "invalid amount '\(text)': \(reason)"
        case let .invalidDay(text):
            return "invalid date '\(text)': expected YYYY-MM-DD (or YYYY/MM/DD), 'today' or 'yesterday'"
        case let .invalidWrittenDay(text):
            return "invalid date '\(text)': expected YYYY-MM-DD (or YYYY/MM/DD, YYYY.MM.DD)"
        case let .notADay(text, reason):
            return "'\(text)' is not a day: \(reason)"
        case let .empty(field):
            return "the \(field) must not be empty"
        case let .controlCharacter(field, value):
            return "the \(field) '\(Self.visible(value))' contains a control character"
        case let .bidiControl(field, value):
            return "the \(field) '\(Self.visible(value))' contains a bidirectional "
                + "control character, which can make text read as something else"
        case let .leadingMark(field, value):
            let digits = value.unicodeScalars.first.map { String($0.value, radix: 16, uppercase: true) } ?? ""
            let mark = "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            return "the \(field) '\(Self.visible(value))' starts with a combining mark "
                + "(\(mark)), which joins the character before it; start it with the letter the mark belongs to"
        case let .invalidTag(text):
            return "the tag '\(Self.visible(text))' contains white space or a comma; "
                + "a tag is one word (use - or _ to join words)"
        case let .invalidProfileName(text):
            return "the profile name '\(Self.visible(text))' contains white space or a "
                + "comma; a profile name is one word (use - or _ to join words)"
        case let .invalidAccountName(text):
            return "the account name '\(Self.visible(text))' contains ';' or '='"
        case let .invalidMemberName(text):
            return "the member name '\(Self.visible(text))' contains ';', '=', ',' or ':' "
                + "(or space at an end)"
        case let .reservedAccountName(text):
            return "'\(text)' stands for balance adjustments and cannot name an account"
        case let .invalidID(text):
            return "invalid id '\(text)': expected a record id such as 00000001, 1 or expense-00000001"
        case let .invalidSetting(text, expected):
            return "invalid value '\(text)': expected \(expected)"
        case let .notApplicable(field, kind):
            return "\(kind.plural) have no \(field)"
        case let .missing(field):
            return "the \(field) is missing"
        case .negativeAmount:
            return "amounts cannot be negative"
        }
    }
}
