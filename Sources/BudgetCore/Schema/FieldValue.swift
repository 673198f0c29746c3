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
}
