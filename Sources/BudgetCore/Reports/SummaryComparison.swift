/// A summary set against the same summary of an earlier period: every figure (income,
/// expenses, balance, and each row of the breakdowns) with its amount in the comparison
/// period, the difference and the change in percent. All sums are exact; a change is rounded
/// once (`Percent.change`).
///
/// The earlier period follows from how the period was asked for (`Period`) and the `Basis`:
///
/// | period | `previous` | `lastYear` |
/// |---|---|---|
/// | a budget month | the budget month before | the budget month of that name a year earlier |
/// | a calendar year | the year before | the year before |
/// | days from … to … | as many days, just before | the same days a year earlier (29 February → 28) |
///
/// Months are the budget's (`BudgetDocument.budgetCalendar`): with payday months `2026-11`
/// (2026-10-25 to 2026-11-24) is compared with `2026-10` (2026-09-25 to 2026-10-24).
///
/// When today falls within the period, it is not over, so only its days up to today are
/// counted, and against them the same number of days from the start of the comparison period,
/// cut at its end (`isToDate`): 2026-11-01 to 2026-11-24 against 2026-10-01 to 2026-10-24, and
/// 2027-03-01 to 2027-03-30 against 2027-02-01 to 2027-02-28. Against last year, the days run
/// to the same date a year earlier: 2028-01-01 to 2028-06-30 against 2027-01-01 to 2027-06-30.
public struct SummaryComparison: Sendable {
    /// What the period is compared with.
    public enum Basis: String, CaseIterable, Sendable {
        /// The period just before: the month, year or as many days.
        case previous
        /// The same period one year earlier.
        case lastYear = "last-year"
    }

    /// A period as it was asked for, which decides what it is compared with.
    public enum Period: Equatable, Sendable {
        /// A budget month (`--month`, or the month that holds today).
        case month(BudgetPeriod)
        /// A calendar year.
        case year(Int)
        /// The days from one day to another, both included.
        case days(from: Day, to: Day)

        /// The days of the period, or `nil` when there are none (a year outside 1...9999, or
        /// days that end before they start).
        public var range: DateRange? {
            switch self {
            case let .month(month): return month.range
            case let .year(year): return DateRange.year(year)
            case let .days(from, to): return from <= to ? DateRange(from: from, to: to) : nil
            }
        }

        /// The budget month, when the period is one.
        public var budgetMonth: BudgetPeriod? {
            if case let .month(month) = self { return month }
            return nil
        }
    }

    /// One figure in both periods.
    public struct Change: Equatable, Sendable {
        /// The amount in the period.
        public let amount: Int
        /// The amount in the comparison period.
        public let compared: Int
        /// `amount - compared`.
        public let difference: Int

        /// The difference in percent of the comparison amount's size, rounded once to tenths;
        /// `nil` when the comparison amount is 0.
        public var percent: Percent? { Percent.change(from: compared, to: amount) }

        /// `amount` against `compared`.
        ///
        /// - Throws: `BudgetError.totalOverflow` when the difference does not fit in 64 bits.
        public init(_ amount: Int, against compared: Int) throws {
            self.amount = amount
            self.compared = compared
            difference = try Sum.difference(amount, compared)
        }
    }

    /// An expense category in both periods. A category only the comparison period spent in is
    /// a row too, with `spent` 0.
    public struct CategoryRow: Equatable, Sendable {
        /// The category in the period (its limit, what remains, whether it is over).
        public var row: Summary.CategoryRow
        /// What it spent, against the comparison period.
        public var spent: Change
    }

    /// An income source (incomes by name) in both periods.
    public struct IncomeRow: Equatable, Sendable {
        /// The income's name.
        public var name: String
        /// What came in under it, against the comparison period.
        public var received: Change
    }

    /// A tag's expenses in both periods.
    public struct TagRow: Equatable, Sendable {
        /// The tag.
        public var tag: String
        /// How many expenses carry it in the period.
        public var count: Int
        /// How many carried it in the comparison period.
        public var comparedCount: Int
        /// What they add up to, against the comparison period.
        public var spent: Change
    }

