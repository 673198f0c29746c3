import Synchronization

/// Every limit of a budget with what rollover carries from period to period: what `limit list`,
/// `summary`, the limit warnings and the forecast ask about limits.
///
/// A monthly limit counts in budget months (`BudgetDocument.budgetCalendar`: payday months
/// when `period.month-start` is set), a yearly one in calendar years. For a limit with
/// rollover, its `since` period has the amount alone; each later period has the amount plus
/// what the period before it carries: what it left (`surplus`, never below zero), or what it
/// left or overspent (`all`). A period without expenses carries its whole available amount.
///
/// The carry is worked out from the periods that have expenses only (each run of empty periods
/// adds the amount once per period), so a limit carrying since 0001-01 costs no more than one
/// since last month. Every figure is exact; `BudgetDocument.maximumLimit` keeps them within
/// 64 bits.
///
/// ```swift
/// let ledger = LimitLedger(document: document)
/// let now = document.budgetCalendar.period(containing: Day.today())
/// for status in try ledger.statuses(in: now) { print(status.category ?? "all", status.available, status.remaining) }
/// ```
public struct LimitLedger: Sendable {
    /// One limit and what it counts, per period of its kind.
    private struct Entry: Sendable {
        var scope: LimitScope
        var limit: SpendingLimit
        /// The sums per period (a budget month's index, or a year), sorted by period; `nil`
        /// when one does not fit in 64 bits.
        var spending: [(period: Int, amount: Int)]?
    }

    /// The limits, categories by name, then the total limit.
    public let limits: [(scope: LimitScope, limit: SpendingLimit)]
    /// The entries in the order of `limits`.
    private let entries: [Entry]
    /// Each scope's place in `entries`, found the first time a scope is looked up (a forecast
    /// and a summary go by position, and hashing 2,000 Japanese categories cost them more than
    /// their records).
    private let positions: ScopePositions
    private let calendar: BudgetCalendar
    private let expenses: RecordList<Expense>
    /// What the yearly limits spent in their years to date, by the day asked about.
    private let yearsToDate = YearsToDate()
    /// The first budget month and the first year whose expenses the sums hold whole (the
    /// periods a caller asks about, and those rollover carries from); earlier ones are worked
    /// out again from the expenses when asked about.
    private let firstMonth: Int, firstYear: Int

    /// The ledger of a document's limits and expenses; with `countingFrom`, the first day of
    /// the periods the caller will ask about, it adds up less (see `init(limits:…)`), and a
    /// period from there on is answered whatever an earlier one adds up to.
    public init(document: BudgetDocument, countingFrom: Day? = nil) {
        let settings = document[settings: BudgetKeys.self]
        self.init(
            limits: settings.limits, expenses: document.countedExpenses, calendar: document.budgetCalendar,
            countingFrom: countingFrom, plainCategories: settings.limitCategoriesArePlain)
    }

