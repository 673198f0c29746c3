import BudgetCore

/// `budget list incomes|expenses|all`: prints records in order.
struct ListCommand: Command {
    static let spec = CommandSpec(
        name: "list", abstract: "List incomes, expenses or both.",
        discussion: "Records are listed in their display order (see 'budget move'). The table ends with a total; the machine formats (tsv, csv, json, ids) print data only.",
        arguments: [ArgumentSpec(name: "which", help: "incomes, expenses or all.", choices: ["incomes", "expenses", "all"])],
        options: [
            OptionSpec(long: "category", valueName: "name", help: "Only expenses in this category (repeat for several).", isRepeatable: true),
            OutputFormat.option,
            CommonArguments.noHeader,
        ])

    let selection: RecordSelection
    let categories: Set<String>
    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        let text = parsed.positionals[0]
        guard let selection = RecordSelection(argument: text) else {
            var message = "Invalid value '\(text)' for '<which>': expected incomes, expenses or all"
            if let guess = Suggestion.closest(to: text, among: ["incomes", "expenses", "all"]) { message += ". Did you mean '\(guess)'?" }
            throw parsed.usageError(message)
        }
        self.selection = selection
        categories = Set(try parsed.values("category").map { text throws(UsageError) in try parsed.label(text, field: "category") })
        if !categories.isEmpty && selection == .only(.income) {
            throw parsed.usageError("'--category' applies to expenses; incomes have no category")
        }
        format = try OutputFormat.from(parsed)
        includeHeader = !parsed.flag("no-header")
    }

    func run(in context: CommandContext) throws {
        let document = try context.store().load()
        var rows: [RecordRow] = []
        if selection != .only(.expense) && categories.isEmpty {
            rows += document.incomes.records.map(RecordRow.init)
        }
        if selection != .only(.income) {
            rows += document.expenses.records.filter { categories.isEmpty || categories.contains($0.category) }.map(RecordRow.init)
        }
        if rows.isEmpty && format == .table {
            if !context.isQuiet { context.messages.write("No \(selection.noun).\n") }
            return
        }
        let printer = RecordPrinter(
            selection: selection, format: format, includeHeader: includeHeader, document: document, painter: context.outputPainter(document))
        context.output.write(try printer.render(rows))
    }
}