    /// A budget month and the month it is compared with: the same month of the year before,
    /// the month before (for a month compared with the previous one), or the month at the same
    /// place in the comparison period (days compared with as many days before). Either may be
    /// missing when the two periods do not hold as many months.
    public struct MonthRow: Equatable, Sendable {
        /// The month in the period, if it holds one here.
        public var month: Summary.MonthRow?
        /// The month it is compared with, if the comparison period holds one here.
        public var comparedMonth: Summary.MonthRow?
        /// Income, against the compared month.
        public var income: Change
        /// Expenses, against the compared month.
        public var expenses: Change
        /// Balance, against the compared month.
        public var balance: Change
    }

    /// What the period is compared with.
    public let basis: Basis
    /// The period, as asked for.
    public let period: Period
    /// The period it is compared with.
    public let comparedPeriod: Period
    /// Whether today falls within the period and that cut either period short: only the days
    /// up to today are counted, against as many days of the comparison period. (On the last
    /// day of a month compared with one as long, nothing is cut.)
    public let isToDate: Bool
    /// The summary of the days counted in the period (`current.period`); its category rows
    /// include every category the comparison period spent in.
    public let current: Summary
    /// The summary of the days counted in the comparison period (`comparison.period`).
    public let comparison: Summary
    /// Total income, against the comparison period.
    public let income: Change
    /// Total expenses, against the comparison period.
    public let expenses: Change
    /// The balance, against the comparison period.
    public let balance: Change
    /// Expense categories spent in during either period, largest first (then largest before).
    public let categories: [CategoryRow]
    /// Month by month, in order (empty unless months were asked for).
    public let months: [MonthRow]
    /// Income sources of either period, largest first (empty unless asked for).
    public let incomeSources: [IncomeRow]
    /// Tags of either period's expenses, largest first (empty unless asked for).
    public let tags: [TagRow]

    /// Compares the records `query` selects (its period aside: `period` replaces it) in
    /// `period` with those of the period `basis` names, with today as `today`, with the
    /// breakdowns asked for. `nil` when there is no such earlier period (before 0001-01-01).
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum or a difference does not fit in 64 bits.
    public init?(
        document: BudgetDocument, query: RecordQuery, period: Period, basis: Basis, today: Day,
        groupings: Set<Summary.Grouping> = Set(Summary.Grouping.allCases)
    ) throws {
        let calendar = document.budgetCalendar
        guard let range = period.range, let from = range.from,
              let comparedPeriod = Self.period(comparedWith: period, basis: basis, in: calendar),
              let comparedRange = comparedPeriod.range, let comparedFrom = comparedRange.from,
              let comparedTo = comparedRange.to
        else { return nil }
        self.basis = basis
        self.period = period
        self.comparedPeriod = comparedPeriod

        var days = range, comparedDays = comparedRange
        if range.contains(today) {
            // The same number of days from each start: up to today, and as far in the other
            // period, but not past its end (a 31st against a 28 days' month).
            days.to = today
            // A year earlier, the same date (29 February: the 28th), so that a leap day does
            // not move the end; otherwise as many days from the start.
            let sameDate = basis == .lastYear ? Self.yearEarlier(today).map { max($0, comparedFrom) } : nil
            let end = sameDate ?? comparedFrom.advanced(byDays: today.dayNumber - from.dayNumber) ?? comparedTo
            comparedDays.to = min(end, comparedTo)
        }
        isToDate = days != range || comparedDays != comparedRange

        var currentQuery = query, comparedQuery = query
        currentQuery.period = days
        comparedQuery.period = comparedDays
        comparison = try Summary(
            document: document, query: comparedQuery, groupings: groupings, limitPeriod: comparedRange,
            alsoCategories: [])
        current = try Summary(
            document: document, query: currentQuery, groupings: groupings, limitPeriod: range,
            alsoCategories: Set(comparison.categories.map(\.category)))
        income = try Change(current.income, against: comparison.income)
        expenses = try Change(current.expenses, against: comparison.expenses)
        balance = try Change(current.balance, against: comparison.balance)

        let comparedSpent = Dictionary(comparison.categories.map { ($0.category, $0.spent) }, uniquingKeysWith: +)
        categories = try current.categories.map { row in
            CategoryRow(row: row, spent: try Change(row.spent, against: comparedSpent[row.category] ?? 0))
        }.sorted {
            ($0.spent.amount, $0.spent.compared, $1.row.category)
                > ($1.spent.amount, $1.spent.compared, $0.row.category)
        }

        incomeSources = try Self.sources(current.incomeSources, against: comparison.incomeSources)
        tags = try Self.tagRows(current.tags, against: comparison.tags)

        // Months are paired by their place: the month before, or the same month a year earlier.
        let offset: Int
        switch (period, basis) {
        case (.month, .previous): offset = -1
        case (.days, .previous): offset = calendar.index(containing: comparedFrom) - calendar.index(containing: from)
        default: offset = -12
        }
        months = try Self.monthRows(current.months, against: comparison.months, offset: offset)
    }

