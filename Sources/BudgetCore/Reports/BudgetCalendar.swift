/// The budget's months (`BudgetPeriod`s), as the `period` settings define them: every report,
/// filter and limit that speaks of a month asks this type which days that month holds.
///
/// With `period.month-start` 1 and `period.weekend` `keep` (the defaults) the periods are the
/// calendar months. With a month start of 25 a period runs from the 25th to the 24th of the
/// next month and is named by the month in which it ends: `2026-11` is 2026-10-25 to
/// 2026-11-24. When the weekend rule is `before` or `after`, a start day that falls on a
/// Saturday or Sunday moves to the Friday before or the Monday after, and the period before
/// it ends the day before that moved start, so periods never overlap and leave no gap. The
/// name comes from the days before the move: a moved start never renames a period.
///
/// Periods are named 0001-01 to 9999-12: the first starts on 0001-01-01 and the last ends on
/// 9999-12-31, whatever the month start, so every day belongs to exactly one.
///
/// ```swift
/// let calendar = document.budgetCalendar
/// let now = calendar.period(containing: Day.today())
/// for period in calendar.periods(from: now, count: 3) { print(period.name, period.range) }
/// ```
public struct BudgetCalendar: Equatable, Sendable {
    /// The days a month may start on: 1 to 28, which every month has.
    public static let monthStarts = MonthStartDay.days

    /// The calendar months: the periods when nothing is set.
    public static let calendarMonths = BudgetCalendar()

    /// The day of the month a period starts on (before the weekend rule), 1 to 28.
    public let monthStart: Int
    /// What happens to a start day on a Saturday or Sunday.
    public let weekend: WeekendRule

    /// A calendar whose periods start on day `monthStart` (clamped to 1...28), moved off
    /// weekends by `weekend`.
    public init(monthStart: Int = 1, weekend: WeekendRule = .keep) {
        self.monthStart = min(max(monthStart, Self.monthStarts.lowerBound), Self.monthStarts.upperBound)
        self.weekend = weekend
    }

    /// Whether the periods are exactly the calendar months.
    public var isCalendarMonths: Bool { monthStart == 1 && weekend == .keep }

    // MARK: Finding periods

    /// The period named `year`-`month`, or `nil` when there is none (a month outside 1...12,
    /// a year outside 1...9999).
    public func period(year: Int, month: Int) -> BudgetPeriod? {
        guard (1...12).contains(month), (1...9999).contains(year) else { return nil }
        return period(index: year * 12 + month - 1)
    }

    /// The period named by `YYYY-MM` (`2026-11`), or `nil` when the text is not such a month.
    public func period(named text: String) -> BudgetPeriod? {
        guard text.utf8.count == 7, let first = Day(iso: text + "-01") else { return nil }
        return period(year: first.year, month: first.month)
    }

    /// The period that holds `day`.
    public func period(containing day: Day) -> BudgetPeriod {
        period(index: index(containing: day))
    }

    /// The period after `period`, or `nil` after 9999-12.
    public func period(after period: BudgetPeriod) -> BudgetPeriod? {
        period.index < Self.lastIndex ? self.period(index: period.index + 1) : nil
    }

    /// The period before `period`, or `nil` before 0001-01.
    public func period(before period: BudgetPeriod) -> BudgetPeriod? {
        period.index > Self.firstIndex ? self.period(index: period.index - 1) : nil
    }

    /// `count` periods in order, `first` first; fewer when they would run past 9999-12.
    public func periods(from first: BudgetPeriod, count: Int) -> [BudgetPeriod] {
        guard count > 0 else { return [] }
        let last = first.index + min(count - 1, Self.lastIndex - first.index)
        return (first.index...last).map(period(index:))
    }

    /// The days of the `count` periods that end with `last` (`count` from 1; fewer when they
    /// would start before 0001-01): `--months 3` in 2026-11 is 2026-09 through 2026-11.
    public func days(ofLast count: Int, through last: BudgetPeriod) -> DateRange {
        let first = period(index: max(Self.firstIndex, last.index - max(count, 1) + 1))
        return DateRange(from: first.start, to: last.end)
    }

    /// Every period that shares a day with `range`, in order; none when an end is open or the
    /// range is empty.
    public func periods(overlapping range: DateRange) -> [BudgetPeriod] {
        guard let from = range.from, let to = range.to, from <= to else { return [] }
        return (index(containing: from)...index(containing: to)).map(period(index:))
    }

    /// How many whole periods `range` is made of, or `nil` when it does not start on a
    /// period's first day and end on a period's last day (or an end is open).
    public func wholePeriodCount(_ range: DateRange) -> Int? {
        guard let from = range.from, let to = range.to, from <= to else { return nil }
        let first = period(containing: from), last = period(containing: to)
        guard first.start == from, last.end == to else { return nil }
        return last.index - first.index + 1
    }

    /// The name (`YYYY-MM`) of the period that holds `day`, without building the period;
    /// cheaper for grouping many records.
    public func name(containing day: Day) -> String {
        if isCalendarMonths { return day.monthText }
        return period(containing: day).name
    }

    // MARK: Periods by index

    /// 0001-01 and 9999-12, as `year * 12 + month - 1`.
    static let firstIndex = 12
    static let lastIndex = 9999 * 12 + 11

    /// The index of the period that holds `day`.
    func index(containing day: Day) -> Int {
        let calendarIndex = day.year * 12 + day.month - 1
        if isCalendarMonths { return calendarIndex }
        // Before the weekend rule, days from the month start on belong to the next month's
        // period; the rule moves a start by two days at most, so one step corrects it.
        var index = min(calendarIndex + (monthStart > 1 && day.day >= monthStart ? 1 : 0), Self.lastIndex)
        if index > Self.firstIndex && day < start(index: index) {
            index -= 1
        } else if index < Self.lastIndex && day >= start(index: index + 1) {
            index += 1
        }
        return index
    }

    /// The period at `index` (within firstIndex...lastIndex).
    func period(index: Int) -> BudgetPeriod {
        let start = start(index: index)
        let end = index >= Self.lastIndex
            ? Self.lastDay : (self.start(index: index + 1).advanced(byDays: -1) ?? Self.lastDay)
        return BudgetPeriod(year: index / 12, month: index % 12 + 1, start: start, end: end)
    }

    /// The first day of the period at `index`: its month start, moved off a weekend.
    private func start(index: Int) -> Day {
        if index <= Self.firstIndex { return Self.firstDay }
        // A period named for month m starts in month m with a month start of 1, else in m - 1.
        let startIndex = monthStart == 1 ? index : index - 1
        guard let nominal = Day(year: startIndex / 12, month: startIndex % 12 + 1, day: monthStart) else {
            return Self.firstDay
        }
        return weekend.moved(nominal)
    }

    private static let firstDay = Day(year: 1, month: 1, day: 1) ?? Day.epoch
    private static let lastDay = Day(year: 9999, month: 12, day: 31) ?? Day.epoch
}

extension BudgetDocument {
    /// The budget's months, from its `period` settings (`period.month-start`, `period.weekend`).
    public var budgetCalendar: BudgetCalendar {
        let settings = self[settings: PeriodKeys.self]
        return BudgetCalendar(monthStart: settings[PeriodKeys.monthStart].day, weekend: settings[PeriodKeys.weekend])
    }
}
