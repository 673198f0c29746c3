import BudgetCore

/// `budget categories`: every category with its number of expenses, total and limit.
struct CategoriesCommand: Command {
    static let spec = CommandSpec(
        name: "categories", abstract: "List expense categories with their count, total and limit.",
        options: [OutputFormat.reportOption, CommonArguments.noHeader])

    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        format = try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json])
        includeHeader = !parsed.flag("no-header")
    }

    func run(in context: CommandContext) throws {
        let document = try context.store().load()
        let money = document.moneyFormat
        var stats: [String: (count: Int, total: Int)] = [:]
        for expense in document.expenses.records {
            let current = stats[expense.category] ?? (0, 0)
            let (total, overflow) = current.total.addingReportingOverflow(expense.amount)
            if overflow { throw BudgetError.totalOverflow }
            stats[expense.category] = (current.count + 1, total)
        }
        let limits = document[settings: BudgetKeys.self]
        for category in limits.limitedCategories where stats[category] == nil {
            stats[category] = (0, 0)
        }
        let rows = stats.keys.sorted().map { category in
            (category, stats[category]?.count ?? 0, stats[category]?.total ?? 0, limits[BudgetKeys.limit(category)]?.minorUnits)
        }
        switch format {
        case .json:
            let value = JSONValue.array(rows.map { row in
                .object([("category", .string(row.0)), ("expenses", .int(row.1)), ("total", .int(row.2)),
                         ("limit", row.3.map(JSONValue.int) ?? .null), ("currency", money.currency.map { .string($0.code) } ?? .null)])
            })
            context.output.write(value.outputText)
        case .tsv, .csv:
            let lines = (includeHeader ? [["category", "expenses", "total", "limit"]] : [])
                + rows.map { [$0.0, String($0.1), money.plain($0.2), $0.3.map(money.plain) ?? ""] }
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
            table.rows = rows.map { [$0.0, String($0.1), money.display($0.2), $0.3.map(money.display) ?? ""] }
            context.output.write(table.render(painter: context.outputPainter(document)))
        }
    }
}
