extension BudgetDocument {
    /// The categories this document is over its monthly limit in (per budget month, as this
    /// document's `budgetCalendar` has them), where the change from
    /// `before` raised that month's total: an add, or an edit that raised what counts in a
    /// month. A change that adds nothing (an amount of 0, a renamed expense in a month already
    /// over) does not warn, and neither does being exactly at the limit.
    ///
    /// - Returns: one warning per category and month, sorted by category, then month.
    public func limitWarnings(since before: BudgetDocument) -> [LimitWarning] {
        let limits = self[settings: BudgetKeys.self]
        let limited = limits.limitedCategories
        // Arrays that share storage compare in constant time: a change that left the expenses
        // alone costs nothing here.
        guard !limited.isEmpty, before.expenses.records != expenses.records else { return [] }
        let categories = Set(limited)
        let calendar = budgetCalendar
        let old = Self.monthTotals(before.expenses.records, categories: categories, calendar: calendar)
        let new = Self.monthTotals(expenses.records, categories: categories, calendar: calendar)
        var warnings: [LimitWarning] = []
        for (key, total) in new {
            // A month that cannot be added up: the store refuses the change itself, with a
            // message that says why (`checkTotals`), so no warning is needed.
            guard let total, let limit = limits[BudgetKeys.limit(key.category)]?.minorUnits, total > limit else { continue }
            if let previous = old[key], previous.map({ total <= $0 }) ?? true { continue }
            warnings.append(LimitWarning(category: key.category, period: calendar.period(index: key.month), total: total, limit: limit))
        }
        return warnings.sorted { ($0.category, $0.period.index) < ($1.category, $1.period.index) }
    }

    private struct CategoryMonth: Hashable {
        var category: String
        /// The budget month's index (`BudgetCalendar.index(containing:)`).
        var month: Int
    }

    /// The expenses of `categories` added up per category and month; `nil` where the sum overflows.
    private static func monthTotals(_ expenses: [Expense], categories: Set<String>, calendar: BudgetCalendar) -> [CategoryMonth: Int?] {
        var totals: [CategoryMonth: Int?] = [:]
        for expense in expenses where categories.contains(expense.category) {
            let key = CategoryMonth(category: expense.category, month: calendar.index(containing: expense.date))
            switch totals[key] {
            case nil:
                totals[key] = .some(expense.amount)
            case .some(nil):
                continue
            case .some(.some(let total)):
                let (sum, overflow) = total.addingReportingOverflow(expense.amount)
                totals[key] = .some(overflow ? nil : sum)
            }
        }
        return totals
    }
}
