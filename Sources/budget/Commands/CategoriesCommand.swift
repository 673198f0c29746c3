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
        let document = try context.loadForReading()
        context.noteDueOccurrences(in: document, format: format)
        let rows = try CategoryReport(document: document).rows
        context.write(
            Self.report, rows, as: format, includeHeader: includeHeader, document: document,
            emptyMessage: "No categories yet.")
    }

    /// The columns: a limit shows in tables with its amount ("a year" for a yearly one, a
    /// monthly one as limits always were), in the other formats with its amount and `per`.
    static var report: ReportTable<CategoryReport.Row> {
        ReportTable([
            .text("CATEGORY", key: "category") { $0.category },
            .number("EXPENSES", key: "expenses") { $0.expenses },
            .amount("TOTAL", key: "total") { $0.total },
            ReportColumn.amount("LIMIT", key: "limit") { $0.limit }.inTables { row, money in
                row.spendingLimit.map { money.display($0.amount) + ($0.per == .year ? " a year" : "") } ?? ""
            },
            .optionalText(nil, key: "per") { $0.spendingLimit?.per.rawValue },
            .currency,
        ])
    }
}
