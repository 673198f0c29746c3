/// One entry of the undo history: what a change did, in the terms needed to reverse it.
public struct ChangeRecord: Equatable, Sendable {
    /// What the change was, for people (`add expense 00000005 (Lunch)`).
    public var summary: String
    /// When it was made, `YYYY-MM-DDTHH:MM:SSZ`.
    public var time: String
    var incomes: TableChange<Income>
    var expenses: TableChange<Expense>
    /// Former values of the settings the change touched (`nil`: was not set), by stored key.
    var settings: [(key: String, old: StoredSetting?)]

    /// The change from `before` to `after`, or `nil` when records and settings are the same.
    init?(from before: BudgetDocument, to after: BudgetDocument, time: String) {
        incomes = before.incomes.records == after.incomes.records
            ? TableChange() : TableChange(from: before.incomes.records, to: after.incomes.records)
        expenses = before.expenses.records == after.expenses.records
            ? TableChange() : TableChange(from: before.expenses.records, to: after.expenses.records)
        let keys = Set(before.settingsValues.storedKeys + after.settingsValues.storedKeys).sorted()
        settings = keys.compactMap { key in
            let old = before.settingsValues.value(forKey: key)
            return old == after.settingsValues.value(forKey: key) ? nil : (key, old)
        }
        if incomes.isEmpty && expenses.isEmpty && settings.isEmpty { return nil }
        self.time = time
        summary = ""
        summary = Self.describe(incomes: incomes, expenses: expenses, settings: settings, after: after)
    }

    init(summary: String, time: String, incomes: TableChange<Income>, expenses: TableChange<Expense>,
         settings: [(key: String, old: StoredSetting?)]) {
        self.summary = summary
        self.time = time
        self.incomes = incomes
        self.expenses = expenses
        self.settings = settings
    }

    /// Equal summaries, times and changes.
    public static func == (lhs: ChangeRecord, rhs: ChangeRecord) -> Bool {
        lhs.summary == rhs.summary && lhs.time == rhs.time && lhs.incomes == rhs.incomes && lhs.expenses == rhs.expenses
            && lhs.settings.map(\.key) == rhs.settings.map(\.key) && lhs.settings.map(\.old) == rhs.settings.map(\.old)
    }

    /// A short description: the record when one was touched, else counts per kind.
    private static func describe(
        incomes: TableChange<Income>, expenses: TableChange<Expense>, settings: [(key: String, old: StoredSetting?)],
        after: BudgetDocument
    ) -> String {
        // The rows of deleted imported records change with the delete that names itself.
        let settings = settings.filter { !SettingsCatalog.isDeletedRows($0.key) }
        var parts: [String] = settings.map { change in
            after.settingsValues.value(forKey: change.key) == nil ? "unset \(change.key)" : "set \(change.key)"
        }
        if settings.isEmpty {
            if incomes.isEmpty, let single = describeSingle(expenses, table: after.expenses) { return single }
            if expenses.isEmpty, let single = describeSingle(incomes, table: after.incomes) { return single }
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
        return parts.joined(separator: ", ")
    }

    private static func describeSingle<R: BaseModel>(_ change: TableChange<R>, table: RecordTable<R>) -> String? {
        let kind = R.kind.singular
        switch (change.added.count, change.removed.count, change.edited.count, change.moved.count) {
        case (1, 0, 0, _):
            let id = change.added[0]
            return "add \(kind) \(id) (\(table.record(id: id)?.name ?? "?"))"
        case (0, 1, 0, _):
            return "delete \(kind) \(change.removed[0].id) (\(change.removed[0].name))"
        case (0, let count, 0, _) where count > 1:
            return "delete \(count) \(R.kind.plural)"
        case (0, 0, 1, 0):
            return "edit \(kind) \(change.edited[0].id) (\(change.edited[0].name))"
        case (0, 0, 0, let count) where count >= 1:
            let id = change.moved[0].id
            return count == 1 ? "move \(kind) \(id) (\(table.record(id: id)?.name ?? "?"))" : "reorder \(R.kind.plural)"
        default:
            return nil
        }
    }
}
