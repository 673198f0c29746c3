/// "Where did the money go, and how much is left?" for a period: totals, and rows by expense
/// category, by month or by income source. All sums are exact. Months are the budget's
/// (`BudgetDocument.budgetCalendar`): calendar months unless `period.month-start` says otherwise.
public struct Summary: Sendable {
    /// How the rows are grouped.
    public enum Grouping: String, CaseIterable, Sendable {
        case category, month, income, tag
    }

    /// One row of a category breakdown.
    public struct CategoryRow: Equatable, Sendable {
        /// The category.
        public var category: String
        /// What its expenses of the period add up to.
        public var spent: Int
        /// The limit's amount for the period, when a limit is set and the period is made of
        /// whole budget months: a monthly limit times the months, a yearly limit's amount.
        public var limit: Int?
        /// Where the category's limit stands (`LimitLedger.status(_:from:through:)`): what
        /// rollover carried in, what was available, what counts against it (a yearly
        /// limit's year to date) and what is left; set with `limit`. It counts every expense
        /// of the category, whatever other filters the query has.
        public var limitStatus: LimitStatus? = nil
        /// What is left of what the limit had available (negative when over), when one is set.
        public var remaining: Int? { limitStatus?.remaining ?? limit.map { $0 - spent } }
        /// Whether the category spent more than its limit had available.
        public var isOver: Bool { limitStatus?.isOver ?? limit.map { spent > $0 } ?? false }
    }

    /// One row of a monthly breakdown: one budget month.
    public struct MonthRow: Equatable, Sendable {
        /// The budget month, with its days.
        public var period: BudgetPeriod
        /// The days of the month the summary covers: all of them, or fewer when the summary's
        /// period cuts the month (`--year 2027` and a month from 2026-12-25).
        public var days: DateRange
        /// Whether the summary covers only some of the month's days.
        public var isPartial: Bool { days != period.range }
        /// The month's name, `YYYY-MM`.
        public var month: String { period.name }
        /// Income received.
        public var income: Int
        /// Money spent.
        public var expenses: Int
        /// `income - expenses`.
        public var balance: Int
    }

    /// One row of a tag breakdown: the expenses that carry a tag. An expense with several tags
    /// counts under each, so these rows can add up to more than the expenses.
    public struct TagRow: Equatable, Sendable {
        /// The tag.
        public var tag: String
        /// What the expenses that carry it add up to.
        public var spent: Int
        /// How many expenses carry the tag.
        public var count: Int
    }

    /// One row of an income breakdown (incomes grouped by name).
    public struct IncomeRow: Equatable, Sendable {
        /// The income's name.
        public var name: String
        /// What incomes of that name add up to.
        public var received: Int
    }

    /// The period, open ends closed at the first and last record.
    public let period: DateRange
    /// The budget month that `period` is exactly, if it is one (titles name it).
    public let budgetPeriod: BudgetPeriod?
    /// The total income of the period.
    public let income: Int
    /// The total expenses of the period.
    public let expenses: Int
    /// `income - expenses`.
    public let balance: Int
    /// Expenses by category, largest first.
    public let categories: [CategoryRow]
    /// Income and expenses by month, in order (empty unless asked for).
    public let months: [MonthRow]
    /// Incomes by name, largest first (empty unless asked for).
    public let incomeSources: [IncomeRow]
    /// Expenses per tag, largest first (empty unless asked for).
    public let tags: [TagRow]
    /// Where the total limit on all expenses stands over the period, when one is set and the
    /// period is made of whole budget months (it counts every expense, whatever the filters).
    public let totalLimit: LimitStatus?

    /// The share of the income that was not spent: the balance as a percentage of the income
    /// (negative when more was spent than came in), from the exact amounts and rounded once;
    /// `nil` without income.
    public var savingsRate: Percent? { income > 0 ? Percent(balance, of: income) : nil }

    /// Builds the summary of the records `query` selects (its period included), with the
    /// breakdowns asked for (all three by default; the others are left empty).
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    public init(
        document: BudgetDocument, query: RecordQuery, groupings: Set<Grouping> = Set(Grouping.allCases)
    ) throws {
        try self.init(document: document, query: query, groupings: groupings, limitPeriod: nil, alsoCategories: [])
    }

