extension BudgetDocument {
    /// Whether the budget holds no records and no settings.
    public var isEmpty: Bool {
        incomes.count == 0 && expenses.count == 0 && transfers.count == 0 && settingsValues.isEmpty
    }

    /// Replaces the records and settings with a restored export's, keeping the undo history (so
    /// the restore is one undoable change) and never lowering an ID counter.
    public mutating func replaceContents(with restored: BudgetDocument) {
        let former = self
        incomes = RecordTable(
            lastID: max(incomes.lastID, restored.incomes.lastID), orderedRecords: restored.incomes.records)
        expenses = RecordTable(
            lastID: max(expenses.lastID, restored.expenses.lastID), orderedRecords: restored.expenses.records)
        transfers = RecordTable(
            lastID: max(transfers.lastID, restored.transfers.lastID), orderedRecords: restored.transfers.records)
        settingsValues = restored.settingsValues
        // A device's replica goes on handing out its own IDs, above any of them restored.
        keepOwnIDs(of: former)
    }
}
