/// Settings of the card accounts (issue #29).
public enum CardKeys: SettingsDomain {
    /// The prefix of the domain's keys.
    public static let name = "card"

    /// When a card's spending counts: `purchase` (the default) or `withdrawal`, the month the
    /// money leaves the bank (`SpendingCalendar`).
    public static let countAt = SettingKey<CardKeys, CardCounting>(
        "count-at", default: .purchase,
        "When card spending counts: purchase (its own day) or withdrawal (the day the bank pays it).")

    /// Every key of the domain.
    public static let keys = [countAt.erased]
}
