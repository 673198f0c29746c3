/// A category that a change took past its monthly limit, in one budget month.
public struct LimitWarning: Equatable, Sendable {
    /// The category.
    public var category: String
    /// The budget month, with its days.
    public var period: BudgetPeriod
    /// What the category's expenses of that month add up to after the change, in minor units.
    public var total: Int
    /// The monthly limit, in minor units.
    public var limit: Int

    /// The month's name, `YYYY-MM`.
    public var month: String { period.name }

    /// The warning for people, amounts shown in `money`:
    /// `food is over its monthly limit for 2026-12: ¥41,200 of ¥40,000`; a budget month that
    /// is not a calendar month shows its days: `… for 2026-12 (2026-11-25 to 2026-12-24): …`.
    public func message(_ money: MoneyFormat) -> String {
        "\(category) is over its monthly limit for \(period): \(money.display(total)) of \(money.display(limit))"
    }
}
