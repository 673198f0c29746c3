import BudgetCore

/// `budget report [--month …|--year …|--months <n>|--from … --to …] --format html`: the
/// household report as one self-contained HTML document on stdout (issue #31).
struct ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report", abstract: "Write a self-contained HTML report of a period, for a browser or print.",
        discussion: """
            One HTML file with no script and no external resource (a Content-Security-Policy lets the browser fetch \
            nothing): the headline figures against the period before (and, for this budget month, what is left per \
            day), spending by category as bars with each limit as a tick, income and spending per budget month with \
            the coming months as the forecast plans them, the categories per month, limits, what is scheduled in the \
            coming 31 days, accounts and net worth, and the members' balances, each chart followed by its figures. \
            The period is this budget month unless --month, --months, --year or --from/--to says otherwise; a month's \
            report also draws the five months before it. Words are Japanese when BUDGET_LANG, else the first set of \
            LC_ALL, LC_MESSAGES and LANG, names Japanese (ja), English otherwise. It prints on A4; the same file and \
            BUDGET_TODAY give the same bytes.
            """,
        options: QueryOptions.periodSpecs + [
            QueryOptions.months,
            OptionSpec(long: "format", valueName: "format", help: "html (the only format, the default).",
                       choices: ["html"]),
        ])

    let filters: QueryOptions
    /// `--year`, which a year's report is compared by.
    private let year: Int?
    private let isMonth: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        filters = try QueryOptions(parsed)
        if let format = parsed.value("format"), format != "html" {
            throw parsed.usageError("invalid value '\(format)' for '--format <format>': expected html")
        }
        year = parsed.value("year").flatMap { Int(HalfWidth.plain(FieldRules.trimmed($0))) }
        isMonth = parsed.value("month") != nil
    }

    func run(in context: CommandContext) throws {
        let document = try context.loadForReading()
        let query = try filters.query(for: document)
        let calendar = document.budgetCalendar
        let today = Day.today()
        let span: HouseholdReport.Span
        if let year {
            span = .year(year)
        } else if filters.hasPeriod && !isMonth {
            // `--to` alone: from the first record (or the day itself when none is earlier).
            let from = query.period.from ?? min(Self.firstDay(document, or: today), query.period.to ?? today)
            span = .days(from: from, to: query.period.to ?? max(today, from))
        } else {
            span = .month(calendar.period(containing: query.period.from ?? today))
        }
        let report = try HouseholdReport(document: document, span: span, today: today)
        let page = HTMLReport(
            report: report, money: document.moneyFormat,
            dates: document[settings: DisplayKeys.self][DisplayKeys.dateFormat], language: context.language,
            currencyCode: document.moneyFormat.currency?.code)
        context.output.write(page.render())
    }

    /// The day of the earliest record, for a period open at its start (`--to` alone).
    private static func firstDay(_ document: BudgetDocument, or today: Day) -> Day {
        let days = document.incomes.records.map(\.date) + document.expenses.records.map(\.date)
        return days.min() ?? today
    }
}
