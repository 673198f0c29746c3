/// One budget month: the days from one payday to the day before the next (a calendar month
/// when the budget's month starts on the 1st). `BudgetCalendar` makes them.
///
/// A period is named by the month in which it ends: with months starting on the 25th,
/// `2026-11` runs from 2026-10-25 to 2026-11-24. The weekend rule moves its ends by a day or
/// two without renaming it.
public struct BudgetPeriod: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year of the period's name.
    public let year: Int
    /// The month of the period's name, 1 to 12.
    public let month: Int
    /// The first day, inclusive.
    public let start: Day
    /// The last day, inclusive.
    public let end: Day

    /// A period named `year`-`month` with its days (`BudgetCalendar` makes the real ones).
    init(year: Int, month: Int, start: Day, end: Day) {
        self.year = year
        self.month = month
        self.start = start
        self.end = end
    }

    /// The name, `YYYY-MM`.
    public var name: String {
        // Day 1 of every named month exists (years 1...9999), so the fallback is never taken.
        Day(year: year, month: month, day: 1)?.monthText ?? "\(year)-\(month)"
    }

    /// The days, both ends closed.
    public var range: DateRange { DateRange(from: start, to: end) }

    /// Whether the period is exactly the calendar month it is named after.
    public var isCalendarMonth: Bool {
        start.year == year && start.month == month && start.day == 1 && end == start.lastOfMonth
    }

    /// Whether a day lies within the period.
    public func contains(_ day: Day) -> Bool { start <= day && day <= end }

    /// The name, with the days when the period is not a calendar month:
    /// `2026-11`, `2026-11 (2026-10-25 to 2026-11-24)`.
    public var description: String {
        isCalendarMonth ? name : "\(name) (\(start.iso) to \(end.iso))"
    }

    /// The months from 0001-01 on: the period's position among all periods.
    var index: Int { year * 12 + month - 1 }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: BudgetPeriod, rhs: BudgetPeriod) -> Bool { lhs.index < rhs.index }
}
