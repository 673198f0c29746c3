extension ChangeRecord {
    /// The change from `before` to `after`, or `nil` when records and settings are the same.
    init?(from before: BudgetDocument, to after: BudgetDocument, time: String) {
        incomes = before.incomes.paged == after.incomes.paged
            ? TableChange() : TableChange(from: before.incomes.paged, to: after.incomes.paged)
        expenses = before.expenses.paged == after.expenses.paged
            ? TableChange() : TableChange(from: before.expenses.paged, to: after.expenses.paged)
        transfers = before.transfers.paged == after.transfers.paged
            ? TableChange() : TableChange(from: before.transfers.paged, to: after.transfers.paged)
        // Unchanged settings are compared without hashing each key (2,000 limits' categories).
        let keys = before.settingsValues == after.settingsValues ? [] : TextOrder.sorted(
            Array(Set(before.settingsValues.storedKeys + after.settingsValues.storedKeys)))
        settings = keys.compactMap { key in
            let old = before.settingsValues.value(forKey: key)
            return old == after.settingsValues.value(forKey: key) ? nil : (key, old)
        }
        if incomes.isEmpty && expenses.isEmpty && transfers.isEmpty && settings.isEmpty { return nil }
        self.time = time
        summary = ""
        summary = Self.describe(
            incomes: incomes, expenses: expenses, transfers: transfers, settings: settings, after: after)
    }

    /// A short description: the record when one was touched, else counts per kind.
    private static func describe(
        incomes: TableChange<Income>, expenses: TableChange<Expense>, transfers: TableChange<Transfer>,
        settings: [(key: String, old: StoredSetting?)], after: BudgetDocument
    ) -> String {
        // The rows of deleted imported records change with the delete that names itself.
        let settings = settings.filter { !SettingsCatalog.isDeletedRows($0.key) }
        var parts: [String] = settings.map { change in
            after.settingsValues.value(forKey: change.key) == nil ? "unset \(change.key)" : "set \(change.key)"
        }
        if settings.isEmpty {
            let only = (incomes.isEmpty ? 0 : 1) + (expenses.isEmpty ? 0 : 1) + (transfers.isEmpty ? 0 : 1) == 1
            if only, let single = describeSingle(expenses, table: after.expenses) { return single }
            if only, let single = describeSingle(incomes, table: after.incomes) { return single }
            if only, let single = describeSingle(transfers, table: after.transfers) { return single }
        }
        func count<R: BaseModel>(_ change: TableChange<R>) {
            let kind = R.kind
            for (verb, number) in [("add", change.added.count), ("delete", change.removed.count),
                                   ("edit", change.edited.count), ("move", change.moved.count)] where number > 0 {
                parts.append("\(verb) \(kind.counted(number))")
            }
        }
        count(incomes)
        count(expenses)
        count(transfers)
        return parts.joined(separator: ", ")
    }
}
