/// Which records a command works on, and in what order: built once from the command line and
/// shared by `list`, `summary` and `export`.
public struct RecordQuery: Equatable, Sendable {
    /// How records are ordered.
    public enum SortKey: String, CaseIterable, Sendable {
        case order, date, amount, name
    }

    /// Expenses in any of these categories (empty: all). Incomes have no category, so a
    /// category filter leaves them out.
    public var categories: Set<String> = []
    /// Records that name any of these accounts (empty: all); records without an account are
    /// left out by an account filter.
    public var accounts: Set<String> = []
    /// Records that carry any of these tags (empty: all).
    public var tags: Set<String> = []
    /// Records dated within this range.
    public var period: DateRange = .all
    /// Text that the name or the note must contain, both folded as rules fold them
    /// (`TextFolding`: `セブン` finds `ｾﾌﾞﾝｲﾚﾌﾞﾝ`, `amazon` finds `ＡＭＡＺＯＮ`).
    public var search: String?
    /// Amounts of at least this many minor units.
    public var minimum: Int?
    /// Amounts of at most this many minor units.
    public var maximum: Int?
    /// The order of the result.
    public var sort: SortKey = .order
    /// Reverse the order.
    public var reverse = false
    /// At most this many records (after sorting).
    public var limit: Int?

    /// A query that matches every record, in order.
    public init() {}

    /// Whether a record passes every filter.
    public func matches(_ record: some BaseModel, category: String?) -> Bool {
        matches(record, category: category, search: search.flatMap(TextSearch.init))
    }

    /// Whether a record passes every filter, the search prepared once by the caller.
    func matches(_ record: some BaseModel, category: String?, search: TextSearch?) -> Bool {
        if !categories.isEmpty {
            guard let category, categories.contains(category) else { return false }
        }
        if !tags.isEmpty && !record.tags.contains(where: tags.contains) { return false }
        if !accounts.isEmpty {
            guard record.accounts.contains(where: accounts.contains) else { return false }
        }
        guard period.contains(record.date) else { return false }
        if let minimum, record.amount < minimum { return false }
        if let maximum, record.amount > maximum { return false }
        if let search, !search.isFound(in: record.name), !(record.note.map(search.isFound) ?? false) {
            return false
        }
        return true
    }

    /// Whether no filter is set, so every record matches.
    public var matchesEverything: Bool {
        categories.isEmpty && tags.isEmpty && accounts.isEmpty && period == .all && minimum == nil && maximum == nil
            && search.flatMap(TextSearch.init) == nil
    }

    /// The matching incomes, in the document's order.
    public func incomes(in document: BudgetDocument) -> RecordList<Income> {
        // Without filters the table's own list is shared, not copied (it is large on big files).
        if matchesEverything { return document.incomes.records }
        let search = search.flatMap(TextSearch.init)
        return RecordList(document.incomes.records.filter { matches($0, category: nil, search: search) })
    }

    /// The matching expenses, in the document's order.
    public func expenses(in document: BudgetDocument) -> RecordList<Expense> {
        if matchesEverything { return document.expenses.records }
        let search = search.flatMap(TextSearch.init)
        return RecordList(document.expenses.records.filter { matches($0, category: $0.category, search: search) })
    }

    /// The matching expenses as reports count them (`BudgetDocument.countedExpenses`): each
    /// dated, and its period filtered by, the day it counts on, in the document's order.
    public func countedExpenses(in document: BudgetDocument) -> RecordList<Expense> {
        let counted = document.countedExpenses
        if matchesEverything { return counted }
        let search = search.flatMap(TextSearch.init)
        return RecordList(counted.filter { matches($0, category: $0.category, search: search) })
    }

    /// The matching transfers, in the document's order (a category filter matches none: a
    /// transfer has no category).
    public func transfers(in document: BudgetDocument) -> RecordList<Transfer> {
        if matchesEverything { return document.transfers.records }
        let search = search.flatMap(TextSearch.init)
        return RecordList(document.transfers.records.filter { matches($0, category: nil, search: search) })
    }

    /// Sorts, reverses and limits already filtered items. Ties keep their given order, so
    /// `order` within each kind breaks them.
    @inlinable  // specialised where it is called: sorting 100,000 rows generically is slow
    public func arrange<Item>(
        _ items: [Item], date: (Item) -> Day, amount: (Item) -> Int, name: (Item) -> String
    ) -> [Item] {
        var arranged: [Item]
        switch sort {
        case .order: arranged = items
        case .date: arranged = Self.stableSorted(items, by: date)
        case .amount: arranged = Self.stableSorted(items, by: amount)
        case .name: arranged = Self.stableSorted(items, by: name)
        }
        if reverse { arranged.reverse() }
        if let limit, arranged.count > limit { arranged = Array(arranged.prefix(limit)) }
        return arranged
    }

    /// The items ordered by a key, ties in their given order.
    @inlinable
    static func stableSorted<Item, Key: Comparable>(_ items: [Item], by key: (Item) -> Key) -> [Item] {
        let keys = items.map(key)
        let positions = items.indices.sorted { keys[$0] < keys[$1] || (!(keys[$1] < keys[$0]) && $0 < $1) }
        return positions.map { items[$0] }
    }
}
