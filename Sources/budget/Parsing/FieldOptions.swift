import BudgetCore

/// The options that set record fields (`--note`, `--tag`, `--category`, …), made from the
/// fields' declarations (`SettableField`): `add`, `edit`, `recur add` and `recur edit` have one
/// for each field a person sets that is not one of their arguments (a list: `--tag`, and
/// `--untag`/`--tags` to edit), read by the field's input rules. A command names the fields it
/// words its own way and places first; every other declared field follows with the wording of
/// its declaration (`FieldSetting.help`), so a new field needs no change here.
enum FieldOptions {
    /// Which command the options are for.
    enum Use {
        /// `add income|expense`: a new record; the fields it must have are arguments.
        case add
        /// `edit`: records' fields changed.
        case edit
        /// `recur add`: a new schedule's records; the fields they must have are arguments.
        case recurAdd
        /// `recur edit`: a schedule's records changed.
        case recurEdit

        var isNew: Bool { self == .add || self == .recurAdd }
        var isSchedule: Bool { self == .recurAdd || self == .recurEdit }
    }

    /// The order of the fields these commands word themselves, as their help has listed them.
    static func order(_ use: Use) -> [String] {
        switch use {
        case .add: return ["category", "date", "note", "tags"]
        case .edit: return ["name", "amount", "category", "date", "note", "tags"]
        case .recurAdd: return ["category", "tags", "note"]
        case .recurEdit: return ["name", "amount", "category", "tags", "note"]
        }
    }

    /// The fields that have options in `use` for records of `kind` (any kind: `nil`), in the
    /// order of their options.
    static func fields(_ use: Use, kind: RecordKind?) -> [SettableField] {
        let fields = SettableField.all.filter { field in
            (kind.map(field.applies) ?? true) && !(use.isNew && field.isRequired)
                && !(use.isSchedule && !field.setting.isScheduled)
        }
        let first = order(use).compactMap { key in fields.first { $0.key == key } }
        return first + fields.filter { field in !first.contains { $0.key == field.key } }
    }

    /// The options of `use`, each field's followed by `after[key]` (options that belong with
    /// it: `--refund` after the amount).
    static func options(_ use: Use, kind: RecordKind?, after: [String: [OptionSpec]] = [:]) -> [OptionSpec] {
        fields(use, kind: kind).flatMap { field in
            options(field, use) + (after[field.key] ?? []) + (field.key == "split" ? splitAliases : [])
        }
    }

    /// `--for` and `--personal`: a split said the way a household says it.
    static let splitAliases = [
        OptionSpec(
            long: "for", valueName: "member",
            help: "Paid for this member alone (立替): the whole amount is theirs (--split <member>=1)."),
        OptionSpec(long: "personal", help: "Outside the household split: the payer's own (--split personal)."),
    ]

    /// `--part` as typed: its amounts are read in the budget's currency once the file is open
    /// (`parts(_:money:)`).
    static func typedParts(_ parsed: ParsedCommand) -> String? {
        parsed.value("part")
    }

    /// The parts typed with `--part`, amounts in `money`'s currency: their stored form, or
    /// none for an empty text.
    static func parts(_ text: String, money: MoneyFormat, _ parsed: ParsedCommand) throws(UsageError) -> FieldValue {
        guard !FieldRules.trimmed(text).isEmpty else { return .optionalText(nil) }
        let parts = try parsed.converting { () throws(ValueError) in
            try Parts(typed: text) { amount throws(ValueError) in try money.parse(amount) }
        }
        return .optionalText(parts.text)
    }

    /// The split typed with `--split`, `--for` or `--personal`, at most one of them.
    static func typedSplit(_ parsed: ParsedCommand) throws(UsageError) -> String? {
        let given = [
            parsed.value("split"), parsed.value("for").map { $0 + "=1" }, parsed.flag("personal") ? "personal" : nil,
        ].compactMap { $0 }
        guard given.count <= 1 else {
            throw parsed.usageError("'--split', '--for' and '--personal' cannot be combined: give one")
        }
        return given.first
    }

