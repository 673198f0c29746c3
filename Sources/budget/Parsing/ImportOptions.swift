import BudgetCore

/// The statement options of `budget import`, as the profile they amount to (what
/// `--save-profile` stores), and the specs that declare them.
enum ImportOptions {
    static let specs: [OptionSpec] = [
        OptionSpec(
            long: "profile", valueName: "name",
            help: "A built-in preset (\(StatementPreset.all.map(\.name).joined(separator: ", "))) or a saved profile."),
        OptionSpec(
            long: "delimiter", valueName: "c", help: "The field separator of a statement (default ,; \\t for a tab)."),
        OptionSpec(long: "skip", valueName: "n", help: "Lines to skip before the header."),
        OptionSpec(long: "no-header-row", help: "The statement has no header row: name columns by position."),
        OptionSpec(
            long: "map", valueName: "field=column",
            help: "Read a field (\(StatementField.allCases.map(\.rawValue).joined(separator: ", "))) from a column: "
                + "its header or its position from 1.",
            isRepeatable: true),
        OptionSpec(
            long: "kind-value", valueName: "text=kind",
            help: "What a value of the kind column (--map kind=…) means: income, expense, transfer (a charge, "
                + "a top-up, a card payment: counted, not imported) or skip, such as --kind-value チャージ=transfer "
                + "(repeatable). When every meaning given is transfer or skip, other values are read by the amounts; "
                + "otherwise a value with no meaning is refused.",
            isRepeatable: true),
        OptionSpec(
            long: "date-format", valueName: "pattern",
            help: "The statement's dates, such as %Y/%m/%d, %Y%m%d or %d.%m.%Y, with any characters between the fields "
                + "(default: the usual forms, Japanese ones too)."),
        OptionSpec(
            long: "decimal-mark", valueName: "mark", help: "What separates decimals in amounts: . or ,.",
            choices: [".", ","]),
        OptionSpec(
            long: "sign", valueName: "sign",
            help: "Which sign of a single amount column is spending: expense-negative (banks: money out is negative; "
                + "the default) or expense-positive (cards: a negative amount is a refund with a card preset, "
                + "an income with a layout of your own, --map).",
            choices: StatementSign.allCases.map(\.rawValue)),
        OptionSpec(
            long: "category", valueName: "name",
            help: "The category of expenses that neither a rule nor the statement files."),
        OptionSpec(
            long: "tag", valueName: "tag", help: "A tag for records that get none (repeatable).", isRepeatable: true),
        OptionSpec(
            long: "normalize-names",
            help: "Fold names: full-width letters and half-width katakana made plain, spaces collapsed."),
        OptionSpec(
            long: "account", valueName: "name",
            help: "The budget's account the statement is of: its records name it, rules' --transfer-to rows become "
                + "transfers, and a balance column is checked against it (saved in a profile)."),
        OptionSpec(
            long: "no-balance-check",
            help: "Import into the account even when the statement's balances disagree with the budget's."),
        OptionSpec(
            long: "save-profile", valueName: "name",
            help: "Save the options given (and the preset used) as a profile for next time."),
        OptionSpec(
            long: "allow-duplicates",
            help: "Import rows even when they were imported before or their records were deleted."),
        OptionSpec(
            long: "include-deleted",
            help: "Import again the rows of imported records that were deleted "
                + "(and no others that were imported before)."),
        OptionSpec(
            long: "no-match",
            help: "Add every new row, instead of linking a row to a record already there that no row accounts for "
                + "(a scheduled or typed-in record of its kind and amount, dated within 3 days)."),
    ]

    /// The options of the command line that describe a statement (not the profile's name).
    static let statementOptionNames = [
        "delimiter", "skip", "no-header-row", "map", "kind-value", "date-format", "decimal-mark", "sign",
    ]

    /// The profile the given options amount to.
    static func profile(_ parsed: ParsedCommand) throws(UsageError) -> ImportProfile {
        var profile = ImportProfile()
        if let text = parsed.value("delimiter") {
            let value = text == "\\t" || text == "tab" ? "\t" : text
            guard value.unicodeScalars.count == 1, let scalar = value.unicodeScalars.first,
                  ImportProfile.isDelimiter(scalar) else {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--delimiter <c>': expected one visible character other than "
                        + "a double quote (\\t for a tab)")
            }
            profile.delimiter = scalar
        }
        if let text = parsed.value("skip") {
            guard let number = try parsed.wholeNumber(text, for: "--skip <n>"), number <= 1_000 else {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--skip <n>': expected a number of lines, 0 to 1000")
            }
            profile.skipLines = number
        }
        if parsed.flag("no-header-row") { profile.hasHeader = false }
        for text in parsed.values("map") {
            guard let equals = text.firstIndex(of: "="),
                  let field = StatementField(rawValue: FieldRules.trimmed(String(text[..<equals])).lowercased()),
                  let column = ColumnReference(text: String(text[text.index(after: equals)...])) else {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--map <field=column>': expected a field "
                        + "(\(StatementField.allCases.map(\.rawValue).joined(separator: ", "))), "
                        + "'=' and a column's header or position from 1")
            }
            profile.mappings.append(ImportProfile.Mapping(field: field, column: column))
        }
        // One signed amount, or what goes out and what comes in, each in its column: not both.
        if let both = profile.mappings.first(where: { $0.field == .out || $0.field == .in }),
           profile.mappings.contains(where: { $0.field == .amount }) {
            throw parsed.usageError(
                "'--map amount=…' reads a signed amount and '--map \(both.field.rawValue)=…' money "
                    + "\(both.field == .out ? "out" : "in") in its own column: map one or the other")
        }
        for text in parsed.values("kind-value") {
            guard let kindValue = KindValue(assignment: text) else {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--kind-value <text=kind>': expected a value of the kind column, '=' "
                        + "and what it means (\(RowMeaning.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            if let there = KindValue.add(kindValue, to: &profile.kindValues) {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--kind-value <text=kind>': '\(there.text)' is the same value "
                        + "(compared folded), and it means \(there.meaning.rawValue)")
            }
        }
        if let text = parsed.value("date-format") {
            guard StatementDate.isValidPattern(text) else {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--date-format <pattern>': expected %Y, %y, %m and %d "
                        + "with the characters between them, such as %Y/%m/%d")
            }
            profile.dateFormat = text
        }
        if let text = parsed.value("decimal-mark") {
            guard let mark = DecimalMark(rawValue: text) else {
                throw parsed.usageError("invalid value '\(text)' for '--decimal-mark <mark>': expected . or ,")
            }
            profile.decimalMark = mark
        }
        if let text = parsed.value("sign") {
            guard let sign = StatementSign(rawValue: text) else {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--sign <sign>': expected expense-negative or expense-positive")
            }
            profile.sign = sign
        }
        if let text = parsed.value("category") { profile.category = try parsed.label(text, field: "category") }
        profile.tags = try parsed.tags("tag")
        profile.foldNames = parsed.flag("normalize-names")
        if let text = parsed.value("account") {
            profile.into = try parsed.converting { () throws(ValueError) in try FieldRules.accountName(text) }
        }
        return profile
    }
}
