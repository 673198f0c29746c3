/// Where one limit stands over a period: its amount, what rollover carried into the period,
/// what was available, spent and is left. `LimitLedger` makes these; every figure is exact, in
/// minor units.
public struct LimitStatus: Equatable, Sendable {
    /// A category's limit, or the total limit.
    public var scope: LimitScope
    /// The limit: its amount per period and its options.
    public var limit: SpendingLimit
    /// The period reported: a budget month, a yearly limit's year, or the first of several
    /// budget months (`periodCount`).
    public var period: LimitPeriod
    /// How many of the limit's periods `base` counts: 1, or the budget months of a summary.
    public var periodCount: Int
    /// The days whose expenses count: the periods', or a yearly limit's year to date
    /// (January 1 through the last day reported on).
    public var days: DateRange
    /// The limit's amount for the periods: the amount times `periodCount`.
    public var base: Int
    /// What rollover carried into the (first) period: positive when earlier periods left money
    /// unspent, negative when they overspent (rollover `all`), 0 without rollover.
    public var carriedIn: Int
    /// What the periods had to spend: `base + carriedIn`; below zero when an overspend carried
    /// in was larger than the amount.
    public var available: Int
    /// What the expenses of `days` add up to.
    public var spent: Int
    /// `available - spent`: negative when over.
    public var remaining: Int

    /// Whether more was spent than was available (exactly all of it is not over).
    public var isOver: Bool { remaining < 0 }
    /// The category, for a category's limit.
    public var category: String? { scope.category }

    /// A status from its parts, `available` and `remaining` worked out.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits (never for a
    ///   document within `checkTotals`: see `BudgetDocument.maximumLimit`).
    init(
        scope: LimitScope, limit: SpendingLimit, period: LimitPeriod, periodCount: Int, days: DateRange, base: Int,
        carriedIn: Int, spent: Int
    ) throws {
        self.scope = scope
        self.limit = limit
        self.period = period
        self.periodCount = periodCount
        self.days = days
        self.base = base
        self.carriedIn = carriedIn
        self.spent = spent
        available = try Sum.of([base, carriedIn])
        remaining = try Sum.difference(available, spent)
    }
}
