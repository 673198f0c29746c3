/// An inclusive range of days; either end may be open.
public struct DateRange: Equatable, Sendable {
    /// The first day, inclusive (`nil`: no start).
    public var from: Day?
    /// The last day, inclusive (`nil`: no end).
    public var to: Day?

    /// The days from `from` to `to`, both inclusive.
    public init(from: Day?, to: Day?) {
        self.from = from
        self.to = to
    }

    /// Every day.
    public static let all = DateRange(from: nil, to: nil)

    /// The calendar month that contains `day`. A budget's months (payday months included) come
    /// from `BudgetDocument.budgetCalendar` instead.
    public static func month(of day: Day) -> DateRange {
        DateRange(from: day.firstOfMonth, to: day.lastOfMonth)
    }

    /// A whole calendar year.
    public static func year(_ year: Int) -> DateRange? {
        guard let first = Day(year: year, month: 1, day: 1), let last = Day(year: year, month: 12, day: 31) else {
            return nil
        }
        return DateRange(from: first, to: last)
    }

    /// Whether a day lies within the range.
    public func contains(_ day: Day) -> Bool {
        (from.map { $0 <= day } ?? true) && (to.map { day <= $0 } ?? true)
    }

    /// `2026-11-01 to 2026-11-30`, `from 2026-11-01`, `until …`, `all dates`.
    public var description: String {
        switch (from, to) {
        case let (from?, to?): return "\(from.iso) to \(to.iso)"
        case let (from?, nil): return "from \(from.iso)"
        case let (nil, to?): return "until \(to.iso)"
        case (nil, nil): return "all dates"
        }
    }
}
