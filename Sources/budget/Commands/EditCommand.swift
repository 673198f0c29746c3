import BudgetCore

/// `budget edit [<kind>] <id> [--name …] [--amount …] …`: changes fields of one record.
struct EditCommand: Command {
    static let spec = CommandSpec(
        name: "edit", abstract: "Change fields of a record.",
        discussion: "Only the fields given change. '--note \"\"' removes the note, '--tags \"\"' every tag.",
        arguments: [CommonArguments.optionalKind, CommonArguments.id],
        options: [
            OptionSpec(long: "name", valueName: "name", help: "A new name."),
            OptionSpec(long: "amount", valueName: "amount", help: "A new amount (with the currency's decimals, if one is set)."),
            OptionSpec(long: "category", valueName: "name", help: "A new category (expenses only)."),
            OptionSpec(long: "date", valueName: "day", help: "A new date: YYYY-MM-DD, today or yesterday."),
            OptionSpec(long: "note", valueName: "text", help: "A new note; an empty text removes it."),
            OptionSpec(long: "tag", valueName: "tag", help: "Add this tag (repeat for several).", isRepeatable: true),
            OptionSpec(long: "untag", valueName: "tag", help: "Remove this tag (repeat for several).", isRepeatable: true),
            OptionSpec(long: "tags", valueName: "list", help: "Replace every tag with this comma-separated list; \"\" removes them all."),
        ])

    let parsed: ParsedCommand
    let reference: RecordReference
    /// Every field but the amount, which is read in the budget's currency when the file is open.
    var edit: RecordEdit
    let amountText: String?

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        let (givenKind, rest) = try parsed.leadingKind()
        if rest.count > 1 { throw parsed.usageError("Unexpected argument '\(rest[rest.startIndex + 1])'") }
        reference = try parsed.recordReference(rest[rest.startIndex], kind: givenKind)
        amountText = try parsed.value("amount").map { text throws(UsageError) in try parsed.amountText(text) }
        edit = try parsed.converting { () throws(ValueError) in
            try RecordEdit(
                name: parsed.value("name"), category: parsed.value("category"),
                date: try parsed.value("date").map { text throws(ValueError) in try FieldRules.parseDay(text) }, note: parsed.value("note"))
        }
        let replacement = parsed.value("tags").map { list in list.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let added = try parsed.values("tag") + (replacement ?? []).filter { !FieldRules.trimmed($0).isEmpty }
        if let replacement, replacement.count > 1, replacement.contains(where: { FieldRules.trimmed($0).isEmpty }) {
            throw parsed.usageError("Invalid value '\(parsed.value("tags") ?? "")' for '--tags <list>': an empty tag between commas")
        }
        try parsed.converting { () throws(ValueError) in try edit.changeTags(add: added, remove: parsed.values("untag"), replacing: replacement != nil) }
        if edit.category != nil && reference.kind == .income {
            throw parsed.usageError("'--category' applies to expenses; incomes have no category")
        }
        if edit.isEmpty && amountText == nil {
            throw parsed.usageError("Nothing to change: give at least one of --name, --amount, --category, --date, --note, --tag, --untag, --tags")
        }
    }

    func run(in context: CommandContext) throws {
        let (result, money) = try context.store().transaction { document -> (RecordEditResult, MoneyFormat) in
            var edit = edit
            if let amountText {
                let amount = try parsed.money(amountText, in: document.moneyFormat)
                try parsed.converting { () throws(ValueError) in try edit.setAmount(amount) }
            }
            return (try document.edit([reference], with: edit), document.moneyFormat)
        }
        if let entry = result.entries.first {
            let record = "\(reference.kind.singular) \(reference.id) (\(entry.name))"
            context.confirm(entry.changed ? "Updated \(record)." : "No change: \(record) already has those values.")
        }
        for warning in result.limitWarnings { context.warn(warning.message(money)) }
    }
}
