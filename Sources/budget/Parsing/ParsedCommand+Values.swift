import BudgetCore

/// Conversions from argument text to typed values, each failing as a usage error that names
/// the value.
extension ParsedCommand {
    func kind(_ text: String) throws(UsageError) -> RecordKind {
        guard let kind = RecordKind(argument: text) else {
            var message = "invalid kind '\(text)': expected income, expense or transfer"
            let words = RecordKind.allCases.flatMap { [$0.singular, $0.plural] }
            if let guess = Suggestion.closest(to: text, among: words) {
                message += "; did you mean '\(guess)'?"
            }
            throw usageError(message)
        }
        return kind
    }

    /// Checks that text looks like an amount; the exact value needs the budget's currency (`money`).
    func amountText(_ text: String) throws(UsageError) -> String {
        try converting { () throws(ValueError) in try MoneyFormat.precheck(text) }
        return text
    }

    /// An amount in the budget's currency, in minor units.
    func money(_ text: String, in format: MoneyFormat) throws(UsageError) -> Int {
        try converting { () throws(ValueError) in try format.parse(text) }
    }

    func day(_ text: String) throws(UsageError) -> Day {
        try converting { () throws(ValueError) in try FieldRules.parseDay(text) }
    }

    /// A name or category, trimmed and checked (`FieldRules.label`).
    func label(_ text: String, field: String) throws(UsageError) -> String {
        try converting { () throws(ValueError) in try FieldRules.label(text, field: field) }
    }

    /// The `--encoding` value, one of `choices` or another name of one (`cp1252`), in any case
    /// (`auto` is `nil`), or `fallback` when none is given.
    func textEncoding(choices: [String], default fallback: String) throws(UsageError) -> TextEncoding? {
        let text = value("encoding") ?? fallback
        let named = TextEncoding(rawValue: text.lowercased())
        guard choices.contains(text.lowercased()) || named.map({ choices.contains($0.rawValue) }) == true else {
            let expected = choices.dropLast().joined(separator: ", ") + (choices.count > 1 ? " or " : "")
                + (choices.last ?? "")
            throw usageError("invalid value '\(text)' for '--encoding <encoding>': expected \(expected)")
        }
        return named
    }

    /// A tag by `FieldRules.tag`: one word without white space or commas.
    func tag(_ text: String) throws(UsageError) -> String {
        try converting { () throws(ValueError) in try FieldRules.tag(text) }
    }

    /// The tags of a repeatable option, each by `FieldRules.tag`.
    func tags(_ long: String) throws(UsageError) -> [String] {
        try values(long).map { text throws(UsageError) in try tag(text) }
    }

    /// The value of a record field's option, by the field's input rules (`SettableField`):
    /// a label trimmed, a note as typed (empty: none), a day with `today`.
    func value(of field: SettableField, _ text: String) throws(UsageError) -> FieldValue {
        try converting { () throws(ValueError) in try field.value(typed: text) }
    }

    /// A count or position typed as plain digits (ASCII or full-width): no sign, no spaces,
    /// no grouping, like IDs. `nil` when the text is not digits; a usage error when the number
    /// does not fit.
    func wholeNumber(_ text: String, for option: String) throws(UsageError) -> Int? {
        let digits = HalfWidth.plain(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        guard let number = Int(digits) else {
            throw usageError("invalid value '\(text)' for '\(option)': the number is too large")
        }
        return number
    }

    /// Splits `[<kind>] <id>…`: the kind, when the first positional names one, and the words
    /// after it. Without a kind, every ID must carry its own (`expense-00000002`).
    func leadingKind() throws(UsageError) -> (kind: RecordKind?, rest: ArraySlice<String>) {
        guard let first = positionals.first else { return (nil, []) }
        if let kind = RecordKind(argument: first) {
            guard positionals.count > 1 else { throw usageError("missing expected argument '<id>'") }
            return (kind, positionals.dropFirst())
        }
        let plain = Self.plainID(first)
        if first == "-" || RecordReference(qualified: plain) != nil { return (nil, positionals[...]) }
        if RecordID.normalized(plain) != nil { throw usageError(Self.kindlessID(first, source: "")) }
        if RecordKind.allCases.contains(where: { plain.lowercased().hasPrefix($0.singular + "-") }) {
            // `income-0`, `Expense-2`: meant as an ID, so say what is wrong with it as one.
            _ = try recordReference(first, kind: nil)
        }
        // A word with a digit (`00000x1`), or a lone word no kind resembles, was meant as an ID:
        // say what is wrong with it as one, not that it is no kind.
        let kindNames = RecordKind.allCases.flatMap { [$0.singular, $0.plural] }
        if plain.unicodeScalars.contains(where: { $0.properties.numericType != nil })
            || (positionals.count == 1 && Suggestion.closest(to: first, among: kindNames) == nil) {
            _ = try recordReference(first, kind: nil)
        }
        _ = try kind(first)
        return (nil, positionals[...])
    }

    /// The record an `<id>` argument names: a bare ID of `kind`, or a kind-qualified ID
    /// (`income-00000001`), which must be of `kind` when one was given.
    func recordReference(
        _ original: String, kind: RecordKind?, source: String = ""
    ) throws(UsageError) -> RecordReference {
        let text = Self.plainID(original)
        if let reference = RecordReference(qualified: text) {
            if let kind, reference.kind != kind {
                throw usageError(
                    "the id '\(reference)'\(source) is an \(reference.kind.singular) id, not an \(kind.singular) id")
            }
            return reference
        }
        guard let id = RecordID.normalized(text) else {
            throw usageError(
                "invalid id '\(text)'\(source): "
                    + "expected a record id such as 00000001, 1 or expense-00000001")
        }
        guard let kind else { throw usageError(Self.kindlessID(text, source: source)) }
        return RecordReference(kind: kind, id: id)
    }

    /// An ID as typed, with surrounding space, a byte-order mark and full-width digits
    /// (`１２`, as an IME types them) made plain.
    private static func plainID(_ text: String) -> String {
        HalfWidth.plain(FieldRules.trimmed(text))
    }

    private static func kindlessID(_ text: String, source: String) -> String {
        let id = RecordID.normalized(text) ?? text
        return "The id '\(text)'\(source) does not say its kind: write expense-\(id) or income-\(id), "
            + "or give the kind first"
    }

    /// Runs a core conversion, turning its `ValueError` into a usage error.
    func converting<Value>(_ convert: () throws(ValueError) -> Value) throws(UsageError) -> Value {
        do {
            return try convert()
        } catch {
            throw usageError(error)
        }
    }

    /// A value the core refused, as a usage error: its description.
    func usageError(_ error: ValueError) -> UsageError {
        usageError(error.description)
    }
}
