/// Everything the household report (`budget report`, issue #31) shows for a period, gathered
/// once from the other reports: the headline figures against the period before, spending by
/// category with its limits, income and spending per budget month with the coming months as
/// the forecast plans them, the category × month table, limits, the scheduled records coming
/// up, accounts and net worth at each month's end, and the members' settlement.
public struct HouseholdReport: Sendable {
    /// How the period was asked for, which decides the period it is compared with and the
    /// months drawn around it.
    public enum Span: Equatable, Sendable {
        /// One budget month.
        case month(BudgetPeriod)
        /// A calendar year.
        case year(Int)
        /// Any days, from and to a day (`--from`/`--to`, `--months`).
        case days(from: Day, to: Day)
    }

    /// One budget month of the chart over time: recorded, or planned by the forecast.
    public struct MonthFigures: Equatable, Sendable {
        /// The budget month's name (`2026-11`).
        public var name: String
        /// Its days.
        public var period: BudgetPeriod
        public var income: Int
        public var expenses: Int
        public var balance: Int
        /// Whether the forecast planned it (a month still to come), rather than records.
        public var isPlanned: Bool
        /// Whether it holds today: its records so far.
        public var isCurrent: Bool
    }

    /// What is left to spend per day until the period ends (Zaim's daily pace), for a period
    /// that holds today.
    public struct Pace: Equatable, Sendable {
        /// What the figure is measured against.
        public enum Basis: Equatable, Sendable {
            /// The total spending limit's amount available in the month.
            case totalLimit
            /// The period's income.
            case income
        }

        public var basis: Basis
        /// What is left: the basis less what was spent (negative when it is spent past).
        public var left: Int
        /// The days from today to the period's end, both included.
        public var days: Int
        /// `left` shared over `days`, rounded down; 0 when nothing is left.
        public var perDay: Int
    }

    /// The accounts at the end of one budget month (or today, for the month that holds it).
    public struct NetWorthPoint: Equatable, Sendable {
        public var month: String
        public var day: Day
        public var assets: Int
        public var owed: Int
        public var netWorth: Int
    }

    /// How many budget months the chart and the table over time show at most.
    public static let monthsShown = 24
    /// How many budget months the category × month table has at most (it fits an A4 page).
    public static let tableMonths = 12
    /// How many budget months around a one-month report the chart and the table show.
    public static let monthsAroundOne = 6
    /// How many coming months the forecast adds to a period that holds today.
    public static let plannedMonths = 3
    /// How far ahead the scheduled records coming up reach, in days from today.
    public static let upcomingDays = 31

    public let span: Span
    /// The period's days.
    public let period: DateRange
    public let today: Day
    /// The period as `budget summary` adds it up (the same totals, the same categories).
    public let summary: Summary
    /// The period against the one before it, as `budget summary --compare previous` sets them
    /// (`nil` when there is none: before 0001-01-01, or for a period still to come).
    public let comparison: SummaryComparison?
    /// What is left per day, when the period holds today.
    public let pace: Pace?
    /// Income and spending per budget month, oldest first, then the planned months.
    public let months: [MonthFigures]
    /// The expense categories over the last `tableMonths` recorded months of `months` (none
    /// when no month of the period has begun).
    public let table: PeriodTable?
    /// How many of the period's months the chart leaves out (it draws the last `monthsShown`).
    public let monthsLeftOut: Int
    /// How many recorded months the table leaves out (it has the last `tableMonths`).
    public let tableMonthsLeftOut: Int
    /// The limits in the budget month they are reported for (`limitMonth`).
    public let limits: [LimitStatus]
    /// The period's last budget month, or the one that holds today when the period does.
    public let limitMonth: BudgetPeriod
    /// The scheduled records due from today for `upcomingDays` days (a period that holds
    /// today or is still to come), by day.
    public let upcoming: [Forecast.Occurrence]
    /// The accounts at the period's end (or today), when the budget has accounts.
    public let accounts: AccountBalances?
    /// The accounts at each recorded month's end, when the budget has accounts.
    public let netWorth: [NetWorthPoint]
    /// Who owes whom over the period, when the budget has members; the reason it cannot be
    /// settled (an income share without income) otherwise.
    public let settlement: Result<Settlement, MemberError>?

    /// Gathers the report of `span` with today as `today`.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    public init(document: BudgetDocument, span: Span, today: Day) throws {
        let calendar = document.budgetCalendar
        self.span = span
        self.today = today
        let compared: SummaryComparison.Period
        let shownMonths: [BudgetPeriod]
        switch span {
        case .month(let month):
            period = month.range
            compared = .month(month)
            shownMonths = calendar.periods(overlapping: calendar.days(ofLast: Self.monthsAroundOne, through: month))
        case .year(let year):
            period = DateRange.year(year) ?? .all
            compared = .year(year)
            shownMonths = calendar.periods(overlapping: period)
        case .days(let from, let to):
            period = DateRange(from: from, to: to)
            compared = .days(from: from, to: to)
            shownMonths = calendar.periods(overlapping: period)
        }
        // The months drawn: the last `monthsShown` of the period's, those begun by today as
        // recorded, the others (and after a one-month report's month that holds today,
        // `plannedMonths` more) as the forecast plans them.
        let drawn = Array(shownMonths.suffix(Self.monthsShown))
        monthsLeftOut = shownMonths.count - drawn.count
        let recordedMonths = drawn.filter { $0.start <= today }
        var plannedMonths = drawn.filter { $0.start > today }
        if case .month = span, let last = drawn.last, last.contains(today) {
            plannedMonths += calendar.periods(from: last, count: Self.plannedMonths + 1).dropFirst()
        }

