/// A record field's value as outputs show it: the listing's columns, the machine formats and
/// export render these, so a new field of a known type needs no change in any printer.
public enum FieldValue: Hashable, Sendable {
    /// Text that is always there (an ID, a name, a category).
    case text(String)
    /// Text that may be absent (a note).
    case optionalText(String?)
    /// A whole number that is not money (a position).
    case number(Int)
    /// Money in the currency's minor unit.
    case amount(Int)
    /// A calendar day.
    case day(Day)
    /// A set of labels.
    case tags(Tags)

    /// Whether the value is empty: no text, no tags (a number, an amount or a day never is).
    public var isEmpty: Bool {
        switch self {
        case .text(let text): return text.isEmpty
        case .optionalText(let text): return text?.isEmpty ?? true
        case .tags(let tags): return tags.isEmpty
        case .number, .amount, .day: return false
        }
    }
}
