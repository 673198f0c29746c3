import BudgetCore

/// `budget edit [<kind>] <id> [--name …] [--amount …] …`: changes fields of one record.
struct EditCommand: Command {
    static let spec = CommandSpec(
        name: "edit", abstract: "Change fields of a record.",
        discussion: "Only the fields given change. '--note \"\"' removes the note.",
        arguments: [CommonArguments.optionalKind, CommonArguments.id],
        options: [
            OptionSpec(long: "name", valueName: "name", help: "A new name."),
            OptionSpec(long: "amount", valueName: "amount", help: "A new amount (with the currency's decimals, if one is set)."),
            OptionSpec(long: "category", valueName: "name", help: "A new category (expenses only)."),
            OptionSpec(long: "date", valueName: "day", help: "A new date: YYYY-MM-DD, today or yesterday."),
            OptionSpec(long: "note", valueName: "text", help: "A new note; an empty text removes it."),
        ])

    let parsed: ParsedCommand
    let kind: RecordKind
    let id: String
    let name: String?
    let amountText: String?
    let category: String?
    let date: Day?
    /// `.some(nil)` removes the note.
    let note: String??

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        let (givenKind, rest) = try parsed.leadingKind()
        if rest.count > 1 { throw parsed.usageError("Unexpected argument '\(rest[rest.startIndex + 1])'") }
        let reference = try parsed.recordReference(rest[rest.startIndex], kind: givenKind)
        self.kind = reference.kind
        id = reference.id
        name = try parsed.value("name").map { text throws(UsageError) in try parsed.label(text, field: "name") }
        amountText = try parsed.value("amount").map { text throws(UsageError) in try parsed.amountText(text) }
        category = try parsed.value("category").map { text throws(UsageError) in try parsed.label(text, field: "category") }
        date = try parsed.value("date").map { text throws(UsageError) in try parsed.day(text) }
        note = try parsed.value("note").map { text throws(UsageError) in text.isEmpty ? nil : try parsed.note(text) }
        if category != nil && kind == .income {
            throw parsed.usageError("'--category' applies to expenses; incomes have no category")
        }
        if name == nil && amountText == nil && category == nil && date == nil && note == nil {
            throw parsed.usageError("Nothing to change: give at least one of --name, --amount, --category, --date, --note")
        }
    }

    func run(in context: CommandContext) throws {
        let (changed, label, warning) = try context.store().transaction { document -> (Bool, String, LimitWarning?) in
            let amount = try amountText.map { text throws(UsageError) in try parsed.money(text, in: document.moneyFormat) }
            switch kind {
            case .income:
                let (changed, label) = try apply(to: &document.incomes, amount: amount) { _ in }
                return (changed, label, nil)
            case .expense:
                let original = document.expenses.record(id: id)
                let (changed, label) = try apply(to: &document.expenses, amount: amount) { expense in
                    if let category { expense.category = category }
                }
                let warning = try document.expenses.record(id: id).flatMap { try LimitWarning.check($0, in: document, replacing: original) }
                return (changed, label, changed ? warning : nil)
            }
        }
        context.confirm(changed ? "Updated \(kind.singular) \(id) (\(label))." : "No change: \(kind.singular) \(id) (\(label)) already has those values.")
        if let warning { context.warn(warning.message) }
    }

    private func apply<Record: BaseModel>(
        to table: inout RecordTable<Record>, amount: Int?, extra: (inout Record) -> Void
    ) throws -> (changed: Bool, name: String) {
        guard let original = table.record(id: id) else { throw BudgetError.recordNotFound(kind, id: id) }
        var record = original
        if let name { record.name = name }
        if let amount { record.amount = amount }
        if let date { record.date = date }
        if let note { record.note = note }
        extra(&record)
        try table.update(record)
        return (record != original, record.name)
    }
}
