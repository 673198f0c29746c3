#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a recurrence cannot be: each case names what is impossible.
public enum RecurrenceError: LocalizedError, Equatable, Sendable {
    /// An interval outside 1…1000.
    case interval(Int)
    /// A count outside 1…100000.
    case count(Int)
    /// An end before the start.
    case endBeforeStart(start: Day, end: Day)
    /// Both an end and a count.
    case endAndCount
    /// A weekday for a unit other than weeks.
    case weekdayNeedsWeeks
    /// A day of the month (or the last day) for a unit other than months.
    case dayOfMonthNeedsMonths(Recurrence.Unit)
    /// A day of the month outside 1…31.
    case dayOfMonth(Int)

    /// The message, lower-case.
    public var errorDescription: String? {
        switch self {
        case .interval(let value): return "the interval must be 1 to 1000, not \(value)"
        case .count(let value): return "the number of occurrences must be 1 to 100000, not \(value)"
        case let .endBeforeStart(start, end): return "the end (\(end.iso)) is before the start (\(start.iso))"
        case .endAndCount: return "a schedule ends on a day or after a number of occurrences, not both"
        case .weekdayNeedsWeeks: return "a weekday is for weekly schedules"
        case .dayOfMonthNeedsMonths(let unit):
            return unit == .year
                ? "a yearly schedule falls on its first day's date (give the month and day as the start)"
                : "a day of the month is for monthly schedules"
        case .dayOfMonth(let day): return "a day of the month is 1 to 31, not \(day)"
        }
    }
}
