/// When the budget's month starts: on payday rather than on the 1st (`BudgetCalendar`).
public enum PeriodKeys: SettingsDomain {
    /// The prefix of the domain's keys.
    public static let name = "period"

    /// The day of the month a budget month starts on.
    public static let monthStart = SettingKey<PeriodKeys, MonthStartDay>(
        "month-start", default: MonthStartDay.first,
        "The day of the month a budget month starts on (payday), 1 to 28; a month is named by the month it ends in.")
    /// What happens to a month start on a Saturday or Sunday.
    public static let weekend = SettingKey<PeriodKeys, WeekendRule>(
        "weekend", default: .keep,
        "A month start on a weekend: keep it, or move it to the Friday before or the Monday after.")

    /// Every key of the domain.
    public static let keys = [monthStart.erased, weekend.erased]
}