    /// The ledger of `limits` over `expenses`, months from `calendar`; `sums`, when given, is
    /// what `spending` returns for them (so a caller that has it does not add up twice).
    ///
    /// With `countingFrom`, the first day of the periods the caller will ask about, expenses
    /// before it are added up only if rollover carries from their periods: a forecast of the
    /// months ahead does not add up ten years of expenses for 2,000 limits. (Nor does an
    /// earlier month whose sum does not fit in 64 bits make every month's figures an error.)
    ///
    /// `numbered`, categories a caller has numbered (`LabelIndex`: a summary's, of the same
    /// expenses or some of them), is numbered on from rather than anew. `plainCategories` says
    /// that every limit's category is plain (`TextOrder.isPlain`; as a file's settings read
    /// straight give them: `limitCategoriesArePlain`), so that none is checked again.
    init(
        limits: [(scope: LimitScope, limit: SpendingLimit)], expenses: RecordList<Expense>, calendar: BudgetCalendar,
        sums: [LimitScopeKey: [Int: Int?]]? = nil, countingFrom: Day? = nil, numbered: LabelIndex? = nil,
        plainCategories: Bool = false
    ) {
        self.limits = limits
        self.calendar = calendar
        self.expenses = expenses
        var from = sums == nil ? countingFrom : nil
        for (_, limit) in limits where limit.rollover != .none {
            guard let since = limit.since, let start = from else { continue }
            let first = limit.per == .month ? calendar.period(index: since).start : Day(year: since, month: 1, day: 1)
            guard let first else {
                from = nil
                continue
            }
            from = min(start, first)
        }
        if let from {
            let month = calendar.index(containing: from)
            firstMonth = calendar.period(index: month).start >= from ? month : month + 1
            firstYear = from.month == 1 && from.day == 1 ? from.year : from.year + 1
        } else {
            (firstMonth, firstYear) = (Int.min, Int.min)
        }
        let byPosition = sums.map { sums in limits.map { sums[LimitScopeKey($0.scope)] ?? [:] } }
            ?? Self.spendingByPosition(
                expenses, limits: limits, calendar: calendar, from: from, numbered: numbered,
                plainCategories: plainCategories)
        var entries: [Entry] = []
        entries.reserveCapacity(limits.count)
        for (position, (scope, limit)) in limits.enumerated() {
            // (A limit without expenses keeps the empty array as it is: sorting it would copy it.)
            var sorted: [(period: Int, amount: Int)]? = []
            if !byPosition[position].isEmpty {
                for (period, amount) in byPosition[position] {
                    guard let amount else {
                        sorted = nil
                        break
                    }
                    sorted?.append((period, amount))
                }
                sorted?.sort { $0.period < $1.period }
            }
            entries.append(Entry(scope: scope, limit: limit, spending: sorted))
        }
        self.entries = entries
        positions = ScopePositions(limits.map(\.scope))
    }

    /// A scope's limit, when it has one.
    public func limit(for scope: LimitScope) -> SpendingLimit? {
        position(of: scope).map { entries[$0].limit }
    }

    /// The position of a scope's limit in `limits`, when it has one.
    private func position(of scope: LimitScope) -> Int? {
        entries.isEmpty ? nil : positions.position(of: scope)
    }

    // MARK: Statuses

    /// Every limit in the budget month `period`, categories by name, then the total limit
    /// (`status(_:in:)`).
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    public func statuses(in period: BudgetPeriod) throws -> [LimitStatus] {
        try limits.compactMap { try status($0.scope, in: period) }
    }

