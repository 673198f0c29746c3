import BudgetCore

/// Conversions from argument text to typed values, each failing as a usage error that names
/// the value.
extension ParsedCommand {
    func kind(_ text: String) throws(UsageError) -> RecordKind {
        guard let kind = RecordKind(argument: text) else {
            var message = "Invalid kind '\(text)': expected income or expense"
            if let guess = Suggestion.closest(to: text, among: ["income", "incomes", "expense", "expenses"]) {
                message += ". Did you mean '\(guess)'?"
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

    /// A name or category, trimmed (see `FieldRules.label`).
    func label(_ text: String, field: String) throws(UsageError) -> String {
        try converting { () throws(ValueError) in try FieldRules.label(text, field: field) }
    }

    /// A count or position: digits only, no sign.
    func wholeNumber(_ text: String) throws(UsageError) -> Int {
        try converting { () throws(ValueError) in try FieldRules.parseWholeNumber(text) }
    }

    func note(_ text: String) throws(UsageError) -> String {
        try converting { () throws(ValueError) in try FieldRules.checkNote(text) }
        return text
    }

    func recordID(_ text: String) throws(UsageError) -> String {
        guard let id = RecordID.normalized(text) else { throw usageError(sentence(ValueError.invalidID(text))) }
        return id
    }

    /// Runs a core conversion, turning its `ValueError` into a usage error.
    func converting<Value>(_ convert: () throws(ValueError) -> Value) throws(UsageError) -> Value {
        do {
            return try convert()
        } catch {
            throw usageError(sentence(error))
        }
    }

    private func sentence(_ error: ValueError) -> String {
        let text = error.description
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
