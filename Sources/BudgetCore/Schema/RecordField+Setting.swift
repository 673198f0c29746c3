extension RecordField {
    /// How a person sets the field (`FieldSetting`), made from the declaration's coder: the
    /// value of typed text, and reading and writing the value a record holds.
    struct Setter {
        /// How values are read: what a schedule's or a draft's values are made with.
        let reading: Reading
        /// Sets the record's value; `false` for a value of another type.
        let set: (FieldValue, inout Record) -> Bool
        /// Whether a record may leave it out (it has a default, a fallback or an absent value).
        let isRequired: Bool

        /// The value a field without one has (no note, no tags); `nil` when it must have one.
        var absent: FieldValue? { reading.absent }
        /// Whether a value is a list of items (tags).
        var isList: Bool { reading.isList }
        /// How a value given as text in a schedule's text reads: as minor units, or text.
        var form: FieldInput.Form { reading.form }

        init<Coder: FieldInputCoding>(
            _ coder: Coder.Type, key: String, set: @escaping (inout Record, Coder.Value) -> Void, isRequired: Bool
        ) {
            reading = Reading(
                typed: { text, context throws(ValueError) in
                    try Coder.typed(text, field: key, context).map(Coder.output)
                },
                input: { given, context throws(ValueError) in
                    try Coder.input(given, field: key, context).map(Coder.output)
                },
                absent: Coder.absent.map(Coder.output), isList: Coder.inputForm == .list, form: Coder.inputForm)
            self.set = { shown, record in
                guard let value = Coder.value(shown) else { return false }
                set(&record, value)
                return true
            }
            self.isRequired = isRequired
        }
    }

    /// How a field's values are read from typed text, a statement's cell or a schedule's text;
    /// `Sendable`, since it holds no record accessor.
    struct Reading: Sendable {
        /// The value a person types (`nil`: blank, which a field without an absent value refuses).
        let typed: @Sendable (String, InputContext) throws(ValueError) -> FieldValue?
        /// The value a statement's cell or a schedule's text gives, by the import's input rules.
        let input: @Sendable (FieldInput, InputContext) throws(ValueError) -> FieldValue?
        /// The value a field without one has (no note, no tags); `nil` when it must have one.
        let absent: FieldValue?
        /// Whether a value is a list of items (tags).
        let isList: Bool
        /// How a value given as text in a schedule's text reads: as minor units, or text.
        let form: FieldInput.Form

        /// The value of typed text: a blank text is the absent value (no note), refused for a
        /// field that must have one (`ValueError.empty`).
        func value(typed text: String, field: String, _ context: InputContext) throws(ValueError) -> FieldValue {
            if let value = try typed(text, context) { return value }
            guard let absent else { throw .empty(field: field) }
            return absent
        }

        /// The value of a schedule's parts (one text each; a list's items), by the input rules.
        func value(parts: [String], _ context: InputContext) throws(ValueError) -> FieldValue? {
            if isList { return try input(.list(parts), context) }
            guard parts.count == 1, let text = parts.first else { return nil }
            if form == .minorUnits {
                guard let number = Int(text) else { return nil }
                return try input(.minorUnits(number), context)
            }
            return try input(.text(text), context)
        }
    }
}

/// A field a person sets, of either kind (`RecordField.setting`), without the kind's type:
/// what the command line's options, schedules and statements are made from.
public struct SettableField: Sendable {
    /// The field's key.
    public let key: String
    /// How a person gives it.
    public let setting: FieldSetting
    /// The kinds whose records have it, in `RecordKind` order.
    public let kinds: [RecordKind]
    /// Whether a value is a list of items (tags): the command line adds and removes items.
    public let isList: Bool
    /// Whether a record may be without a value (a note): an empty text removes it.
    public let isOptional: Bool
    /// Whether a new record must be given it (a name, an amount): nothing stands in for it.
    public let isRequired: Bool
    /// Whether values are money (read in the budget's currency when the file is open).
    public let isAmount: Bool
    /// The value of a record without one (no note, no tags); `nil` when it must have one.
    public let absent: FieldValue?
    let typed: @Sendable (String, InputContext) throws(ValueError) -> FieldValue
    let parts: @Sendable ([String], InputContext) throws(ValueError) -> FieldValue?
    let input: @Sendable (FieldInput, InputContext) throws(ValueError) -> FieldValue?

    /// The word for one value: the field's key, or a list's item (`tag`).
    public var word: String { setting.word ?? key }

    /// The value of text a person typed, by the field's input rules (`FieldRules.label`,
    /// `FieldRules.note`, a day with `today`); an empty text is no value for an optional
    /// field (no note).
    ///
    /// - Throws: `ValueError` for a text the field cannot hold.
    public func value(typed text: String) throws(ValueError) -> FieldValue {
        try typed(text, SettableField.typingContext)
    }

    /// The value of several typed items of a list (`--tag a --tag b`), each by the rules of one.
    public func value(items: [String]) throws(ValueError) -> FieldValue {
        try input(.list(items), SettableField.typingContext) ?? .tags(Tags())
    }

    /// Whether records of `kind` have the field.
    public func applies(to kind: RecordKind) -> Bool { kinds.contains(kind) }

    /// The value of a schedule's parts (`key=value`, one per item of a list), by the input rules.
    func value(parts texts: [String]) throws(ValueError) -> FieldValue? {
        try parts(texts, SettableField.typingContext)
    }

    /// Typed text needs no budget: amounts are read when the file is open, defaults stand in later.
    static let typingContext = InputContext(money: MoneyFormat(currency: nil), today: .epoch, defaultCategory: "")

    /// Every field a person sets, of any kind, in the order of the kinds' schemas (the fields
    /// incomes have first, then those only expenses have, then those only transfers have).
    public static let all: [SettableField] = {
        var result: [SettableField] = []
        func collect<Record: BaseModel>(_ type: Record.Type) {
            for field in Record.schema.fields {
                guard let setting = field.setting, let setter = field.setter else { continue }
                if let index = result.firstIndex(where: { $0.key == field.key }) {
                    let found = result[index]
                    result[index] = SettableField(
                        key: found.key, setting: found.setting, kinds: found.kinds + [Record.kind],
                        isList: found.isList,
                        isOptional: found.isOptional, isRequired: found.isRequired, isAmount: found.isAmount,
                        absent: found.absent, typed: found.typed, parts: found.parts, input: found.input)
                    continue
                }
                let key = field.key, reading = setter.reading
                result.append(SettableField(
                    key: key, setting: setting, kinds: [Record.kind], isList: setter.isList,
                    isOptional: setter.absent != nil && !setter.isList, isRequired: setter.isRequired,
                    isAmount: setter.form == .minorUnits, absent: setter.absent,
                    typed: { text, context throws(ValueError) in try reading.value(typed: text, field: key, context) },
                    parts: { parts, context throws(ValueError) in try reading.value(parts: parts, context) },
                    input: { given, context throws(ValueError) in try reading.input(given, context) }))
            }
        }
        collect(Income.self)
        collect(Expense.self)
        collect(Transfer.self)
        return result
    }()

    /// The field with this key, if a person sets it.
    public static func named(_ key: String) -> SettableField? {
        all.first { $0.key == key }
    }
}