    /// A summary whose limits are those of `limitPeriod` (a whole budget month) rather than of
    /// the days it counts (that month up to today) when given, and with a row (spent 0 when
    /// nothing was) for each of `alsoCategories` (those another period spent in).
    init(
        document: BudgetDocument, query: RecordQuery, groupings: Set<Grouping>, limitPeriod: DateRange?,
        alsoCategories: Set<String>
    ) throws {
        let incomes = query.categories.isEmpty ? query.incomes(in: document) : []
        let expenses = query.countedExpenses(in: document)
        let calendar = document.budgetCalendar
        period = Self.effectivePeriod(query.period, incomes: incomes, expenses: expenses)
        budgetPeriod = Self.budgetPeriod(exactly: period, in: calendar)

        // One pass over each kind, reading each record's fields where they are (a loop over
        // the records would copy every one), labels numbered by their bytes (`LabelIndex`).
        var byMonth = MonthTotals(calendar: calendar, period: groupings.contains(.month) ? period : nil)
        var income = 0, sources = LabelIndex(), received: [Int] = []
        let bySource = groupings.contains(.income)
        for index in incomes.indices {
            let amount = incomes[index].amount
            income = try Sum.adding(income, amount)
            try byMonth.add(income: amount, on: incomes[index].date)
            if bySource { try Self.add(amount, as: sources.number(of: incomes[index].name), to: &received) }
        }
        var spending = 0, categoryIndex = LabelIndex(), spentByNumber: [Int] = []
        for index in expenses.indices {
            let amount = expenses[index].amount
            spending = try Sum.adding(spending, amount)
            try byMonth.add(expense: amount, on: expenses[index].date)
            try Self.add(amount, as: categoryIndex.number(of: expenses[index].category), to: &spentByNumber)
        }
        self.income = income
        self.expenses = spending
        balance = try Sum.difference(income, spending)

        // A row per category (labels Unicode calls equal, composed and decomposed が, are one),
        // then each limit's status on its category's row: looked up once per limit, not once
        // per category (a summary of 10,000 categories with 2,000 limits).
        var rows: [CategoryRow] = []
        // By `TextKey`: hashed from its bytes, a Japanese category is not normalised twice a row.
        var rowOf: [TextKey: Int] = [:]
        rows.reserveCapacity(categoryIndex.labels.count + alsoCategories.count)
        rowOf.reserveCapacity(categoryIndex.labels.count + alsoCategories.count)
        for category in alsoCategories {
            rowOf[TextKey(text: category)] = rows.count
            rows.append(CategoryRow(category: category, spent: 0))
        }
        for (number, category) in categoryIndex.labels.enumerated() {
            let key = TextKey(text: category, plain: categoryIndex.isPlain(number))
            if let row = rowOf[key] {
                rows[row].spent = try Sum.adding(rows[row].spent, spentByNumber[number])
            } else {
                rowOf[key] = rows.count
                rows.append(CategoryRow(category: category, spent: spentByNumber[number]))
            }
        }
        // Limits compare only over whole budget months, with what rollover carried into the
        // first (a comparison to date keeps its whole month's limits: `limitPeriod`).
        let limitRange = limitPeriod ?? period
        let limitSettings = document[settings: BudgetKeys.self]
        let plainLimits = limitSettings.limitCategoriesArePlain
        var whole: (ledger: LimitLedger, first: BudgetPeriod, last: BudgetPeriod)?
        if calendar.wholePeriodCount(limitRange) != nil, let from = limitRange.from, let to = limitRange.to {
            let first = calendar.period(containing: from)
            // The categories as numbered here, so that the ledger finds them rather than
            // numbering them again.
            let ledger = LimitLedger(
                limits: limitSettings.limits, expenses: document.countedExpenses, calendar: calendar,
                countingFrom: first.start, numbered: categoryIndex, plainCategories: plainLimits)
            whole = (ledger, first, calendar.period(containing: to))
        }
        if let whole {
            // A limited category the period spent nothing in still has a row (0 spent, its limit
            // left), unless a filter other than the categories (which must name it) is set.
            let zeroRows = query.tags.isEmpty && query.search == nil && query.minimum == nil && query.maximum == nil
            // A category limited twice (spelt two ways) has its last limit, as `status` finds it.
            for (position, (scope, _)) in whole.ledger.limits.enumerated() {
                guard case .category(let category) = scope else { continue }
                let key = plainLimits ? TextKey(text: category, plain: true) : TextKey(text: category)
                var row = rowOf[key]
                if row == nil, zeroRows, query.categories.isEmpty || query.categories.contains(category) {
                    row = rows.count
                    rowOf[key] = rows.count
                    rows.append(CategoryRow(category: category, spent: 0))
                }
                guard let row else { continue }
                let status = try whole.ledger.status(
                    limitAt: position, as: .category(rows[row].category), from: whole.first, through: whole.last)
                rows[row].limit = status.base
                rows[row].limitStatus = status
            }
        }
        categories = TextOrder.sorted(rows, largestFirst: \.spent, then: \.category)
        totalLimit = try whole.flatMap { whole in
            try whole.ledger.status(.total, from: whole.first, through: whole.last)
        }

        tags = groupings.contains(.tag) ? try Self.tagRows(expenses) : []
        // The days asked for (not those the records span, for an open end): a month the
        // request cuts shows only the days it covers.
        let covered = query.period
        months = try byMonth.rows.map { month, totals in
            let from = covered.from.map { max($0, month.start) } ?? month.start
            let to = covered.to.map { min($0, month.end) } ?? month.end
            return MonthRow(
                period: month, days: DateRange(from: from, to: to), income: totals.income, expenses: totals.expenses,
                balance: try Sum.difference(totals.income, totals.expenses))
        }
        var bySourceName: [String: Int] = [:]
        for (number, name) in sources.labels.enumerated() {
            bySourceName[name] = try Sum.adding(bySourceName[name] ?? 0, received[number])
        }
        incomeSources = TextOrder.sorted(
            bySourceName.map { IncomeRow(name: $0.key, received: $0.value) }, largestFirst: \.received, then: \.name)
    }

