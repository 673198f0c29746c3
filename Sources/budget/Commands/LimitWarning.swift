import BudgetCore

/// A category pushed past its monthly limit by an add or edit.
struct LimitWarning {
    let message: String

    /// The warning for an expense's category in the expense's month, if the total is over the limit.
    static func check(_ expense: Expense, in document: BudgetDocument) throws -> LimitWarning? {
        guard let limit = document[settings: BudgetKeys.self][BudgetKeys.limit(expense.category)] else { return nil }
        let total = try document.monthTotal(category: expense.category, month: expense.date)
        guard total > limit.minorUnits else { return nil }
        let money = document.moneyFormat
        let month = String(expense.date.iso.prefix(7))
        return LimitWarning(message: "\(expense.category) is over its monthly limit for \(month): \(money.display(total)) of \(money.display(limit.minorUnits))")
    }
}
