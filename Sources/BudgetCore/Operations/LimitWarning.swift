/// A limit that a change took past what it had available, in one period: a category's limit
/// or the total limit, in a budget month or (a yearly limit) a calendar year.
public struct LimitWarning: Equatable, Sendable {
    /// A category's limit, or the total limit.
    public var scope: LimitScope
    /// The budget month, with its days, or the year.
    public var period: LimitPeriod
    /// What the expenses of the period add up to after the change, in minor units.
    public var total: Int
    /// The limit's amount for the period, in minor units.
    public var limit: Int
    /// What rollover carried into the period (0 without rollover; negative after an overspend).
    public var carriedIn: Int
    /// What the period had: `limit + carriedIn`.
    public var available: Int

    /// The category, for a category's limit.
    public var category: String? { scope.category }
    /// The period's name: `YYYY-MM`, or `YYYY` for a yearly limit.
    public var month: String { period.name }

    /// A warning from its parts.
    public init(scope: LimitScope, period: LimitPeriod, total: Int, limit: Int, carriedIn: Int, available: Int) {
        self.scope = scope
        self.period = period
        self.total = total
        self.limit = limit
        self.carriedIn = carriedIn
        self.available = available
    }

    /// A warning from a limit's status in the period.
    init(_ status: LimitStatus) {
        scope = status.scope
        period = status.period
        total = status.spent
        limit = status.base
        carriedIn = status.carriedIn
        available = status.available
    }

    /// The warning for people, amounts shown in `money`:
    /// `food is over its monthly limit for 2026-12: ¥41,200 of ¥40,000`; a budget month that
    /// is not a calendar month shows its days: `… for 2026-12 (2026-11-25 to 2026-12-24): …`;
    /// with something carried in: `… ¥41,200 of ¥35,000 available (¥40,000 limit, -¥5,000 carried in)`;
    /// the total limit: `all expenses are over their yearly limit for 2026: …`.
    public func message(_ money: MoneyFormat) -> String {
        let per = period.per == .month ? "monthly" : "yearly"
        let subject = category.map { "\($0) is over its \(per) limit" } ?? "all expenses are over their \(per) limit"
        var text = "\(subject) for \(period): \(money.display(total)) of \(money.display(available))"
        if carriedIn != 0 {
            text += " available (\(money.display(limit)) limit, \(money.display(carriedIn)) carried in)"
        }
        return text
    }
}