    /// The period `basis` compares `period` with, or `nil` when there is none.
    public static func period(comparedWith period: Period, basis: Basis, in calendar: BudgetCalendar) -> Period? {
        switch (period, basis) {
        case let (.month(month), .previous):
            return calendar.period(before: month).map(Period.month)
        case let (.month(month), .lastYear):
            return calendar.period(year: month.year - 1, month: month.month).map(Period.month)
        case let (.year(year), _):
            return DateRange.year(year - 1) == nil ? nil : .year(year - 1)
        case let (.days(from, to), .previous):
            let count = to.dayNumber - from.dayNumber + 1
            guard count > 0, let start = from.advanced(byDays: -count), let end = from.advanced(byDays: -1) else {
                return nil
            }
            return .days(from: start, to: end)
        case let (.days(from, to), .lastYear):
            guard from <= to, let start = yearEarlier(from), let end = yearEarlier(to) else { return nil }
            return .days(from: start, to: end)
        }
    }

    /// The same day a year earlier; 29 February becomes 28 February.
    static func yearEarlier(_ day: Day) -> Day? {
        Day(
            year: day.year - 1, month: day.month,
            day: min(day.day, Day.daysInMonth(year: day.year - 1, month: day.month)))
    }

    // MARK: Rows

    private static func sources(
        _ rows: [Summary.IncomeRow], against compared: [Summary.IncomeRow]
    ) throws -> [IncomeRow] {
        let now = Dictionary(rows.map { ($0.name, $0.received) }, uniquingKeysWith: +)
        let then = Dictionary(compared.map { ($0.name, $0.received) }, uniquingKeysWith: +)
        return try Set(now.keys).union(then.keys).map { name in
            IncomeRow(name: name, received: try Change(now[name] ?? 0, against: then[name] ?? 0))
        }.sorted {
            ($0.received.amount, $0.received.compared, $1.name) > ($1.received.amount, $1.received.compared, $0.name)
        }
    }

    private static func tagRows(_ rows: [Summary.TagRow], against compared: [Summary.TagRow]) throws -> [TagRow] {
        let now = Dictionary(rows.map { ($0.tag, $0) }, uniquingKeysWith: { first, _ in first })
        let then = Dictionary(compared.map { ($0.tag, $0) }, uniquingKeysWith: { first, _ in first })
        return try Set(now.keys).union(then.keys).map { tag in
            TagRow(tag: tag, count: now[tag]?.count ?? 0, comparedCount: then[tag]?.count ?? 0,
                   spent: try Change(now[tag]?.spent ?? 0, against: then[tag]?.spent ?? 0))
        }.sorted {
            if $0.spent.amount != $1.spent.amount { return $0.spent.amount > $1.spent.amount }
            if $0.spent.compared != $1.spent.compared { return $0.spent.compared > $1.spent.compared }
            return Tags.precedes($0.tag, $1.tag)
        }
    }

    /// Months paired by place: the month at index `i` with the compared month at `i + offset`.
    private static func monthRows(
        _ rows: [Summary.MonthRow], against compared: [Summary.MonthRow], offset: Int
    ) throws -> [MonthRow] {
        let now = Dictionary(rows.map { ($0.period.index, $0) }, uniquingKeysWith: { first, _ in first })
        let then = Dictionary(compared.map { ($0.period.index - offset, $0) }, uniquingKeysWith: { first, _ in first })
        return try Set(now.keys).union(then.keys).sorted().map { index in
            let month = now[index], comparedMonth = then[index]
            return MonthRow(
                month: month, comparedMonth: comparedMonth,
                income: try Change(month?.income ?? 0, against: comparedMonth?.income ?? 0),
                expenses: try Change(month?.expenses ?? 0, against: comparedMonth?.expenses ?? 0),
                balance: try Change(month?.balance ?? 0, against: comparedMonth?.balance ?? 0))
        }
    }
}
