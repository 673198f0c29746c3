extension BudgetDocument {
    /// The limits this document is over, per period (a budget month, as this document's
    /// `budgetCalendar` has them, or a calendar year for a yearly limit), where the change
    /// from `before` raised what the limit counts in that period: an add, or an edit that
    /// raised what counts in a period. Over means spending more than the period has
    /// available: its amount and what rollover carried into it (`LimitLedger`); a yearly
    /// limit counts the whole year. A change that adds nothing (an amount of 0, a renamed
    /// expense in a month already over) does not warn, and neither does being exactly at
    /// what is available. The total limit counts every expense.
    ///
    /// - Returns: one warning per limit and period, the categories' sorted by category, then
    ///   period, then the total limit's.
    public func limitWarnings(since before: BudgetDocument) -> [LimitWarning] {
        let limits = self[settings: BudgetKeys.self].limits
        // Arrays that share storage compare in constant time: a change that left the expenses
        // alone costs nothing here.
        guard !limits.isEmpty, before.expenses.records != expenses.records else { return [] }
        let calendar = budgetCalendar
        let counted = countedExpenses
        let old = LimitLedger.spending(before.countedExpenses, limits: limits, calendar: calendar)
        let new = LimitLedger.spending(counted, limits: limits, calendar: calendar)
        let ledger = LimitLedger(limits: limits, expenses: counted, calendar: calendar, sums: new)
        var warnings: [LimitWarning] = []
        for (key, periods) in new {
            for (period, total) in periods {
                // A period that cannot be added up: the store refuses the change itself, with
                // a message that says why (`checkTotals`), so no warning is needed.
                guard let total else { continue }
                if let previous = old[key]?[period], previous.map({ total <= $0 }) ?? true { continue }
                guard let status = try? ledger.status(key.scope, period: period), status.isOver else { continue }
                warnings.append(LimitWarning(status))
            }
        }
        return warnings.sorted { ($0.scope, $0.period.index) < ($1.scope, $1.period.index) }
    }
}