    /// A limit in the budget month `period`: a monthly limit's month, or a yearly limit's year
    /// to date: the calendar year that holds the month's last day, its expenses from
    /// January 1 through that day (the year's whole amount and what was carried into the year
    /// are available); `nil` when the scope has no limit.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    public func status(_ scope: LimitScope, in period: BudgetPeriod) throws -> LimitStatus? {
        try status(scope, from: period, through: period)
    }

    /// A limit over the budget months `first` through `last` (a summary's period): a monthly
    /// limit's amount times the months, with what was carried into the first of them, against
    /// what they spent; a yearly limit's year to date, as of `last` (`status(_:in:)`).
    ///
    /// Within the months, what one leaves over or overspends is not carried again: the
    /// figures are what the months had together and what they spent together.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    public func status(
        _ scope: LimitScope, from first: BudgetPeriod, through last: BudgetPeriod
    ) throws -> LimitStatus? {
        guard let position = position(of: scope) else { return nil }
        return try status(limitAt: position, as: scope, from: first, through: last)
    }

    /// The limit at `position` in `limits` over the budget months `first` through `last`, its
    /// scope spelt as `scope`: `status(_:from:through:)` without looking the scope up (a summary
    /// asks about its limits, not about each of its categories).
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    func status(
        limitAt position: Int, as scope: LimitScope, from first: BudgetPeriod, through last: BudgetPeriod
    ) throws -> LimitStatus {
        let limit = entries[position].limit
        switch limit.per {
        case .month:
            let start = min(first.index, last.index), end = max(first.index, last.index)
            let count = end - start + 1
            return try LimitStatus(
                scope: scope, limit: limit, period: .month(calendar.period(index: start)), periodCount: count,
                days: DateRange(from: calendar.period(index: start).start, to: calendar.period(index: end).end),
                base: try Self.product(limit.amount, count), carriedIn: try carriedIn(at: position, period: start),
                spent: try spent(at: position, from: start, through: end))
        case .year:
            let year = last.end.year
            let days = DateRange(from: Day(year: year, month: 1, day: 1), to: last.end)
            let spent: Int
            if last.end.month == 12, last.end.day == 31, year >= firstYear, entries[position].spending != nil {
                // Through December 31: the whole year, which the ledger has added up already.
                spent = try self.spent(at: position, from: year, through: year)
            } else {
                spent = try yearsToDate.spent(LimitScopeKey(scope), through: last.end) { end in
                    Self.yearToDate(
                        expenses, through: end, scopes: limits.filter { $0.limit.per == .year }.map(\.scope))
                }
            }
            return try LimitStatus(
                scope: scope, limit: limit, period: .year(year), periodCount: 1, days: days, base: limit.amount,
                carriedIn: try carriedIn(at: position, period: year), spent: spent)
        }
    }

    /// A limit in one whole period of its own kind: the budget month at `index`, or the year
    /// `index` (all of it: what the warnings check); `nil` when the scope has no limit. The
    /// status names the scope as the limit spells it (`limit list`), whichever spelling
    /// Unicode calls equal (composed or decomposed が) `scope` has.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    func status(_ scope: LimitScope, period index: Int) throws -> LimitStatus? {
        guard let position = position(of: scope) else { return nil }
        let entry = entries[position]
        let period: LimitPeriod = entry.limit.per == .month ? .month(calendar.period(index: index)) : .year(index)
        return try LimitStatus(
            scope: entry.scope, limit: entry.limit, period: period, periodCount: 1, days: period.range,
            base: entry.limit.amount, carriedIn: try carriedIn(at: position, period: index),
            spent: try spent(at: position, from: index, through: index))
    }

    /// What the limit of `scope` counts in its period at `index` (a budget month, or a year);
    /// 0 without a limit.
    ///
    /// - Throws: `BudgetError.totalOverflow` when the sum does not fit in 64 bits.
    func spent(_ scope: LimitScope, period index: Int) throws -> Int {
        guard let position = position(of: scope) else { return 0 }
        return try spent(at: position, from: index, through: index)
    }

    /// What the limit at `position` in `limits` counts in its period at `index`: `spent(_:period:)`
    /// without looking its scope up (a forecast asks for every month of every limit).
    ///
    /// - Throws: `BudgetError.totalOverflow` when the sum does not fit in 64 bits.
    func spent(limitAt position: Int, period index: Int) throws -> Int {
        try spent(at: position, from: index, through: index)
    }

    /// What rollover carries into the period at `index` (of its kind) for the limit at
    /// `position` in `limits`.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    func carriedIn(limitAt position: Int, period index: Int) throws -> Int {
        try carriedIn(at: position, period: index)
    }

    // MARK: Carrying

    // Each by the limit's position: an entry copied out of `entries` for every month of 2,000
    // limits cost a forecast more than the months' arithmetic.

    /// What rollover carries into the period at `index` (of the limit's kind) for the limit at
    /// `position`.
    private func carriedIn(at position: Int, period index: Int) throws -> Int {
        let limit = entries[position].limit
        guard limit.rollover != .none, let since = limit.since, index > since else { return 0 }
        guard let spending = try counted(at: position, from: since) else { throw BudgetError.totalOverflow }
        // `carry` is what is carried into the period `next`.
        var carry = 0, next = since
        for (period, amount) in spending[Self.firstIndex(in: spending, atOrAfter: since)...] {
            if period >= index { break }
            // The periods from `next` to this one had no expenses: each carries its amount on.
            carry = try Sum.of([carry, Self.product(limit.amount, period - next)])
            let remaining = try Sum.difference(try Sum.of([carry, limit.amount]), amount)
            carry = limit.rollover == .all ? remaining : max(0, remaining)
            next = period + 1
        }
        return try Sum.of([carry, Self.product(limit.amount, index - next)])
    }

    /// What the expenses of the limit at `position` add up to from period `start` through `end`
    /// (of its kind).
    private func spent(at position: Int, from start: Int, through end: Int) throws -> Int {
        guard let spending = try counted(at: position, from: start) else { throw BudgetError.totalOverflow }
        var total = 0
        for (period, amount) in spending[Self.firstIndex(in: spending, atOrAfter: start)...] {
            if period > end { break }
            total = try Sum.of([total, amount])
        }
        return total
    }

    /// The sums per period of the limit at `position`, whole from the period `start` on (of the
    /// limit's kind): the ledger's, or, for a period before those it added up whole, added up
    /// again for this limit.
    private func counted(at position: Int, from start: Int) throws -> [(period: Int, amount: Int)]? {
        guard start < (entries[position].limit.per == .month ? firstMonth : firstYear) else {
            return entries[position].spending
        }
        let entry = entries[position]
        let whole = LimitLedger(limits: [(entry.scope, entry.limit)], expenses: expenses, calendar: calendar)
        return whole.entries.first?.spending
    }

    /// The position of the first sum at or after `period` (a binary search).
    private static func firstIndex(in spending: [(period: Int, amount: Int)], atOrAfter period: Int) -> Int {
        var low = 0, high = spending.count
        while low < high {
            let middle = (low + high) / 2
            if spending[middle].period < period { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func product(_ amount: Int, _ count: Int) throws -> Int {
        let (value, overflow) = amount.multipliedReportingOverflow(by: count)
        if overflow { throw BudgetError.totalOverflow }
        return value
    }

    // MARK: Spending

    /// What each scope's expenses add up to from January 1 of `end`'s year through `end`, all
    /// in one pass; `nil` where a sum does not fit in 64 bits.
    private static func yearToDate(
        _ expenses: RecordList<Expense>, through end: Day, scopes: [LimitScope]
    ) -> [LimitScopeKey: Int?] {
        guard let january = Day(year: end.year, month: 1, day: 1) else { return [:] }
        let days = DateRange(from: january, to: end)
        var sums: [LimitScopeKey: Int?] = [:]
        for scope in scopes { sums[LimitScopeKey(scope)] = .some(0) }
        let totalKey = LimitScopeKey(.total)
        let total = sums[totalKey] != nil
        // Categories numbered by their bytes (`LabelIndex`), each sum kept by number and joined
        // to its scope once: hashing a Japanese category per expense normalises it each time.
        var numbers = LabelIndex()
        var byNumber: [Int?] = []
        var totalSum: Int? = 0
        func add(_ amount: Int, to sum: inout Int?) {
            guard let before = sum else { return }
            let (next, overflow) = before.addingReportingOverflow(amount)
            sum = overflow ? nil : next
        }
        for index in expenses.indices where days.contains(expenses[index].date) {
            let amount = expenses[index].amount
            let number = numbers.number(of: expenses[index].category)
            if number == byNumber.count { byNumber.append(0) }
            add(amount, to: &byNumber[number])
            if total { add(amount, to: &totalSum) }
        }
        if total { sums[totalKey] = .some(totalSum) }
        // Spellings Unicode calls equal (composed and decomposed が) are one category.
        for (number, category) in numbers.labels.enumerated() {
            let key = LimitScopeKey(.category(category))
            guard case .some(.some(let sum)) = sums[key] else { continue }
            guard let more = byNumber[number] else {
                sums[key] = .some(nil)
                continue
            }
            let (next, overflow) = sum.addingReportingOverflow(more)
            sums[key] = .some(overflow ? nil : next)
        }
        return sums
    }

    /// Whether a limit of `scope` counts an expense.
    static func counts(_ expense: Expense, in scope: LimitScope) -> Bool {
        switch scope {
        case .category(let category): return expense.category == category
        case .total: return true
        }
    }

    /// The expenses each limit counts, added up per period of the limit's kind (a budget
    /// month's index, or a year); `nil` where a sum does not fit in 64 bits. Scopes nothing
    /// counts in may be left out.
    static func spending(
        _ expenses: RecordList<Expense>, limits: [(scope: LimitScope, limit: SpendingLimit)], calendar: BudgetCalendar,
        from: Day? = nil
    ) -> [LimitScopeKey: [Int: Int?]] {
        let byPosition = spendingByPosition(expenses, limits: limits, calendar: calendar, from: from)
        var sums: [LimitScopeKey: [Int: Int?]] = [:]
        for (position, (scope, _)) in limits.enumerated() where !byPosition[position].isEmpty {
            sums[LimitScopeKey(scope)] = byPosition[position]
        }
        return sums
    }

    /// `spending`, each limit's sums at its position in `limits`: no category hashed as a key.
    /// A scope set twice (which a file's settings never hold) counts as its last says, at both
    /// positions. `numbered` is categories numbered already, `plainCategories` whether every
    /// limit's is plain (`init(limits:…)`).
    static func spendingByPosition(
        _ expenses: RecordList<Expense>, limits: [(scope: LimitScope, limit: SpendingLimit)], calendar: BudgetCalendar,
        from: Day? = nil, numbered: LabelIndex? = nil, plainCategories: Bool = false
    ) -> [[Int: Int?]] {
        // Categories numbered by their bytes (`LabelIndex`): hashing a Japanese category for a
        // dictionary normalises it, a million times over. Each number is given a group, a limit's
        // sums, the first time it comes: a limit's category its own (spellings Unicode calls
        // equal, composed and decomposed が, one group); an expense's category the group of the
        // limit spelt with the same bytes, or, when it and the limits' categories are plain
        // (`TextOrder.isPlain`: in NFC, where Unicode calls texts equal only when their bytes
        // are), none; otherwise the group of the limit `==` finds.
        var numbers: LabelIndex
        if let numbered {
            numbers = numbered
        } else {
            numbers = LabelIndex()
            numbers.reserveCapacity(limits.count)
        }
        let undecided = -2, none = -1
        var numberAt = [Int](repeating: none, count: limits.count)
        var total: SpendingLimit.Period?
        var limitsArePlain = true
        for (position, (scope, limit)) in limits.enumerated() {
            switch scope {
            case .category(let category):
                let number = numbers.number(of: category)
                numberAt[position] = number
                if plainCategories { numbers.knownPlain(number) }
                if limitsArePlain && !numbers.isPlain(number) { limitsArePlain = false }
            case .total:
                total = limit.per
            }
        }
        guard !limits.isEmpty else { return [] }
        var groupOf = [Int](repeating: undecided, count: numbers.labels.count)
        var groupPer: [SpendingLimit.Period] = []
        // The limits' groups by their categories, for a spelling their bytes do not find.
        var byCategory: [String: Int] = [:]
        for (position, (_, limit)) in limits.enumerated() where numberAt[position] != none {
            let number = numberAt[position]
            if groupOf[number] == undecided {
                let category = numbers.labels[number]
                if let group = limitsArePlain ? nil : byCategory[category] {
                    groupOf[number] = group
                } else {
                    groupOf[number] = groupPer.count
                    if !limitsArePlain { byCategory[category] = groupPer.count }
                    groupPer.append(limit.per)
                }
            }
            // A group's period is the last its limits set.
            groupPer[groupOf[number]] = limit.per
        }
        var byCategoryIsWhole = !limitsArePlain
        func group(of number: Int) -> Int {
            if limitsArePlain && numbers.isPlain(number) { return none }
            if !byCategoryIsWhole {
                for position in limits.indices where numberAt[position] != none {
                    byCategory[numbers.labels[numberAt[position]]] = groupOf[numberAt[position]]
                }
                byCategoryIsWhole = true
            }
            return byCategory[numbers.labels[number]] ?? none
        }
        func add(_ amount: Int, to sums: inout [Int: Int?], period: Int) {
            switch sums[period] {
            case nil:
                sums[period] = .some(amount)
            case .some(nil):
                return
            case .some(.some(let sum)):
                let (next, overflow) = sum.addingReportingOverflow(amount)
                sums[period] = .some(overflow ? nil : next)
            }
        }
        var groupSums = [[Int: Int?]](repeating: [:], count: groupPer.count)
        var totalSums: [Int: Int?] = [:]
        // Each expense's fields read where they lie (a loop over the records copies every one).
        for index in expenses.indices {
            let date = expenses[index].date
            if let from, date < from { continue }
            var target = none
            if !groupPer.isEmpty {
                let number = numbers.number(of: expenses[index].category)
                if number == groupOf.count { groupOf.append(undecided) }
                if groupOf[number] == undecided { groupOf[number] = group(of: number) }
                target = groupOf[number]
            }
            guard target != none || total != nil else { continue }
            let amount = expenses[index].amount
            // The budget month is worked out only when a monthly limit needs it.
            var month: Int?
            func period(_ per: SpendingLimit.Period) -> Int {
                if per == .year { return date.year }
                if let month { return month }
                let index = calendar.index(containing: date)
                month = index
                return index
            }
            if target != none { add(amount, to: &groupSums[target], period: period(groupPer[target])) }
            if let total { add(amount, to: &totalSums, period: period(total)) }
        }
        return limits.indices.map { position in
            numberAt[position] == none ? totalSums : groupSums[groupOf[numberAt[position]]]
        }
    }
}

/// Each scope's place among a ledger's limits, worked out the first time one is looked up.
private final class ScopePositions: Sendable {
    private let scopes: [LimitScope]
    private let positions = Mutex<[LimitScopeKey: Int]?>(nil)

    init(_ scopes: [LimitScope]) {
        self.scopes = scopes
    }

    /// The position of `scope` (spelt any way Unicode calls equal): a scope set twice (which
    /// a file's settings never hold) is found at its last.
    func position(of scope: LimitScope) -> Int? {
        // The total (what a summary asks about besides the categories) needs no category hashed.
        if scope == .total { return scopes.lastIndex(of: .total) }
        return positions.withLock { positions in
            if positions == nil {
                var made: [LimitScopeKey: Int] = [:]
                made.reserveCapacity(scopes.count)
                for (position, scope) in scopes.enumerated() { made[LimitScopeKey(scope)] = position }
                positions = made
            }
            return positions?[LimitScopeKey(scope)]
        }
    }
}

/// What the yearly limits' scopes spent in a year to date, by its last day: worked out for all
/// of them in one pass the first time a day is asked about. (A summary asks about each category
/// in turn: a pass per limit made 2,000 yearly limits cost 2,000 passes over the expenses.)
private final class YearsToDate: Sendable {
    private let sums = Mutex<[Day: [LimitScopeKey: Int?]]>([:])

    /// What `scope` spent in the year to `end`, from `compute` (every scope at once) when `end`
    /// is new.
    ///
    /// - Throws: `BudgetError.totalOverflow` when the sum does not fit in 64 bits.
    func spent(
        _ scope: LimitScopeKey, through end: Day, compute: (Day) -> [LimitScopeKey: Int?]
    ) throws -> Int {
        let known = sums.withLock { $0[end] }
        let all: [LimitScopeKey: Int?]
        if let known {
            all = known
        } else {
            all = compute(end)
            sums.withLock { $0[end] = all }
        }
        switch all[scope] {
        case .some(.some(let spent)): return spent
        case .some(.none): throw BudgetError.totalOverflow
        case .none: return 0
        }
    }
}
