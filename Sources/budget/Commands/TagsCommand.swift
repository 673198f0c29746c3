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
        let document = try context.loadForReading()
        context.noteDueOccurrences(in: document, format: format)
        let rows = try TagReport(document: document).rows
        context.write(
            Self.report, rows, as: format, includeHeader: includeHeader, document: document,
            emptyMessage: "No tags yet: add one with --tag.")
    }

    /// The columns: counts and totals of the incomes and the expenses that carry each tag.
    static var report: ReportTable<TagReport.Row> {
        ReportTable([
            .text("TAG", key: "tag") { $0.tag },
            .number("INCOMES", key: "incomes") { $0.incomes },
            .amount("RECEIVED", key: "income_total") { $0.incomeTotal },
            .number("EXPENSES", key: "expenses") { $0.expenses },
            .amount("SPENT", key: "expense_total") { $0.expenseTotal },
            .currency,
        ])
    }
}
