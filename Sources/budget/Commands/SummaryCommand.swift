import BudgetCore

/// `budget summary`: totals and a breakdown for a period, with bars; with `--per`, a table of
/// the rows over weeks, budget months or years.
struct SummaryCommand: Command {
    static let spec = CommandSpec(
        name: "summary", abstract: "Show income, expenses and balance for a period, broken down with bars.",
        discussion: """
            The period is this budget month (see period.month-start) unless --month, --months, --year, --from/--to or \
            --all says otherwise. Rows are expense categories (with limits, what remains and the share used), months, \
            income sources, or tags (expenses per tag; an expense counts under each of its tags, so tag rows can \
            overlap). With income, the savings rate is the balance as a percentage of it. --category, --tag and \
            --search count only the records list would list (a category leaves incomes out). --compare sets every \
            figure and row beside the previous period (the budget month, year or as many days before) or the same \
            period last year, with the difference and the change in percent; a period that holds today is compared up \
            to today, against as many days of the other. Bars fit the terminal (COLUMNS, else its width, else 80). \
            With --per week (Monday to Sunday), month (budget months) or year, the rows (categories, tags or income \
            sources) become a table over time: a column per period (empty ones show 0), then the total, the average \
            per period and a sparkline, and a total row; without a period option it covers the last 12 budget months \
            (--per year: every record). A table too wide for the terminal shows the most recent periods and says how \
            many it left out; tsv, csv and json have them all.
            """,
        options: [QueryOptions.category, QueryOptions.tag, QueryOptions.account] + QueryOptions.periodSpecs + [
            QueryOptions.months,
            QueryOptions.search,
            OptionSpec(long: "all", help: "Every record, whatever its date.",
                       conflicts: ["month", "months", "year", "from", "to", "compare"]),
            OptionSpec(
                long: "by", valueName: "grouping",
                help: "category, month, income, tag or member (each member's share) (default: category).",
                choices: ["category", "month", "income", "tag", "member"]),
            OptionSpec(
                long: "per", valueName: "period", help: "week, month or year: the rows over time, a column per period.",
                choices: PeriodTable.Unit.allCases.map(\.rawValue),
                conflicts: ["by=month", "by=member", "compare"]),
            OptionSpec(
                long: "compare", valueName: "period",
                help: "previous (the budget month, year or days before) or last-year (the same period a year earlier).",
                choices: SummaryComparison.Basis.allCases.map(\.rawValue), conflicts: ["by=member"]),
            OutputFormat.reportOption,
            CommonArguments.noHeader,
        ])

    let filters: QueryOptions
    let all: Bool
    let grouping: Summary.Grouping
    /// `--by member`: each member's share of the household's spending.
    let byMember: Bool
    /// `--per`: a table of the rows over time instead of the summary.
    let unit: PeriodTable.Unit?
    let format: OutputFormat
    let includeHeader: Bool
    /// `--compare`: what the period is set beside.
    let compare: SummaryComparison.Basis?
    /// How the period was asked for, which decides what it is compared with: `--year`, else
    /// `--month`, else `--from`/`--to`, else this budget month.
    private let year: Int?
    private let isMonth: Bool
    private let commandPath: [String]

