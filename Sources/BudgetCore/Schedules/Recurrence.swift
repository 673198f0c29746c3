/// When a schedule's occurrences fall: every `interval` days, weeks, months or years from a
/// first day, on a day of the month (clamped to short months: the 31st is a 30-day month's
/// last day), the last day or a weekday, until a day or for a number of times, with
/// occurrences on a weekend kept or moved to the Friday before or the Monday after.
///
/// An occurrence is identified by its due day (`Occurrence.due`); the day it is recorded on
/// (`Occurrence.day`) is the due day moved by the weekend rule, so changing that rule never
/// makes an occurrence due twice.
public struct Recurrence: Hashable, Sendable {
    /// The unit of the interval.
    public enum Unit: String, CaseIterable, Sendable {
        case day, week, month, year
    }

    /// Which day of the period an occurrence falls on.
    public enum Anchor: Hashable, Sendable {
        /// This day of the month (1…31), the last day of shorter months.
        case dayOfMonth(Int)
        /// The last day of the month.
        case lastDayOfMonth
        /// This day of the week.
        case weekday(Weekday)
    }

    /// One occurrence: the day it is due by the schedule, and the day it is recorded on.
    public struct Occurrence: Hashable, Sendable {
        /// The day the schedule gives: what identifies the occurrence.
        public var due: Day
        /// `due` moved by the weekend rule.
        public var day: Day
    }

    /// How many units between occurrences (1 or more).
    public var interval: Int
    /// Days, weeks, months or years.
    public var unit: Unit
    /// The day within the period; `nil`: the first day's (its weekday, its day of the month).
    public var anchor: Anchor?
    /// The first day an occurrence may fall on.
    public var start: Day
    /// The last day an occurrence may be due, if any.
    public var end: Day?
    /// How many occurrences there are, if limited.
    public var count: Int?
    /// What happens to occurrences on a weekend.
    public var weekend: WeekendRule

    /// The day occurrences fall on, also when `anchor` leaves it to the first day: its day of
    /// the month for monthly schedules, its weekday for weekly ones (`nil` for daily and
    /// yearly schedules, which fall on the first day's date).
    public var effectiveAnchor: Anchor? {
        if let anchor { return anchor }
        switch unit {
        case .month: return .dayOfMonth(start.day)
        case .week: return .weekday(Weekday(of: start))
        case .day, .year: return nil
        }
    }

    /// A recurrence, checked.
    ///
    /// - Throws: `RecurrenceError` naming what is impossible (an interval of 0, a count of 0,
    ///   an end before the start, a weekday for months or years, a day of the month for days,
    ///   weeks or years).
    public init(
        every interval: Int = 1, _ unit: Unit, on anchor: Anchor? = nil, from start: Day,
        until end: Day? = nil, count: Int? = nil, weekend: WeekendRule = .keep
    ) throws(RecurrenceError) {
        guard (1...1_000).contains(interval) else { throw .interval(interval) }
        if let count, !(1...100_000).contains(count) { throw .count(count) }
        if let end, end < start { throw .endBeforeStart(start: start, end: end) }
        if end != nil && count != nil { throw .endAndCount }
        switch (unit, anchor) {
        case (_, nil), (.week, .weekday?), (.month, .dayOfMonth?), (.month, .lastDayOfMonth?): break
        case (.month, .weekday?), (.year, .weekday?), (.day, .weekday?): throw .weekdayNeedsWeeks
        case (_, .dayOfMonth?), (_, .lastDayOfMonth?): throw .dayOfMonthNeedsMonths(unit)
        }
        if case .dayOfMonth(let day)? = anchor, !(1...31).contains(day) { throw .dayOfMonth(day) }
        self.interval = interval
        self.unit = unit
        self.anchor = anchor
        self.start = start
        self.end = end
        self.count = count
        self.weekend = weekend
    }

