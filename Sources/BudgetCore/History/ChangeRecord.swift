/// One entry of the undo history: what a change did, in the terms needed to reverse it.
public struct ChangeRecord: Equatable, Sendable {
    /// What the change was, for people (`add expense 00000005 (Lunch)`).
    public var summary: String
    /// When it was made, `YYYY-MM-DDTHH:MM:SSZ`.
    public var time: String
    var incomes: TableChange<Income>
    var expenses: TableChange<Expense>
    var transfers: TableChange<Transfer>
    /// Former values of the settings the change touched (`nil`: was not set), by stored key.
    var settings: [(key: String, old: StoredSetting?)]

    /// A change of these parts (transfers: none unless given).
    init(
        summary: String, time: String, incomes: TableChange<Income>, expenses: TableChange<Expense>,
        transfers: TableChange<Transfer> = TableChange(), settings: [(key: String, old: StoredSetting?)]
    ) {
        self.summary = summary
        self.time = time
        self.incomes = incomes
        self.expenses = expenses
        self.transfers = transfers
        self.settings = settings
    }

    /// Equal summaries, times and changes.
    public static func == (lhs: ChangeRecord, rhs: ChangeRecord) -> Bool {
        lhs.summary == rhs.summary && lhs.time == rhs.time && lhs.incomes == rhs.incomes && lhs.expenses == rhs.expenses
            && lhs.transfers == rhs.transfers && lhs.settings.map(\.key) == rhs.settings.map(\.key)
            && lhs.settings.map(\.old) == rhs.settings.map(\.old)
    }

    static func describeSingle<R: BaseModel>(_ change: TableChange<R>, table: RecordTable<R>) -> String? {
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
