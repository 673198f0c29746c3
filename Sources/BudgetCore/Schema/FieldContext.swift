/// Which record and field the strict reader is reading, for its messages.
struct FieldContext {
    /// The record as messages name it (`expense 00000002`).
    var record: String
    /// The record's key in its table, which its `id` must repeat.
    var key: String
    /// The field's key in the record's object.
    var field: String
}