    /// The occurrences due after `first` (from the start when `nil`) and on or before `last`,
    /// in order: at most `limit` of them (the rest are due later). An occurrence past year
    /// 9999 ends the schedule.
    public func occurrences(after first: Day? = nil, through last: Day, limit: Int = 100_000) -> [Occurrence] {
        var result: [Occurrence] = []
        var index = firstIndex(after: first)
        while result.count < limit, let occurrence = occurrence(index), !(last < occurrence.due) {
            result.append(occurrence)
            index += 1
        }
        return result
    }

    /// The first occurrence due after `day` (the first of all when `nil`), if any.
    public func next(after day: Day?) -> Occurrence? {
        occurrence(firstIndex(after: day))
    }

    /// The `index`-th occurrence, or `nil` when the end, the count or the calendar is past.
    private func occurrence(_ index: Int) -> Occurrence? {
        guard let due = due(index) else { return nil }
        if let end, end < due { return nil }
        if let count, index >= count { return nil }
        return Occurrence(due: due, day: weekend.moved(due))
    }

    /// Whether the occurrences after `day` stop because the next would be past the calendar's
    /// last day (9999-12-31), not because of the end or the count.
    public func endsWithCalendar(after day: Day?) -> Bool {
        let index = firstIndex(after: day)
        if let count, index >= count { return false }
        return due(index) == nil
    }

    /// The index of the first occurrence due after `day` (0 when `nil`): estimated from the
    /// distance, then walked, so that a schedule years old costs a few steps.
    func firstIndex(after day: Day?) -> Int {
        guard let day else { return 0 }
        let estimate: Int
        switch unit {
        case .day: estimate = (day.dayNumber - start.dayNumber) / interval
        case .week: estimate = (day.dayNumber - start.dayNumber) / (7 * interval)
        case .month: estimate = ((day.year - start.year) * 12 + day.month - start.month) / interval
        case .year: estimate = (day.year - start.year) / interval
        }
        var index = max(0, estimate - 2)
        while let due = due(index), !(day < due) { index += 1 }
        return index
    }

    /// The `index`-th due day (from 0), or `nil` past the calendar's end.
    func due(_ index: Int) -> Day? {
        let (steps, overflow) = index.multipliedReportingOverflow(by: interval)
        guard !overflow else { return nil }
        switch unit {
        case .day:
            return start.advanced(byDays: steps)
        case .week:
            guard let first = firstWeekly() else { return nil }
            let (days, overflow) = steps.multipliedReportingOverflow(by: 7)
            return overflow ? nil : first.advanced(byDays: days)
        case .month:
            // The first month whose day is on or after the start, then every `interval` months.
            let firstMonthIndex = start.year * 12 + start.month - 1
            let skip = monthDay(year: start.year, month: start.month) < start.day ? interval : 0
            let (monthIndex, overflow) = firstMonthIndex.addingReportingOverflow(skip + steps)
            guard !overflow else { return nil }
            let year = monthIndex / 12, month = monthIndex % 12 + 1
            guard (1...9999).contains(year) else { return nil }
            return Day(year: year, month: month, day: monthDay(year: year, month: month))
        case .year:
            let (year, overflow) = start.year.addingReportingOverflow(steps)
            guard !overflow, (1...9999).contains(year) else { return nil }
            return Day(
                year: year, month: start.month, day: min(start.day, Day.daysInMonth(year: year, month: start.month)))
        }
    }

    /// The day of the month an occurrence falls on in a month.
    private func monthDay(year: Int, month: Int) -> Int {
        let last = Day.daysInMonth(year: year, month: month)
        switch anchor {
        case .dayOfMonth(let day)?: return min(day, last)
        case .lastDayOfMonth?: return last
        default: return min(start.day, last)
        }
    }

    /// The first weekly occurrence: the anchor's weekday on or after the start.
    private func firstWeekly() -> Day? {
        guard case .weekday(let weekday)? = anchor else { return start }
        let offset = (weekday.rawValue - Weekday(of: start).rawValue + 7) % 7
        return start.advanced(byDays: offset)
    }
}
