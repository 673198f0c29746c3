import BudgetCore

/// `budget summary`: totals and a breakdown for a period, with bars.
struct SummaryCommand: Command {
    static let spec = CommandSpec(
        name: "summary", abstract: "Show income, expenses and balance for a period, broken down with bars.",
        discussion: "The period is this budget month (see period.month-start) unless --month, --year, --from/--to or --all says otherwise. Rows are expense categories (with limits, what remains and the share used), months, income sources, or tags (expenses per tag; an expense counts under each of its tags, so tag rows can overlap). Bars fit the terminal (COLUMNS, else its width, else 80).",
        options: QueryOptions.periodSpecs + [
            OptionSpec(long: "all", help: "Every record, whatever its date."),
            OptionSpec(long: "by", valueName: "grouping", help: "category, month, income or tag (default: category).", choices: ["category", "month", "income", "tag"]),
            OutputFormat.reportOption,
            CommonArguments.noHeader,
        ])

    let filters: QueryOptions
    let all: Bool
    let grouping: Summary.Grouping
    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        filters = try QueryOptions(parsed)
        all = parsed.flag("all")
        if all && filters.hasPeriod { throw parsed.usageError("'--all' cannot be combined with a period option") }
        let by = parsed.value("by") ?? "category"
        guard let grouping = Summary.Grouping(rawValue: by) else {
            throw parsed.usageError("Invalid value '\(by)' for '--by <grouping>': expected category, month, income or tag")
        }
        self.grouping = grouping
        format = try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json])
        includeHeader = !parsed.flag("no-header")
    }

    func run(in context: CommandContext) throws {
        let document = try context.store().load()
        context.noteDueOccurrences(in: document, format: format)
        var query = try filters.query(for: document)
        if !all && !filters.hasPeriod { query.period = document.budgetCalendar.period(containing: Day.today()).range }
        let summary = try Summary(document: document, query: query, groupings: [grouping])
        let printer = SummaryPrinter(
            summary: summary, grouping: grouping, format: format, includeHeader: includeHeader, money: document.moneyFormat,
            dateFormat: document[settings: DisplayKeys.self][DisplayKeys.dateFormat], painter: context.outputPainter(document), width: context.terminalWidth)
        context.output.write(printer.render())
    }
}
