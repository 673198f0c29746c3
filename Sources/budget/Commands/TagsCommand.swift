import BudgetCore

/// `budget tags`: every tag with how many records carry it and their totals.
struct TagsCommand: Command {
    static let spec = CommandSpec(
        name: "tags", abstract: "List tags with their count and totals of incomes and expenses.",
        discussion: "A record counts under each of its tags, so the totals of several tags can overlap.",
        options: [OutputFormat.reportOption, CommonArguments.noHeader],
        subcommands: [TagsRenameCommand.spec], runsWithoutSubcommand: true)

    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        format = try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json])
        includeHeader = !parsed.flag("no-header")
    }

    func run(in context: CommandContext) throws {
        let document = try context.store().load()
        context.noteDueOccurrences(in: document, format: format)
        let money = document.moneyFormat
        let rows = try TagReport(document: document).rows
        switch format {
        case .json:
            let value = JSONValue.array(rows.map { row in
                .object([("tag", .string(row.tag)), ("incomes", .int(row.incomes)), ("income_total", .int(row.incomeTotal)),
                         ("expenses", .int(row.expenses)), ("expense_total", .int(row.expenseTotal)),
                         ("currency", money.currency.map { .string($0.code) } ?? .null)])
            })
            context.output.write(value.outputText)
        case .tsv, .csv:
            let lines = (includeHeader ? [["tag", "incomes", "income_total", "expenses", "expense_total"]] : [])
                + rows.map { [$0.tag, String($0.incomes), money.plain($0.incomeTotal), String($0.expenses), money.plain($0.expenseTotal)] }
            context.output.write(DelimitedText.text(lines, as: format))
        default:
            if rows.isEmpty {
                if !context.isQuiet { context.messages.write("No tags yet: add one with --tag.\n") }
                return
            }
            var table = TextTable(columns: [
                .init(title: "TAG", alignment: .left), .init(title: "INCOMES", alignment: .right), .init(title: "RECEIVED", alignment: .right),
                .init(title: "EXPENSES", alignment: .right), .init(title: "SPENT", alignment: .right),
            ])
            table.rows = rows.map { [$0.tag, String($0.incomes), money.display($0.incomeTotal), String($0.expenses), money.display($0.expenseTotal)] }
            context.output.write(table.render(painter: context.outputPainter(document)))
        }
    }
}
