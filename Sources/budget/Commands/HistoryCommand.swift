import BudgetCore

/// `budget history`: the changes `undo` can revert, most recent first.
struct HistoryCommand: Command {
    static let spec = CommandSpec(
        name: "history", abstract: "List the changes undo can revert, most recent first.",
        discussion: "Times are local. Tables write them with display.date-format; tsv and json in ISO 8601 with the "
            + "offset from UTC.",
        options: [
            OptionSpec(long: "format", valueName: "format", help: "table, tsv or json (default: table).",
                       choices: ["table", "tsv", "json"]),
            OptionSpec(long: "no-header", help: "Leave out the header row of tsv output."),
        ],
        subcommands: [HistoryClearCommand.spec], runsWithoutSubcommand: true)

    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        format = try OutputFormat.from(parsed, allowed: [.table, .tsv, .json])
        includeHeader = !parsed.flag("no-header")
    }

    func run(in context: CommandContext) throws {
        let document = try context.store().load()
        let dateFormat = document[settings: DisplayKeys.self][DisplayKeys.dateFormat]
        // Step 1 is the change the next undo reverts.
        let history = document.history
        let entries = history.indices.reversed().enumerated().map { offset, position in
            // The summary and time come from the file, which a hand edit may have filled with
            // control characters: tsv and tables show them escaped (json escapes them itself).
            let time = history.time(at: position)
            return (step: offset + 1, time: LocalTime(utc: time), stored: time, summary: history.summary(at: position))
        }
        switch format {
        case .json:
            let value = JSONValue.array(entries.map { entry in
                .object([
                    ("step", .int(entry.step)), ("time", .string(entry.time?.iso ?? entry.stored)),
                    ("summary", .string(entry.summary)),
                ])
            })
            context.output.write(value.outputText)
        case .tsv:
            let rows = entries.map {
                [String($0.step), TerminalText.escaped($0.time?.iso ?? $0.stored), TerminalText.escaped($0.summary)]
            }
            context.output.write(DelimitedText.tsv((includeHeader ? [["step", "time", "summary"]] : []) + rows))
        default:
            if entries.isEmpty {
                if !context.isQuiet { context.messages.write("No changes to undo.\n") }
                return
            }
            var table = TextTable(columns: [
                .init(title: "STEP", alignment: .right), .init(title: "TIME", alignment: .left),
                .init(title: "CHANGE", alignment: .left),
            ])
            table.rows = entries.map {
                [String($0.step), TerminalText.escaped($0.time?.display(dateFormat) ?? $0.stored),
                 TerminalText.escaped($0.summary)]
            }
            context.output.write(table.render())
        }
    }
}
