import BudgetCore

/// `budget summary`: totals and a breakdown for a period, with bars; with `--per`, a table of
/// the rows over weeks, budget months or years.
struct SummaryCommand: Command {
    static let spec = CommandSpec(
        name: "summary", abstract: "Show income, expenses and balance for a period, broken down with bars.",
        discussion: "The period is this budget month (see period.month-start) unless --month, --months, --year, --from/--to or --all says otherwise. Rows are expense categories (with limits, what remains and the share used), months, income sources, or tags (expenses per tag; an expense counts under each of its tags, so tag rows can overlap). Bars fit the terminal (COLUMNS, else its width, else 80). With --per week (Monday to Sunday), month (budget months) or year, the rows (categories, tags or income sources) become a table over time: a column per period (empty ones show 0), then the total, the average per period and a sparkline, and a total row; without a period option it covers the last 12 budget months (--per year: every record). A table too wide for the terminal shows the most recent periods and says how many it left out; tsv, csv and json have them all.",
        options: QueryOptions.periodSpecs + [
            QueryOptions.months,
            OptionSpec(long: "all", help: "Every record, whatever its date."),
            OptionSpec(long: "by", valueName: "grouping", help: "category, month, income or tag (default: category).", choices: ["category", "month", "income", "tag"]),
            OptionSpec(long: "per", valueName: "period", help: "week, month or year: the rows over time, a column per period.", choices: PeriodTable.Unit.allCases.map(\.rawValue)),
            OutputFormat.reportOption,
            CommonArguments.noHeader,
        ])

    let filters: QueryOptions
    let all: Bool
    let grouping: Summary.Grouping
    /// `--per`: a table of the rows over time instead of the summary.
    let unit: PeriodTable.Unit?
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
        if let per = parsed.value("per") {
            guard let unit = PeriodTable.Unit(rawValue: per) else {
                throw parsed.usageError("Invalid value '\(per)' for '--per <period>': expected week, month or year")
            }
            guard grouping != .month else {
                throw parsed.usageError("'--by month' cannot be combined with '--per'; use '--by category', 'tag' or 'income' with '--per month'")
            }
            self.unit = unit
        } else {
            unit = nil
        }
        format = try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json])
        includeHeader = !parsed.flag("no-header")
    }

    func run(in context: CommandContext) throws {
        let document = try context.store().load()
        context.noteDueOccurrences(in: document, format: format)
        var query = try filters.query(for: document)
        if let unit { return try runTable(unit, document: document, query: query, in: context) }
        if !all && !filters.hasPeriod { query.period = document.budgetCalendar.period(containing: Day.today()).range }
        let summary = try Summary(document: document, query: query, groupings: [grouping])
        let printer = SummaryPrinter(
            summary: summary, grouping: grouping, format: format, includeHeader: includeHeader, money: document.moneyFormat,
            dateFormat: document[settings: DisplayKeys.self][DisplayKeys.dateFormat], painter: context.outputPainter(document), width: context.terminalWidth)
        context.output.write(printer.render())
    }

    /// `--per`: the rows over time. Without a period option, the last 12 budget months (years:
    /// every record).
    private func runTable(_ unit: PeriodTable.Unit, document: BudgetDocument, query: RecordQuery, in context: CommandContext) throws {
        var query = query
        if !all && !filters.hasPeriod && unit != .year {
            let calendar = document.budgetCalendar
            query.period = calendar.days(ofLast: 12, through: calendar.period(containing: Day.today()))
        }
        let rows: PeriodTable.Grouping = grouping == .tag ? .tag : grouping == .income ? .income : .category
        let table = try PeriodTable(document: document, query: query, grouping: rows, per: unit)
        let printer = PeriodTablePrinter(
            table: table, format: format, includeHeader: includeHeader, money: document.moneyFormat,
            dateFormat: document[settings: DisplayKeys.self][DisplayKeys.dateFormat], painter: context.outputPainter(document), width: context.terminalWidth)
        context.output.write(printer.render())
    }
}
