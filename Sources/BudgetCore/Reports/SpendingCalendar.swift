/// The day each expense counts on in reports that bucket expenses by date (summaries, period
/// tables, limits, limit warnings, the forecast's spending): its own date, or, with
/// `card.count-at withdrawal`, for an expense on a card with a closing and a withdrawal day, the
/// withdrawal day of its statement (`CardCycle`). Listings keep each record's own date.
///
/// Built once per report: the cards' cycles are read from the settings once, so counting a
/// million expenses costs one lookup of the account's name each, and nothing at all under the
/// default (`purchase`) or in a budget without card cycles.
public struct SpendingCalendar: Sendable {
    /// The cycles of the cards whose spending moves to their withdrawal days, by account name;
    /// empty when nothing moves.
    private let cycles: [String: CardCycle]

    /// The calendar of a document's settings and accounts.
    public init(document: BudgetDocument) {
        guard document[settings: CardKeys.self][CardKeys.countAt] == .withdrawal else {
            cycles = [:]
            return
        }
        var cycles: [String: CardCycle] = [:]
        for account in document.accounts {
            if let cycle = CardCycle(account) { cycles[account.name] = cycle }
        }
        self.cycles = cycles
    }

    /// Whether every expense counts on its own date.
    public var countsOnOwnDates: Bool { cycles.isEmpty }

    /// The day `expense` counts on.
    @inline(__always)
    public func countedDay(of expense: Expense) -> Day {
        guard !cycles.isEmpty, let account = expense.account, let cycle = cycles[account] else { return expense.date }
        return cycle.withdrawalDay(ofPurchaseOn: expense.date)
    }

    /// The expenses, each dated the day it counts on, in their order; the same list (its
    /// pages shared, not copied) when every expense counts on its own date.
    public func counted(_ expenses: RecordList<Expense>) -> RecordList<Expense> {
        guard !cycles.isEmpty else { return expenses }
        var moved = expenses
        for index in moved.indices {
            let day = countedDay(of: moved[index])
            if day != moved[index].date { moved[index].date = day }
        }
        return moved
    }
}

extension BudgetDocument {
    /// The day each expense counts on in reports (`SpendingCalendar`).
    public var spendingCalendar: SpendingCalendar { SpendingCalendar(document: self) }

    /// The expenses as reports count them: each dated the day it counts on (`SpendingCalendar`),
    /// in their order; the records themselves under the default `card.count-at purchase`.
    public var countedExpenses: RecordList<Expense> { spendingCalendar.counted(expenses.records) }
}
