import BudgetCore

/// `budget list incomes|expenses|all`: prints records in order.
struct ListCommand: Command {
    static let spec = CommandSpec(
        name: "list", abstract: "List incomes, expenses or both.",
        discussion: "Records are listed in their display order (see 'budget move'). The table ends with a total; "
            + "the machine formats (tsv, csv, json, ids) print data only.",
        arguments: [
            ArgumentSpec(name: "which", help: "incomes, expenses or all.", choices: ["incomes", "expenses", "all"]),
        ],
        options: QueryOptions.listSpecs + [OutputFormat.option, CommonArguments.noHeader])

    let selection: RecordSelection
    let filters: QueryOptions
    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        let text = parsed.positionals[0]
        guard let selection = RecordSelection(argument: text) else {
            var message = "Invalid value '\(text)' for '<which>': expected incomes, expenses or all"
            if let guess = Suggestion.closest(to: text, among: ["incomes", "expenses", "all"]) {
                message += ". Did you mean '\(guess)'?"
            }
            throw parsed.usageError(message)
        }
        self.selection = selection
        filters = try QueryOptions(parsed)
        if !parsed.values("category").isEmpty && selection == .only(.income) {
            throw parsed.usageError("'--category' applies to expenses; incomes have no category")
        }
        format = try OutputFormat.from(parsed)
        includeHeader = !parsed.flag("no-header")
    }

    func run(in context: CommandContext) throws {
        let document = try context.store().load()
        context.noteDueOccurrences(in: document, format: format)
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