    init(_ parsed: ParsedCommand) throws(UsageError) {
        filters = try QueryOptions(parsed)
        all = parsed.flag("all")
        if all && filters.hasPeriod { throw parsed.usageError("'--all' cannot be combined with a period option") }
        let by = parsed.value("by") ?? "category"
        byMember = by == "member"
        if byMember, let other = ["per", "compare"].first(where: { parsed.value($0) != nil }) {
            throw parsed.usageError("'--by member' cannot be combined with '--\(other)'")
        }
        guard let grouping = byMember ? .category : Summary.Grouping(rawValue: by) else {
            throw parsed.usageError(
                "invalid value '\(by)' for '--by <grouping>': expected category, month, income, tag or member")
        }
        self.grouping = grouping
        if grouping == .income && !parsed.values("category").isEmpty {
            throw parsed.usageError("'--category' applies to expenses; incomes have no category")
        }
        if let per = parsed.value("per") {
            guard let unit = PeriodTable.Unit(rawValue: per) else {
                throw parsed.usageError("invalid value '\(per)' for '--per <period>': expected week, month or year")
            }
            guard grouping != .month else {
                throw parsed.usageError(
                    "'--by month' cannot be combined with '--per'; "
                        + "use '--by category', 'tag' or 'income' with '--per month'")
            }
            guard parsed.value("compare") == nil else {
                throw parsed.usageError(
                    "'--compare' cannot be combined with '--per': "
                        + "the table over time already sets the periods side by side")
            }
            self.unit = unit
        } else {
            unit = nil
        }
        format = try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json])
        includeHeader = !parsed.flag("no-header")
        if let text = parsed.value("compare") {
            guard let basis = SummaryComparison.Basis(rawValue: text) else {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--compare <period>': expected previous or last-year")
            }
            if all {
                throw parsed.usageError(
                    "'--compare' cannot be combined with '--all': all dates have no period before them")
            }
            if (parsed.value("from") == nil) != (parsed.value("to") == nil) {
                throw parsed.usageError(
                    "'--compare' needs both '--from' and '--to': "
                        + "a period with an open end has no period to compare with")
            }
            compare = basis
        } else {
            compare = nil
        }
        year = parsed.value("year").flatMap { Int(HalfWidth.plain(FieldRules.trimmed($0))) }
        isMonth = parsed.value("month") != nil
        commandPath = parsed.path
    }

    func run(in context: CommandContext) throws {
        let document = try context.loadForReading()
        context.noteDueOccurrences(in: document, format: format)
        var query = try filters.query(for: document)
        if let unit { return try runTable(unit, document: document, query: query, in: context) }
        if !all && !filters.hasPeriod { query.period = document.budgetCalendar.period(containing: Day.today()).range }
        if byMember { return try runMembers(document: document, query: query, in: context) }
        let comparison = try compare.map { basis in try compared(query: query, basis: basis, in: document) }
        let summary = try comparison?.current ?? Summary(document: document, query: query, groupings: [grouping])
        var printer = SummaryPrinter(
            summary: summary, grouping: grouping, format: format, includeHeader: includeHeader,
            money: document.moneyFormat, dateFormat: document[settings: DisplayKeys.self][DisplayKeys.dateFormat],
            painter: context.outputPainter(document), width: context.terminalWidth)
        printer.query = query
        printer.comparison = comparison
        context.output.write(printer.render())
    }

    /// The comparison of the period asked for (a budget month, a year or days) with the one
    /// `basis` names.
    private func compared(
        query: RecordQuery, basis: SummaryComparison.Basis, in document: BudgetDocument
    ) throws -> SummaryComparison {
        let calendar = document.budgetCalendar
        let today = Day.today()
        let period: SummaryComparison.Period
        if let year {
            period = .year(year)
        } else if filters.hasPeriod && !isMonth, let from = query.period.from, let to = query.period.to {
            period = .days(from: from, to: to)
        } else {
            // --month, resolved to its budget month's days, or this budget month.
            period = .month(calendar.period(containing: query.period.from ?? today))
        }
        guard let comparison = try SummaryComparison(
            document: document, query: query, period: period, basis: basis, today: today, groupings: [grouping])
        else { throw UsageError("there is no period before 0001-01-01 to compare with", commandPath: commandPath) }
        return comparison
    }

    /// `--per`: the rows over time. Without a period option, the last 12 budget months (years:
    /// every record).
    private func runTable(
        _ unit: PeriodTable.Unit, document: BudgetDocument, query: RecordQuery, in context: CommandContext
    ) throws {
        var query = query
        if !all && !filters.hasPeriod && unit != .year {
            let calendar = document.budgetCalendar
            query.period = calendar.days(ofLast: 12, through: calendar.period(containing: Day.today()))
        }
        let rows: PeriodTable.Grouping = grouping == .tag ? .tag : grouping == .income ? .income : .category
        let table = try PeriodTable(document: document, query: query, grouping: rows, per: unit)
        var printer = PeriodTablePrinter(
            table: table, format: format, includeHeader: includeHeader, money: document.moneyFormat,
            dateFormat: document[settings: DisplayKeys.self][DisplayKeys.dateFormat],
            painter: context.outputPainter(document), width: context.terminalWidth)
        printer.query = query
        context.output.write(printer.render())
    }

    /// `--by member`: each member's share of the household's spending in the period (the
    /// expenses the filters match, whoever paid, shared as `settle` shares them), what they
    /// paid, and their part of the whole.
    private func runMembers(document: BudgetDocument, query: RecordQuery, in context: CommandContext) throws {
        let settlement = try Settlement(
            document, period: query.period, matching: { query.matches($0, category: $0.category) },
            sharingUnpaid: true)
        let total = settlement.rows.reduce(0) { $0 &+ $1.share }
        let report = ReportTable<Settlement.Row>(
            [
                .text("MEMBER", key: "member") { $0.member },
                .amount("SHARE", key: "share") { $0.share },
                .percent("PERCENT", key: "percent") { row in Percent.share(row.share, of: total) },
                .amount("PAID", key: "paid") { $0.paid },
                .currency,
            ],
            footers: { _ in
                [TextTable.Footer(label: "Total", value: document.moneyFormat.display(total), column: 1)]
            })
        if format == .table {
            // The period and the filters first, as the summary's table says them.
            let dates = document[settings: DisplayKeys.self][DisplayKeys.dateFormat]
            let painter = context.outputPainter(document)
            context.output.write(
                painter.paint("Members' shares, \(dates.describe(query.period))", .bold) + "\n"
                    + SummaryPrinter.filterLine(query))
        }
        context.write(
            report, settlement.rows, as: format, includeHeader: includeHeader, document: document, emptyMessage: "")
        if settlement.withoutPayer > 0 {
            let count = settlement.withoutPayer
            context.confirm(
                "\(count) personal expense\(count == 1 ? "" : "s") without a payer \(count == 1 ? "is" : "are") "
                    + "in no member's share.")
        }
    }
}
