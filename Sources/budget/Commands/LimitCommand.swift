import BudgetCore

/// `budget limit set|unset|list`: monthly spending limits per category (`budget.limit.<category>`).
struct LimitCommand: Command {
    static let spec = CommandSpec(
        name: "limit", abstract: "Set monthly spending limits per category.",
        discussion: "An add or edit that takes a category past its limit for that budget month (a calendar month unless period.month-start says otherwise) prints a warning on stderr; the command still succeeds.",
        subcommands: [setSpec, unsetSpec, listSpec])

    static let category = ArgumentSpec(name: "category", help: "The expense category.", completion: .categories)
    static let setSpec = CommandSpec(
        name: "set", abstract: "Set a category's monthly limit.",
        arguments: [category, ArgumentSpec(name: "amount", help: "The limit, in the budget's currency.")])
    static let unsetSpec = CommandSpec(name: "unset", abstract: "Remove a category's limit.", arguments: [category])
    static let listSpec = CommandSpec(
        name: "list", abstract: "List the limits with this budget month's spending.",
        options: [OutputFormat.reportOption, CommonArguments.noHeader])

    enum Action {
        case set(String, amountText: String)
        case unset(String)
        case list(OutputFormat, includeHeader: Bool)
    }

    let action: Action
    let parsed: ParsedCommand

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        switch parsed.path.last {
        case "set":
            action = .set(try parsed.label(parsed.positionals[0], field: "category"), amountText: try parsed.amountText(parsed.positionals[1]))
        case "unset":
            action = .unset(try parsed.label(parsed.positionals[0], field: "category"))
        default:
            action = .list(try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json]), includeHeader: !parsed.flag("no-header"))
        }
    }

    func run(in context: CommandContext) throws {
        let store = try context.store()
        switch action {
        case let .set(category, amountText):
            let shown = try store.transaction { document -> String in
                let amount = try parsed.money(amountText, in: document.moneyFormat)
                try document.setLimit(amount, for: category)
                return document.moneyFormat.display(amount)
            }
            context.confirm("Set the monthly limit of \(category) to \(shown).")
        case .unset(let category):
            let existed = try store.transaction { document in try document.removeLimit(for: category) }
            context.confirm(existed ? "Removed the monthly limit of \(category)." : "\(category) had no monthly limit.")
        case let .list(format, includeHeader):
            let document = try store.load()
            context.noteDueOccurrences(in: document, format: format)
            let report = try LimitReport(document: document, month: Day.today())
            context.output.write(render(report, document: document, format: format, includeHeader: includeHeader, painter: context.outputPainter(document)))
        }
    }

    private func render(_ report: LimitReport, document: BudgetDocument, format: OutputFormat, includeHeader: Bool, painter: Painter) -> String {
        let money = document.moneyFormat
        switch format {
        case .json:
            let value = JSONValue.array(report.rows.map { row in
                .object([("category", .string(row.category)), ("limit", .int(row.limit)), ("spent", .int(row.spent)),
                         ("remaining", .int(row.remaining)), ("currency", money.currency.map { .string($0.code) } ?? .null)])
            })
            return value.outputText
        case .tsv, .csv:
            let lines = (includeHeader ? [["category", "limit", "spent", "remaining"]] : [])
                + report.rows.map { [$0.category, money.plain($0.limit), money.plain($0.spent), money.plain($0.remaining)] }
            return DelimitedText.text(lines, as: format)
        default:
            let dateFormat = document[settings: DisplayKeys.self][DisplayKeys.dateFormat]
            var table = TextTable(columns: [
                .init(title: "CATEGORY", alignment: .left), .init(title: "LIMIT", alignment: .right),
                .init(title: "SPENT " + dateFormat.describe(report.period), alignment: .right), .init(title: "REMAINING", alignment: .right),
            ])
            table.rows = report.rows.map { row in
                let remaining = money.display(row.remaining)
                return [row.category, money.display(row.limit), money.display(row.spent), row.isOver ? painter.paint(remaining, .red) : remaining]
            }
            return table.render(painter: painter)
        }
    }
}
