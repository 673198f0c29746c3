import BudgetCore

/// A category pushed past its monthly limit by an add or edit.
struct LimitWarning {
    let message: String

    /// The warning for an expense's category in the expense's month, if the change took the
    /// total over the limit: an add, or an edit that raised what counts in that month
    /// (`original` is the expense before the edit). A change that adds nothing (an amount of 0,
    /// a renamed expense in a month already over) does not warn.
    static func check(_ expense: Expense, in document: BudgetDocument, replacing original: Expense? = nil) throws -> LimitWarning? {
        guard let limit = document[settings: BudgetKeys.self][BudgetKeys.limit(expense.category)] else { return nil }
        let countedBefore = original.map { $0.category == expense.category && $0.date.monthText == expense.date.monthText ? $0.amount : 0 } ?? 0
        guard expense.amount > countedBefore else { return nil }
        let total: Int
        do {
            total = try document.monthTotal(category: expense.category, month: expense.date)
        } catch {
            // A month that cannot be added up: the store refuses the change itself, with a
            // message that says why (`BudgetDocument.checkTotals`), so no warning is needed.
            return nil
        }
        guard total > limit.minorUnits else { return nil }
        let money = document.moneyFormat
        return LimitWarning(message: "\(expense.category) is over its monthly limit for \(expense.date.monthText): \(money.display(total)) of \(money.display(limit.minorUnits))")
    }
}
