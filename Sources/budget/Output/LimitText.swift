import BudgetCore

/// Limits in words, for confirmations and tables: `monthly`, `food`, `all expenses`,
/// `¥40,000 (rollover surplus since 2026-10)`.
enum LimitText {
    /// `monthly` or `yearly`.
    static func adjective(_ limit: SpendingLimit) -> String {
        limit.per == .month ? "monthly" : "yearly"
    }

    /// What the limit caps: the category, or `all expenses`.
    static func subject(_ scope: LimitScope) -> String {
        scope.category ?? "all expenses"
    }

    /// The amount, with the rollover when there is one: `¥40,000`,
    /// `¥40,000 (rollover surplus since 2026-10)`.
    static func amount(_ limit: SpendingLimit, _ money: MoneyFormat) -> String {
        var text = money.display(limit.amount)
        if limit.rollover != .none, let since = limit.sinceName {
            text += " (rollover \(limit.rollover.rawValue) since \(since))"
        }
        return text
    }

    /// A table's cell for a limit's scope: the category, or `(total)`.
    static func cell(_ scope: LimitScope) -> String {
        scope.category ?? "(total)"
    }

    /// A limit's period as a table shows it: the budget month (with its days when it is not a
    /// calendar month), or the year, with the last day counted when the year is not over
    /// (`2026 (to 2026-11-30)`).
    static func period(_ status: LimitStatus, dateFormat: DateFormat) -> String {
        switch status.period {
        case .month(let month): return dateFormat.describe(month)
        case .year:
            guard let to = status.days.to, to != status.period.range.to else { return status.period.name }
            return "\(status.period.name) (to \(dateFormat.format(to)))"
        }
    }
}
