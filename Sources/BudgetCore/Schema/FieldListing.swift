/// When a table of many records shows a field (`RecordField.listing`).
public enum FieldListing: Sendable {
    /// Always (the ID, the name, the amount, the note).
    case always
    /// Only when some record in the table has a value (tags: most budgets have none).
    case whenAnyHasValue
    /// Never in a table of many records: too long to be useful there (where an imported
    /// record came from); a single record's details, the machine formats and exports have it.
    case detailsOnly
}
