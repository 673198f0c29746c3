/// A period a limit counts in: a budget month (`BudgetCalendar`) for a monthly limit, a
/// calendar year for a yearly one.
public enum LimitPeriod: Hashable, Sendable, CustomStringConvertible {
    /// A budget month.
    case month(BudgetPeriod)
    /// A calendar year, 1 to 9999.
    case year(Int)

    /// `2026-11` or `2026`.
    public var name: String {
        switch self {
        case .month(let period): return period.name
        case .year(let year): return SpendingLimit.name(of: year, per: .year)
        }
    }

    /// The period's days.
    public var range: DateRange {
        switch self {
        case .month(let period): return period.range
        case .year(let year): return DateRange.year(year) ?? DateRange(from: nil, to: nil)
        }
    }

    /// A month or a year.
    public var per: SpendingLimit.Period {
        if case .year = self { return .year }
        return .month
    }

    /// The name, with the days of a budget month that is not a calendar month:
    /// `2026-11 (2026-10-25 to 2026-11-24)`, `2026`.
    public var description: String {
        switch self {
        case .month(let period): return period.description
        case .year: return name
        }
    }

    /// The position among the periods of its kind: a budget month's index, or the year.
    var index: Int {
        switch self {
        case .month(let period): return period.index
        case .year(let year): return year
        }
    }
}