        var query = RecordQuery()
        query.period = period
        summary = try Summary(document: document, query: query, groupings: [.category])
        // A period still to come has nothing recorded to compare.
        comparison = (period.from ?? today) > today ? nil : try SummaryComparison(
            document: document, query: query, period: compared, basis: .previous, today: today,
            groupings: [.category])

        let holdsToday = period.contains(today)
        limitMonth = holdsToday ? calendar.period(containing: today) : calendar.period(containing: period.to ?? today)
        limits = try LimitReport(document: document, period: limitMonth).rows
        if case .month = span, holdsToday {
            pace = try Self.pace(summary, limits: limits, period: period, today: today)
        } else {
            pace = nil
        }

        // The months over time: what was recorded, then what the forecast plans.
        let current = calendar.period(containing: today)
        var months: [MonthFigures] = []
        var tableWindow: RecordQuery?
        if let first = recordedMonths.first, let last = recordedMonths.last {
            var window = RecordQuery()
            window.period = DateRange(from: first.start, to: last.end)
            let byMonth = try Summary(document: document, query: window, groupings: [.month])
            months = byMonth.months.map { row in
                MonthFigures(
                    name: row.month, period: row.period, income: row.income, expenses: row.expenses,
                    balance: row.balance, isPlanned: false, isCurrent: row.period.contains(today))
            }
            let tableFirst = recordedMonths.suffix(Self.tableMonths).first ?? first
            window.period = DateRange(from: tableFirst.start, to: last.end)
            tableWindow = window
        }
        tableMonthsLeftOut = max(recordedMonths.count - Self.tableMonths, 0)
        // The forecast from this month through the last month planned (or 31 days ahead).
        let lastPlanned = plannedMonths.last.map { max($0, current) } ?? current
        let forecastMonths = min(lastPlanned.index - current.index + 1, 120)
        let forecast: Forecast? = (period.to ?? today) >= today || !plannedMonths.isEmpty
            ? try Forecast(document: document, today: today, months: max(forecastMonths, 2)) : nil
        let planned = Set(plannedMonths)
        for month in forecast?.months ?? [] where !month.isCurrent && planned.contains(month.period) {
            months.append(
                MonthFigures(
                    name: month.period.name, period: month.period, income: month.income,
                    expenses: month.expenses, balance: try Sum.difference(month.income, month.expenses),
                    isPlanned: true, isCurrent: false))
        }
        self.months = months
        table = try tableWindow.map { window in
            try PeriodTable(document: document, query: window, grouping: .category, per: .month)
        }

        if let forecast, (period.to ?? today) >= today, let horizon = today.advanced(byDays: Self.upcomingDays) {
            upcoming = forecast.months.flatMap(\.scheduled).filter { $0.day >= today && $0.day <= horizon }
                .sorted { ($0.day, $0.name, $0.scheduleID) < ($1.day, $1.name, $1.scheduleID) }
        } else {
            upcoming = []
        }

        if document.accounts.isEmpty {
            accounts = nil
            netWorth = []
        } else {
            // Today, or the end of a period over, or the start of one to come.
            let end = min(period.to ?? today, max(today, period.from ?? today))
            // Every month's end (today for a month that holds it) and the period's, in one pass.
            let ends = recordedMonths.map { month in (month.name, min(month.end, today)) }
            let balances = try AccountBalances.at(ends.map(\.1) + [end], in: document)
            accounts = balances.last
            netWorth = zip(ends, balances).map { month, balances in
                NetWorthPoint(
                    month: month.0, day: month.1, assets: balances.assets, owed: balances.owed,
                    netWorth: balances.netWorth)
            }
        }

        if document.members.isEmpty {
            settlement = nil
        } else {
            do {
                settlement = .success(try Settlement(document, period: period))
            } catch let error as MemberError {
                settlement = .failure(error)
            }
        }
    }

    /// What is left per day from today to the period's end: of the total limit when one is
    /// set, else of the period's income.
    private static func pace(_ summary: Summary, limits: [LimitStatus], period: DateRange, today: Day) throws -> Pace? {
        guard let end = period.to else { return nil }
        let days = end.dayNumber - today.dayNumber + 1
        guard days > 0 else { return nil }
        let total = limits.first { $0.category == nil && $0.limit.per == .month }
        let basis: Pace.Basis = total == nil ? .income : .totalLimit
        let left = try total.map { $0.remaining } ?? Sum.difference(summary.income, summary.expenses)
        return Pace(basis: basis, left: left, days: days, perDay: left > 0 ? left / days : 0)
    }
}
