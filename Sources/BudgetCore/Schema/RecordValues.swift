/// Values of some of a record's fields, by the field's key, each read by that field's input
/// rules (`SettableField.value(typed:)`): a record to add (a draft), the record a schedule
/// makes, what a statement's row gives besides its name, date and amount.
public struct RecordValues: Hashable, Sendable {
    /// The values, by field key.
    public private(set) var values: [String: FieldValue] = [:]

    /// No values.
    public init() {}

    /// The value of the field with this key, if given.
    public subscript(key: String) -> FieldValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// Whether no field has a value.
    public var isEmpty: Bool { values.isEmpty }

    /// The keys of the fields given, sorted.
    public var keys: [String] { values.keys.sorted() }
}

extension FieldValue {
    /// The value as a schedule's text holds it: one text per part, none for an absent value
    /// (a list's items; an amount's minor units; a day's `YYYY-MM-DD`).
    var parts: [String] {
        switch self {
        case .text(let text): return [text]
        case .optionalText(let text): return text.map { [$0] } ?? []
        case .number(let value), .amount(let value): return [String(value)]
        case .day(let day): return [day.iso]
        case .tags(let tags): return tags.sorted
        }
    }
}
