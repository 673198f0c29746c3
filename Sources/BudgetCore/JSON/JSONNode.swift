/// A parsed JSON value and the byte offset in the source where it begins.
///
/// Offsets let every problem found later (a wrong type, a bad id) be reported
/// with the line and column a person can open in an editor.
struct JSONNode: Sendable {
    /// The value itself.
    enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number exactly as written, so integers are never rounded through `Double`.
        case number(String)
        case string(String)
        case array([JSONNode])
        /// Members in source order; keys are unique (the reader refuses duplicates).
        case object([JSONMember])
    }

    var value: Value
    var offset: Int

    /// A short name of the value's JSON type, for error messages.
    var typeName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
