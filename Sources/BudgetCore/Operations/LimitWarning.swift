/// A category that a change took past its monthly limit, in one calendar month.
public struct LimitWarning: Equatable, Sendable {
    /// The category.
    public var category: String
    /// The month, `YYYY-MM`.
    public var month: String
    /// What the category's expenses of that month add up to after the change, in minor units.
    public var total: Int
    /// The monthly limit, in minor units.
    public var limit: Int

    /// The warning for people, amounts shown in `money`:
    /// `food is over its monthly limit for 2026-12: ¥41,200 of ¥40,000`.
    public func message(_ money: MoneyFormat) -> String {
        "\(category) is over its monthly limit for \(month): \(money.display(total)) of \(money.display(limit))"
    }
}
