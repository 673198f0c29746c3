import BudgetCore

/// `budget history`: the changes `undo` can revert, most recent first.
struct HistoryCommand: Command {
    static let spec = CommandSpec(
        name: "history", abstract: "List the changes undo can revert, most recent first.",
        options: [
            OptionSpec(long: "format", valueName: "format", help: "table, tsv or json (default: table).", choices: ["table", "tsv", "json"]),
            CommonArguments.noHeader,
        ],
        subcommands: [HistoryClearCommand.spec], runsWithoutSubcommand: true)

    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        format = try OutputFormat.from(parsed, allowed: [.table, .tsv, .json])
        includeHeader = !parsed.flag("no-header")
    }

    func run(in context: CommandContext) throws {
        let history = try context.store().load().history.reversed()
        let rows = history.enumerated().map { [String($0.offset + 1), $0.element.time, $0.element.summary] }
        switch format {
        case .json:
            let value = JSONValue.array(history.map { .object([("time", .string($0.time)), ("summary", .string($0.summary))]) })
            context.output.write(value.outputText)
        case .tsv:
            context.output.write(DelimitedText.tsv((includeHeader ? [["step", "time", "summary"]] : []) + rows))
        default:
            if rows.isEmpty {
                if !context.isQuiet { context.messages.write("No changes to undo.\n") }
                return
            }
            var table = TextTable(columns: [.init(title: "STEP", alignment: .right), .init(title: "TIME", alignment: .left), .init(title: "CHANGE", alignment: .left)])
            table.rows = rows
            context.output.write(table.render())
        }
    }
}
