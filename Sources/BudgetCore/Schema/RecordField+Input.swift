extension RecordField {
    /// How an import reads one field of a row (`RecordImporter`): made from the declaration's
    /// coder and default, so that a field declared with a `FieldInputCoding` is a column of
    /// imports with nothing else to write.
    struct Input {
        /// The JSON values the field takes.
        let form: FieldInput.Form
        /// Whether a row must give the field: nothing stands in for it.
        let isRequired: Bool
        /// Reads what a row gives (`nil`: the row does not have the field) into the record, or
        /// throws the rule it breaks.
        let read: (FieldInput?, inout Record, InputContext) throws(ValueError) -> Void

        init<Coder: FieldInputCoding>(
            _ coder: Coder.Type, key: String, set: @escaping (inout Record, Coder.Value) -> Void,
            default defaultText: ((InputContext) -> String)?
        ) {
            form = Coder.inputForm
            let fallback = Coder.fallback
            isRequired = defaultText == nil && fallback == nil
            read = { given, record, context throws(ValueError) in
                if let given, let value = try Coder.input(given, field: key, context) {
                    set(&record, value)
                } else if let defaultText {
                    // Read as if the row held it, by the same rules.
                    guard let value = try Coder.input(.text(defaultText(context)), field: key, context) else {
                        throw .empty(field: key)
                    }
                    set(&record, value)
                } else if let fallback {
                    set(&record, fallback(context))
                } else {
                    throw given == nil ? .missing(field: key) : .empty(field: key)
                }
            }
        }
    }

    /// A field whose value `Coder` reads, writes and imports, got and set by the two accessors
    /// (see the designated initialiser).
    ///
    /// - Parameter inputDefault: the text an import reads for a row that leaves the field out
    ///   or blank (the expense's category: the budget's default category); without it, the
    ///   coder's `fallback`, else the row must give the field.
    /// - Parameter isImported: `false` for a field an import leaves out (its column is read
    ///   and ignored, like `id`): a record's schedule names a schedule of the file it was
    ///   exported from, which the importing file does not have (`restore` keeps it).
    /// - Parameter setting: how a person gives the value (`FieldSetting`): an option of `add`,
    ///   `edit` and `recur`, a part of schedules, a field statements may map; `nil` for a field
    ///   only the budget sets.
    @inline(__always)
    convenience init<Coder: FieldInputCoding>(
        _ key: String, _ coder: Coder.Type, get: @escaping (borrowing Record) -> Coder.Value,
        set: @escaping (inout Record, Coder.Value) -> Void,
        inputDefault: ((InputContext) -> String)? = nil, listing: FieldListing = .always, isImported: Bool = true,
        setting: FieldSetting? = nil
    ) {
        let input = isImported ? Input(coder, key: key, set: set, default: inputDefault) : nil
        let isRequired = inputDefault == nil && Coder.fallback == nil
        let setter = setting.map { _ in Setter(coder, key: key, set: set, isRequired: isRequired) }
        self.init(
            key, coder, get: get, set: set, isPosition: false, input: input, listing: listing, setting: setting,
            setter: setter)
    }
}
