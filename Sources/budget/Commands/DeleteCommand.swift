import BudgetCore

/// `budget delete [<kind>] <id>…` or `budget delete [<kind>] -`: removes records, all or nothing.
struct DeleteCommand: Command {
    static let spec = CommandSpec(
        name: "delete", abstract: "Delete records.",
        discussion: """
            With several IDs, either all are deleted or, when one is unknown, none. With '-', IDs are read from stdin, \
            one per line, so `budget list expenses --format ids | budget delete expenses -` works; blank lines are \
            skipped and empty input deletes nothing. The kind may be left out when every ID carries its own \
            (expense-00000002, as `list all --format ids` writes them); an ID of another kind than the one given \
            deletes nothing. An imported record's statement row is remembered, so later imports leave it out ('budget \
            import --include-deleted' imports it again; undoing the delete forgets it).
            """,
        arguments: [CommonArguments.optionalKind, CommonArguments.ids(verb: "delete")])

    let targets: RecordTargets

    init(_ parsed: ParsedCommand) throws(UsageError) {
        targets = try RecordTargets(parsed)
    }

    func run(in context: CommandContext) throws {
        let unique = try targets.references(input: context.readAllInput)
        if unique.isEmpty {
            context.confirm("Deleted 0 \(targets.kind?.plural ?? "records") (no IDs on stdin).")
            return
        }
        var replaced: [(gone: RecordReference, kept: RecordReference)] = []
        let (incomes, expenses, transfers) = try context.store().transaction { document in
            let current = document.following(unique)
            replaced = current.replaced
            func ids(_ kind: RecordKind) -> [String] { current.references.filter { $0.kind == kind }.map(\.id) }
            return try document.delete(incomes: ids(.income), expenses: ids(.expense), transfers: ids(.transfer))
        }
        context.noteMerged(replaced)
        // Deleting an imported record means "not this row": later imports leave it out.
        let imported = incomes.filter { $0.source != nil }.count + expenses.filter { $0.source != nil }.count
            + transfers.filter { $0.source.map { !DerivedSource.isDerived($0) } ?? false }.count
        let rows = imported == 0 ? "" : imported == unique.count
            ? " Imports will leave out \(imported == 1 ? "its statement row" : "their statement rows") "
                + "(import --include-deleted imports \(imported == 1 ? "it" : "them") again)."
            : " Imports will leave out the statement rows of the \(imported) imported "
                + "(import --include-deleted imports them again)."
        if unique.count == 1, let name = incomes.first?.name ?? expenses.first?.name ?? transfers.first?.name {
            context.confirm("Deleted \(unique[0].kind.singular) \(unique[0].id) (\(name))." + rows)
        } else {
            let counts = [(incomes.count, RecordKind.income), (expenses.count, .expense), (transfers.count, .transfer)]
                .filter { $0.0 > 0 }
            context.confirm("Deleted " + counts.map { $0.1.counted($0.0) }.joined(separator: " and ") + "." + rows)
        }
    }
}
