import BudgetCore

/// `budget edit <kind> <id> [--name …] [--amount …] …`: changes fields of one record.
struct EditCommand: Command {
    static let spec = CommandSpec(
        name: "edit", abstract: "Change fields of a record.",
        discussion: "Only the fields given change. '--note \"\"' removes the note.",
        arguments: [CommonArguments.kind, CommonArguments.id],
        options: [
            OptionSpec(long: "name", valueName: "name", help: "A new name."),
            OptionSpec(long: "amount", valueName: "amount", help: "A new amount."),
            OptionSpec(long: "category", valueName: "name", help: "A new category (expenses only)."),
            OptionSpec(long: "date", valueName: "day", help: "A new date: YYYY-MM-DD, today or yesterday."),
            OptionSpec(long: "note", valueName: "text", help: "A new note; an empty text removes it."),
        ])

    let kind: RecordKind
    let id: String
    let name: String?
    let amount: Int?
    let category: String?
    let date: Day?
    /// `.some(nil)` removes the note.
    let note: String??

    init(_ parsed: ParsedCommand) throws(UsageError) {
        kind = try parsed.kind(parsed.positionals[0])
        id = try parsed.recordID(parsed.positionals[1])
        name = try parsed.value("name").map { text throws(UsageError) in try parsed.label(text, field: "name") }
        amount = try parsed.value("amount").map { text throws(UsageError) in try parsed.amount(text) }
        category = try parsed.value("category").map { text throws(UsageError) in try parsed.label(text, field: "category") }
        date = try parsed.value("date").map { text throws(UsageError) in try parsed.day(text) }
        note = try parsed.value("note").map { text throws(UsageError) in text.isEmpty ? nil : try parsed.note(text) }
        if category != nil && kind == .income {
            throw parsed.usageError("'--category' applies to expenses; incomes have no category")
        }
        if name == nil && amount == nil && category == nil && date == nil && note == nil {
            throw parsed.usageError("Nothing to change: give at least one of --name, --amount, --category, --date, --note")
        }
    }

    func run(in context: CommandContext) throws {
        let store = try context.store()
        let changed: Bool
        let label: String
        switch kind {
        case .income:
            (changed, label) = try store.transaction { try apply(to: &$0.incomes) { _ in } }
        case .expense:
            (changed, label) = try store.transaction { document in
                try apply(to: &document.expenses) { expense in
                    if let category { expense.category = category }
                }
            }
        }
        context.confirm(changed ? "Updated \(kind.singular) \(id) (\(label))." : "No change: \(kind.singular) \(id) (\(label)) already has those values.")
    }

    private func apply<Record: BaseModel>(
        to table: inout RecordTable<Record>, extra: (inout Record) -> Void
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
