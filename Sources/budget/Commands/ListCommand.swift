import BudgetCore

/// `budget list incomes|expenses|transfers|all`: prints records in order.
struct ListCommand: Command {
    static let spec = CommandSpec(
        name: "list", abstract: "List incomes, expenses, transfers or all of them.",
        discussion: "Records are listed in their display order (see 'budget move'). The table ends with a total; "
            + "the machine formats (tsv, csv, json, ids) print data only. 'all' lists transfers too when the budget "
            + "has any; '--transfers' (or 'list transfers') lists only them.",
        arguments: [
            ArgumentSpec(
                name: "which", help: "incomes, expenses, transfers or all (default: all with --transfers).",
                isOptional: true, choices: ["incomes", "expenses", "transfers", "all"]),
        ],
        options: QueryOptions.listSpecs + [
            OptionSpec(long: "transfers", help: "List the transfers between accounts (as 'list transfers')."),
            OutputFormat.option, CommonArguments.noHeader,
        ])

    let selection: RecordSelection
    let filters: QueryOptions
    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        let transfersOnly = parsed.flag("transfers")
        guard let text = parsed.positionals.first ?? (transfersOnly ? "transfers" : nil) else {
            throw parsed.usageError("missing '<which>': incomes, expenses, transfers or all")
        }
        if transfersOnly && RecordKind(argument: text) != .transfer {
            throw parsed.usageError("'--transfers' lists transfers only; leave out '\(text)'")
        }
        guard let selection = RecordSelection(argument: text) else {
            var message = "invalid value '\(text)' for '<which>': expected incomes, expenses, transfers or all"
            if let guess = Suggestion.closest(to: text, among: ["incomes", "expenses", "transfers", "all"]) {
                message += "; did you mean '\(guess)'?"
            }
            throw parsed.usageError(message)
        }
        self.selection = selection
        filters = try QueryOptions(parsed)
        if !parsed.values("category").isEmpty, case .only(let kind) = selection, kind != .expense {
            throw parsed.usageError("'--category' applies to expenses; \(kind.plural) have no category")
        }
        format = try OutputFormat.from(parsed)
        includeHeader = !parsed.flag("no-header")
    }

    func run(in context: CommandContext) throws {
        let document = try context.loadForReading()
        context.noteDueOccurrences(in: document, format: format)
        let selection = selection.over(document)
        let query = try filters.query(for: document)
        let rows = query.arrange(
            RecordRow.matching(query, in: document, selection: selection), date: \.date, amount: \.amount,
            name: \.name)
        if rows.isEmpty && format == .table {
            if !context.isQuiet { context.messages.write("No \(selection.noun).\n") }
            return
        }
        let printer = RecordPrinter(
            selection: selection, format: format, includeHeader: includeHeader, document: document,
            painter: context.outputPainter(document))
        try printer.write(rows, to: context.output)
        context.keepUntilExit((document, rows))
    }
}