    /// A field's options in `use`: `--<key>`; for a list, `--<item>` (repeatable), and to edit
    /// also `--un<item>` and (`edit`) `--<key>`, which replaces every item.
    static func options(_ field: SettableField, _ use: Use) -> [OptionSpec] {
        let setting = field.setting
        func option(_ long: String, valueName: String, derived: String, repeatable: Bool = false) -> OptionSpec {
            OptionSpec(long: long, valueName: valueName, help: wording[use]?[long] ?? derived, isRepeatable: repeatable)
        }
        guard field.isList else {
            // `Who was paid (expenses only); an empty text removes it.`
            let only = field.kinds.count == 1
                ? field.kinds.first.map { " (\(use.isSchedule ? "\($0.singular) schedules" : $0.plural) only)" } : nil
            let removes = field.isOptional ? "; an empty text removes it." : "."
            let sentence = setting.help.hasSuffix(".") ? String(setting.help.dropLast()) : setting.help
            let derived = use.isNew ? setting.help : sentence + (only ?? "") + removes
            return [option(field.word, valueName: setting.valueName, derived: derived)]
        }
        let item = field.word
        if use.isNew {
            let derived = setting.help + " Repeat for several."
            return [option(item, valueName: setting.valueName, derived: derived, repeatable: true)]
        }
        var options = [
            option(
                item, valueName: setting.valueName, derived: "Add this \(item) (repeat for several).",
                repeatable: true),
            option(
                "un" + item, valueName: setting.valueName, derived: "Remove this \(item) (repeat for several).",
                repeatable: true),
        ]
        if use == .edit {
            let derived = "Replace every \(item) with this comma-separated list; \"\" removes them all."
            options.append(option(field.key, valueName: "list", derived: derived))
        }
        return options
    }

    /// The help of the options whose wording came before the declarations, by option.
    private static let wording: [Use: [String: String]] = [
        .add: [
            "category": "The spending category (default: the expense.default-category setting, else uncategorized).",
            "date": "YYYY-MM-DD, today or yesterday (default: today).",
            "note": "A free-text note.",
            "tag": "A tag (one word, no commas); repeat for several.",
            "account": "The account the money moved through (an expense's default: expense.default-account).",
        ],
        .edit: [
            "name": "A new name.",
            "amount": "A new amount (with the currency's decimals, if one is set); a refund stays a refund.",
            "category": "A new category (expenses only).",
            "date": "A new date: YYYY-MM-DD, today or yesterday.",
            "note": "A new note; an empty text removes it.",
            "tag": "Add this tag (repeat for several).",
            "untag": "Remove this tag (repeat for several).",
            "tags": "Replace every tag with this comma-separated list; \"\" removes them all.",
        ],
        .recurAdd: [
            "category": "The expenses' category (default: the expense.default-category setting).",
            "tag": "A tag each record gets; repeat for several.",
            "note": "A note each record gets.",
        ],
        .recurEdit: [
            "name": "A new name.",
            "amount": "A new amount.",
            "category": "A new category (expense schedules only).",
            "tag": "Add this tag (repeat for several).",
            "untag": "Remove this tag (repeat for several).",
            "note": "A new note; an empty text removes it.",
        ],
    ]

    // MARK: Reading

    /// The values of a new record's or schedule's options (`add`, `recur add`), each read by its
    /// field's input rules; the fields not given are left out (defaults stand in later).
    static func values(_ parsed: ParsedCommand, _ use: Use, kind: RecordKind?) throws(UsageError) -> RecordValues {
        var values = RecordValues()
        for field in fields(use, kind: kind) where !field.isAmount && field.key != "parts" {
            if field.isList {
                let items = parsed.values(field.word)
                guard !items.isEmpty else { continue }
                values[field.key] = try parsed.converting { () throws(ValueError) in try field.value(items: items) }
            } else if let text = field.key == "split" ? try typedSplit(parsed) : parsed.value(field.word) {
                values[field.key] = try parsed.value(of: field, text)
            }
        }
        return values
    }

    /// The items an edit adds to and removes from each list field (`--tag`, `--untag`), by key.
    static func itemChanges(
        _ parsed: ParsedCommand, _ use: Use
    ) -> [(field: SettableField, add: [String], remove: [String])] {
        fields(use, kind: nil).filter(\.isList).map { field in
            (field, parsed.values(field.word), parsed.values("un" + field.word))
        }
    }

    /// The options that change something in `spec` (flags last, `except` left out), as
    /// "give at least one of" lists them.
    static func changing(_ spec: CommandSpec, except: Set<String> = []) -> [String] {
        let options = spec.options.filter { !except.contains($0.long) }
        return (options.filter { !$0.isFlag } + options.filter(\.isFlag)).map { "--" + $0.long }
    }

    /// `'--category' applies to expenses` (or `expense schedules`): a field that records of
    /// another kind do not have.
    static func appliesTo(_ field: SettableField, schedules: Bool = false) -> String {
        let kinds = field.kinds.map { schedules ? "\($0.singular) schedules" : $0.plural }.joined(separator: " and ")
        return "'--\(field.word)' applies to \(kinds)"
    }
}
