/// A coder whose values an import reads (`RecordImporter`): the input rules of one type of
/// value, the command line's (`FieldRules.label`, `MoneyFormat.parse`, …), applied to what a
/// CSV, TSV or JSON row gives. A record field declared with such a coder is a column of imports.
protocol FieldInputCoding: FieldCoding {
    /// The JSON values an import takes for the field; `.text` unless the coder says otherwise.
    static var inputForm: FieldInput.Form { get }

    /// The value a row gives, read by the input rules; `nil` when it is blank, so that what
    /// stands in for a missing value applies (the declaration's default, then `fallback`).
    ///
    /// - Parameter field: the field's key, as messages name it.
    static func input(_ given: FieldInput, field: String, _ context: InputContext) throws(ValueError) -> Value?

    /// The value of a field that a row leaves out or leaves blank; `nil` when a row must give
    /// it. By default the coder's `absent` value (no note, no tags).
    static var fallback: ((InputContext) -> Value)? { get }

    /// The value a person types (`add --note`, `edit --date`), by the same input rules as
    /// `input` unless typing allows more (a day: `today`, `yesterday`); `nil` when blank.
    static func typed(_ text: String, field: String, _ context: InputContext) throws(ValueError) -> Value?

    /// The value that `output` shows as `shown`; `nil` for a value of another type.
    static func value(_ shown: FieldValue) -> Value?
}

extension FieldInputCoding {
    static var inputForm: FieldInput.Form { .text }

    static var fallback: ((InputContext) -> Value)? {
        absent.map { value in { _ in value } }
    }

    static func typed(_ text: String, field: String, _ context: InputContext) throws(ValueError) -> Value? {
        try input(.text(text), field: field, context)
    }
}
