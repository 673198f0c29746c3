extension BudgetDocument {
    /// Deletes records, all or nothing, and remembers the statement rows of the imported ones
    /// (their `source`) so that later imports leave those rows out (`DeletedRows`, one setting
    /// per month of the records' dates): deleting an imported record means "not this row".
    /// `undo` of the delete forgets them again; an import with duplicates allowed brings a row
    /// back. Records typed in, made by a schedule or derived (`DerivedSource`) leave nothing
    /// behind.
    ///
    /// - Returns: the deleted records of each kind, in their former order.
    /// - Throws: `BudgetError.recordNotFound` for the first ID that is not present; nothing is
    ///   deleted then.
    @discardableResult
    public mutating func delete(
        incomes incomeIDs: [String], expenses expenseIDs: [String], transfers transferIDs: [String] = []
    ) throws -> (incomes: [Income], expenses: [Expense], transfers: [Transfer]) {
        var draft = self
        let incomes = try draft.incomes.remove(ids: incomeIDs)
        let expenses = try draft.expenses.remove(ids: expenseIDs)
        let transfers = try draft.transfers.remove(ids: transferIDs)
        self = draft
        var byMonth: [String: [String]] = [:]
        for transfer in transfers {
            if let source = transfer.source, !DerivedSource.isDerived(source) {
                byMonth[transfer.date.monthText, default: []].append(source)
            }
        }
        for income in incomes {
            if let source = income.source { byMonth[income.date.monthText, default: []].append(source) }
        }
        for expense in expenses {
            if let source = expense.source { byMonth[expense.date.monthText, default: []].append(source) }
        }
        if !byMonth.isEmpty {
            var settings = self[settings: ImportKeys.self]
            for (month, sources) in byMonth {
                settings[ImportKeys.deleted(month)] =
                    settings[ImportKeys.deleted(month)]?.inserting(sources) ?? DeletedRows(sources)
            }
            self[settings: ImportKeys.self] = settings
        }
        return (incomes, expenses, transfers)
    }
}
