extension BudgetDocument {
    /// Deletes records, all or nothing, and remembers the statement rows of the imported ones
    /// (their `source`) so that later imports leave those rows out (`DeletedRows`, one setting
    /// per month of the records' dates): deleting an imported record means "not this row".
    /// `undo` of the delete forgets them again; an import with duplicates allowed brings a row
    /// back. Records typed in or made by a schedule leave nothing behind.
    ///
    /// - Returns: the deleted records of each kind, in their former order.
    /// - Throws: `BudgetError.recordNotFound` for the first ID that is not present; nothing is
    ///   deleted then.
    @discardableResult
    public mutating func delete(incomes incomeIDs: [String], expenses expenseIDs: [String]) throws -> (incomes: [Income], expenses: [Expense]) {
        let incomes = try self.incomes.remove(ids: incomeIDs)
        let expenses = try self.expenses.remove(ids: expenseIDs)
        var byMonth: [String: [String]] = [:]
        for income in incomes { if let source = income.source { byMonth[income.date.monthText, default: []].append(source) } }
        for expense in expenses { if let source = expense.source { byMonth[expense.date.monthText, default: []].append(source) } }
        if !byMonth.isEmpty {
            var settings = self[settings: ImportKeys.self]
            for (month, sources) in byMonth {
                var rows = settings[ImportKeys.deleted(month)] ?? DeletedRows([])
                rows.insert(sources)
                settings[ImportKeys.deleted(month)] = rows
            }
            self[settings: ImportKeys.self] = settings
        }
        return (incomes, expenses)
    }

    /// How many deleted imported records' rows imports leave out.
    public var deletedRowCount: Int {
        let settings = self[settings: ImportKeys.self]
        return settings.deletedMonths.reduce(0) { $0 + (settings[ImportKeys.deleted($1)]?.sources.count ?? 0) }
    }
}