    /// Adds `amount` to the total numbered `number` (a new number's total starts at 0).
    private static func add(_ amount: Int, as number: Int, to totals: inout [Int]) throws {
        if number == totals.count { totals.append(0) }
        totals[number] = try Sum.adding(totals[number], amount)
    }

    private static func tagRows(_ expenses: RecordList<Expense>) throws -> [TagRow] {
        var rows: [String: TagRow] = [:]
        for index in expenses.indices where !expenses[index].tags.isEmpty {
            for tag in expenses[index].tags {
                var row = rows[tag] ?? TagRow(tag: tag, spent: 0, count: 0)
                row.spent = try Sum.adding(row.spent, expenses[index].amount)
                row.count += 1
                rows[tag] = row
            }
        }
        return rows.values.sorted { $0.spent != $1.spent ? $0.spent > $1.spent : Tags.precedes($0.tag, $1.tag) }
    }

    // MARK: Periods

    /// Open ends are closed at the first and last record, so month rows and limits have bounds.
    private static func effectivePeriod(
        _ period: DateRange, incomes: RecordList<Income>, expenses: RecordList<Expense>
    ) -> DateRange {
        guard period.from == nil || period.to == nil else { return period }
        var first: Day?, last: Day?
        func see(_ day: Day) {
            if first.map({ day < $0 }) ?? true { first = day }
            if last.map({ day > $0 }) ?? true { last = day }
        }
        for index in incomes.indices { see(incomes[index].date) }
        for index in expenses.indices { see(expenses[index].date) }
        return DateRange(from: period.from ?? first, to: period.to ?? last)
    }

    /// The budget month whose days are exactly `period`, if there is one.
    private static func budgetPeriod(exactly period: DateRange, in calendar: BudgetCalendar) -> BudgetPeriod? {
        guard let from = period.from else { return nil }
        let month = calendar.period(containing: from)
        return month.range == period ? month : nil
    }
}
