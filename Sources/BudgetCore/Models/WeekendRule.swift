/// What happens to a day that falls on a Saturday or Sunday: a scheduled record's day, or the
/// payday that starts a budget month.
public enum WeekendRule: String, CaseIterable, Sendable {
    /// It stays where it falls.
    case keep
    /// It moves to the Friday before.
    case before
    /// It moves to the Monday after.
    case after

    /// `day`, moved off the weekend by the rule (unchanged on a weekday, or past year 9999).
    public func moved(_ day: Day) -> Day {
        let weekday = Weekday(of: day)
        guard weekday.isWeekend else { return day }
        switch self {
        case .keep: return day
        case .before: return day.advanced(byDays: weekday == .saturday ? -1 : -2) ?? day
        case .after: return day.advanced(byDays: weekday == .saturday ? 2 : 1) ?? day
        }
    }
}
