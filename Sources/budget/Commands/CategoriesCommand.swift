import BudgetCore

/// `budget categories`: every category with its number of expenses, total and limit.
struct CategoriesCommand: Command {
    static let spec = CommandSpec(
        name: "categories", abstract: "List expense categories with their count, total and limit.",
        options: [OutputFormat.reportOption, CommonArguments.noHeader],
        subcommands: [CategoryRenameCommand.spec], runsWithoutSubcommand: true)

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
        let rows = try CategoryReport(document: document).rows
        switch format {
        case .json:
            let value = JSONValue.array(rows.map { row in
                .object([("category", .string(row.category)), ("expenses", .int(row.expenses)), ("total", .int(row.total)),
                         ("limit", row.limit.map(JSONValue.int) ?? .null), ("per", row.spendingLimit.map { .string($0.per.rawValue) } ?? .null), ("currency", money.currency.map { .string($0.code) } ?? .null)])
            })
            context.output.write(value.outputText)
        case .tsv, .csv:
            let lines = (includeHeader ? [["category", "expenses", "total", "limit", "per"]] : [])
                + rows.map { [$0.category, String($0.expenses), money.plain($0.total), $0.limit.map(money.plain) ?? "", $0.spendingLimit?.per.rawValue ?? ""] }
            context.output.write(DelimitedText.text(lines, as: format))
        default:
            if rows.isEmpty {
                if !context.isQuiet { context.messages.write("No categories yet.\n") }
                return
            }
            var table = TextTable(columns: [
                .init(title: "CATEGORY", alignment: .left), .init(title: "EXPENSES", alignment: .right),
                .init(title: "TOTAL", alignment: .right), .init(title: "LIMIT", alignment: .right),
            ])
            // A yearly limit says so; a monthly one is shown as limits always were.
            table.rows = rows.map { row in
                let limit = row.spendingLimit.map { money.display($0.amount) + ($0.per == .year ? " a year" : "") } ?? ""
                return [row.category, String(row.expenses), money.display(row.total), limit]
            }
            context.output.write(table.render(painter: context.outputPainter(document)))
        }
    }
}
