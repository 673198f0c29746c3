import BudgetCore

/// `budget edit [<kind>] <id>… [--name …] [--amount …] …` or `budget edit [<kind>] - …`:
/// changes the same fields of one or many records, all or nothing, in one undo step.
struct EditCommand: Command {
    static let spec = CommandSpec(
        name: "edit", abstract: "Change fields of one or more records.",
        discussion: """
            Only the fields given change, on every record named. '--note ""' removes the note, '--tags ""' every \
            tag. With several IDs, either all are edited or, when one is unknown or of the wrong kind, none; the whole \
            edit is one undo step. With '-', IDs are read from stdin, one per line, so `budget list expenses \
            --category food --format ids | budget edit expenses - --category groceries` works; blank lines are skipped \
            and empty input edits nothing. The kind may be left out when every ID carries its own (expense-00000002, \
            as `list all --format ids` writes them).
            """,
        arguments: [CommonArguments.optionalKind, CommonArguments.ids(verb: "edit")],
        options: FieldOptions.options(.edit, kind: nil, after: ["amount": refundOptions]))

    static let refundOptions = [
        OptionSpec(
            long: "refund", help: "Make the expenses refunds: money back, which takes from the category's spending."),
        OptionSpec(long: "no-refund", help: "Make refunds purchases again."),
    ]

    let parsed: ParsedCommand
    let targets: RecordTargets
    /// Every field but the amount, which is read in the budget's currency when the file is open.
    let edit: RecordEdit
    let amountText: String?
    /// `--part`, read in the budget's currency when the file is open.
    let partsText: String?

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        targets = try RecordTargets(parsed)
        amountText = try parsed.value("amount").map { text throws(UsageError) in
            if let first = FieldRules.trimmed(text).unicodeScalars.first,
               first == "-" || first == "\u{2212}" || first == "\u{FF0D}" {
                throw parsed.usageError(
                    "invalid amount '\(text)': amounts cannot be negative; a refund's amount is its size "
                        + "(and --refund makes an expense one)")
            }
            return try parsed.amountText(text)
        }
        var edit = try parsed.converting { () throws(ValueError) in try RecordEdit() }
        for field in FieldOptions.fields(.edit, kind: nil)
        where !field.isAmount && !field.isList && field.key != "parts" {
            let typed = field.key == "split" ? try FieldOptions.typedSplit(parsed) : parsed.value(field.word)
            guard let text = typed else { continue }
            edit.set(field, to: try parsed.value(of: field, text))
        }
        for field in FieldOptions.fields(.edit, kind: nil) where field.isList {
            // `--tags a,b`: the items replacing every one the records have (`""`: none).
            let given = parsed.value(field.key)
            let replacement = given.map { list in
                list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            let added = parsed.values(field.word) + (replacement ?? []).filter { !FieldRules.trimmed($0).isEmpty }
            if let replacement, replacement.count > 1, replacement.contains(where: { FieldRules.trimmed($0).isEmpty }) {
                throw parsed.usageError(
                    "invalid value '\(given ?? "")' for '--\(field.key) <list>': an empty \(field.word) between commas")
            }
            try parsed.converting { () throws(ValueError) in
                let removed = parsed.values("un" + field.word)
                try edit.changeItems(of: field, add: added, remove: removed, replacing: replacement != nil)
            }
        }
        if parsed.flag("refund") && parsed.flag("no-refund") {
            throw parsed.usageError("'--refund' and '--no-refund' cannot be given together")
        }
        if parsed.flag("refund") || parsed.flag("no-refund") { edit.refund = parsed.flag("refund") }
        if let kind = targets.kind, let field = Self.missingField(edit, kind: kind) {
            throw parsed.usageError("\(FieldOptions.appliesTo(field)); \(kind.plural) have no \(field.key)")
        }
        if edit.refund != nil && targets.kind == .income {
            throw parsed.usageError(
                "'--\(edit.refund == true ? "refund" : "no-refund")' applies to expenses; "
                    + "an income is money in already")
        }
        partsText = FieldOptions.typedParts(parsed)
        if edit.isEmpty && amountText == nil && partsText == nil {
            let options = FieldOptions.changing(Self.spec).joined(separator: ", ")
            throw parsed.usageError("nothing to change: give at least one of \(options)")
        }
        self.edit = edit
    }

    /// The first field the edit changes (by key) that records of `kind` do not have.
    static func missingField(_ edit: RecordEdit, kind: RecordKind) -> SettableField? {
        edit.changes.keys.sorted().lazy.compactMap(SettableField.named).first { !$0.applies(to: kind) }
    }

    func run(in context: CommandContext) throws {
        let references = try targets.references(input: context.readAllInput)
        if references.isEmpty {
            context.confirm("Updated 0 \(targets.kind?.plural ?? "records") (no IDs on stdin).")
            return
        }
        for reference in references {
            guard let field = Self.missingField(edit, kind: reference.kind) else { continue }
            let kind = reference.kind
            let why = "\(reference) is \(kind.withArticle), and \(kind.plural) have no \(field.key)"
            throw parsed.usageError("\(FieldOptions.appliesTo(field)); \(why)")
        }
        if partsText != nil, let other = references.first(where: { $0.kind != .expense }),
           let field = SettableField.named("parts") {
            throw parsed.usageError(
                "\(FieldOptions.appliesTo(field)); \(other) is \(other.kind.withArticle), and \(other.kind.plural) "
                    + "have no parts")
        }
        if let refund = edit.refund, let income = references.first(where: { $0.kind == .income }) {
            throw parsed.usageError(
                "'--\(refund ? "refund" : "no-refund")' applies to expenses; \(income) is an income")
        }
        var replaced: [(gone: RecordReference, kept: RecordReference)] = []
        let (result, money) = try context.store().transaction { document -> (RecordEditResult, MoneyFormat) in
            var edit = edit
            if let partsText, let field = SettableField.named("parts") {
                edit.set(field, to: try FieldOptions.parts(partsText, money: document.moneyFormat, parsed))
            }
            if let amountText {
                let amount = try parsed.money(amountText, in: document.moneyFormat)
                try parsed.converting { () throws(ValueError) in try edit.setAmount(amount) }
            }
            let current = document.following(references)
            replaced = current.replaced
            return (try document.edit(current.references, with: edit), document.moneyFormat)
        }
        context.noteMerged(replaced)
        context.confirm(Self.confirmation(result))
        for warning in result.limitWarnings { context.warn(warning.message(money)) }
    }

    /// `Updated expense 00000002 (Lunch).` for one record; counts per kind for several.
    static func confirmation(_ result: RecordEditResult) -> String {
        if result.entries.count == 1, let entry = result.entries.first {
            let record = "\(entry.reference.kind.singular) \(entry.reference.id) (\(entry.name))"
            return entry.changed ? "Updated \(record)." : "No change: \(record) already has those values."
        }
        func counted(_ entries: [RecordEditResult.Entry]) -> String {
            RecordKind.allCases.compactMap { kind in
                let count = entries.count { $0.reference.kind == kind }
                return count == 0 ? nil : kind.counted(count)
            }.joined(separator: " and ")
        }
        let changed = result.entries.filter(\.changed), unchanged = result.entries.filter { !$0.changed }
        if changed.isEmpty { return "No change: the \(counted(unchanged)) already have those values." }
        if unchanged.isEmpty { return "Updated \(counted(changed))." }
        return "Updated \(counted(changed)); \(counted(unchanged)) already had those values."
    }
}
