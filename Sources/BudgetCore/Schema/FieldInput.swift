/// A field's value as an import file gives it, before the field's input rules read it
/// (`FieldInputCoding.input`).
enum FieldInput: Equatable {
    /// Text: a CSV or TSV cell, or a JSON string.
    case text(String)
    /// A JSON whole number: an amount in the currency's minor unit, as JSON listings write it.
    case minorUnits(Int)
    /// A JSON array of strings (tags, as JSON listings write them).
    case list([String])

    /// The JSON values an import takes for a field. A CSV or TSV cell is always text.
    enum Form: Equatable, Sendable {
        /// A string; `null` gives nothing.
        case text
        /// A whole number; anything else is refused, since JSON amounts are in minor units.
        case minorUnits
        /// An array of strings, or their comma-separated text; `null` gives nothing.
        case list
    }

    /// The value as a CSV cell would hold it: a number's digits, a list's items joined by commas.
    var text: String {
        switch self {
        case .text(let text): return text
        case .minorUnits(let value): return String(value)
        case .list(let items): return items.joined(separator: ",")
        }
    }
}
