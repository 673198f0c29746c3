/// What the coming budget months look like: for each, what is recorded, what schedules will
/// record (each occurrence with its day), what the monthly limits leave unspent (counted as
/// planned spending), and the balance; the current month combines what is recorded so far
/// with what is still scheduled.
///
/// Occurrences count from the first not yet recorded, whatever its day: one already due but
/// not yet recorded counts in the month of its day (before the first month shown, in the
/// opening balance). Paused schedules and skipped occurrences count for nothing. Every figure
/// is exact, in minor units.
///
/// Planned spending comes from the categories' monthly limits: what the month's own amount
/// leaves after what is spent (recorded and scheduled, refunds taking from it), less an
/// overspend that rollover `all` carries in (`LimitLedger`), and never more than that amount. A
/// surplus that rollover carries in from earlier months is not planned: it was not spent, so it
/// is already in the opening balance, and it stays there rather than being planned as spending
/// in the days left. Yearly limits and the total limit plan nothing.
///
/// The opening balance is every income less every expense recorded before the first month,
/// and every scheduled occurrence due before it that is not yet recorded (`openingIncome`,
/// `openingExpenses`, `openingScheduled`).
public struct Forecast: Equatable, Sendable {
    /// One occurrence a schedule will record.
    public struct Occurrence: Equatable, Sendable {
        /// The schedule's ID.
        public var scheduleID: String
        /// Income or expense.
        public var kind: RecordKind
        /// The record's name.
        public var name: String
        /// The expense's category (`nil` for incomes).
        public var category: String?
        /// The amount, in minor units.
        public var amount: Int
        /// The day it will be recorded on (the due day moved off a weekend).
        public var day: Day
        /// The day it is due.
        public var due: Day
    }

    /// A monthly limit's part in a month: what is left of it is planned spending.
    public struct PlannedLimit: Equatable, Sendable {
        /// The limited category.
        public var category: String
        /// The monthly limit.
        public var limit: Int
        /// What the month's recorded and scheduled expenses spend in the category.
        public var spent: Int
        /// What is planned: the limit, less an overspend carried in, less what is spent (refunds
        /// take from it), never below zero nor above the limit. A surplus carried in is not
        /// planned (it stays in the balance).
        public var unspent: Int
        /// What rollover carries into the month: in the current month, what earlier months
        /// left or overspent (`LimitLedger`); in later ones, an overspend of the month before
        /// (rollover `all`) and nothing else, since what a month leaves is planned to be spent.
        public var carriedIn = 0
        /// The limit and what was carried in (what `limit list` shows as available).
        public var available: Int { limit &+ carriedIn }
    }

    /// One budget month.
    public struct Month: Equatable, Sendable {
        /// The month's days and name.
        public var period: BudgetPeriod
        /// Whether today is in it.
        public var isCurrent: Bool
        /// The incomes recorded with a day in the month.
        public var recordedIncome = 0
        /// The expenses recorded with a day in the month.
        public var recordedExpenses = 0
        /// What schedules will record in the month, by day.
        public var scheduled: [Occurrence] = []
        /// The scheduled incomes' total.
        public var scheduledIncome = 0
        /// The scheduled expenses' total.
        public var scheduledExpenses = 0
        /// Each limited category's unspent limit, by category.
        public var planned: [PlannedLimit] = []
        /// The unspent limits' total.
        public var plannedSpending = 0
        /// The balance at the end of the month: the opening balance and every month up to
        /// this one.
        public var projectedBalance = 0

        /// Recorded and scheduled incomes.
        public var income: Int { recordedIncome &+ scheduledIncome }
        /// Recorded and scheduled expenses, and the planned spending.
        public var expenses: Int { recordedExpenses &+ scheduledExpenses &+ plannedSpending }
        /// The month's income less its expenses.
        public var balance: Int { income &- expenses }
    }

    /// The day the forecast starts from.
    public var today: Day
    /// The balance before the first month: every record before it, and every occurrence due
    /// before it and not yet recorded (`openingIncome - openingExpenses + openingScheduled`).
    public var openingBalance: Int
    /// The incomes recorded before the first month.
    public var openingIncome = 0
    /// The expenses recorded before the first month (refunds take from it).
    public var openingExpenses = 0
    /// What the occurrences due before the first month, not yet recorded, add to the opening
    /// balance (incomes less expenses).
    public var openingScheduled = 0
    /// How many occurrences due before the first month, not yet recorded, the opening
    /// balance counts.
    public var unrecordedBefore = 0
    /// The months, from the one holding today.
    public var months: [Month]
    /// The cards' withdrawals still to come in the months, after today, by day, with their
    /// funding accounts' balances after them (`BudgetDocument.cardWithdrawals(after:through:)`);
    /// empty for a budget without cards that have a cycle and a funding account.
    public var withdrawals: [CardWithdrawal] = []

    /// The most budget months a forecast covers (`budget forecast --months`), for which every
    /// schedule's amount stays computable (`BudgetDocument.addSchedule`).
    public static let longestMonths = 120

    /// The forecast of `count` budget months from the one holding `today`.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a total does not fit in 64 bits.
    public init(document: BudgetDocument, today: Day, months count: Int) throws {
        let calendar = document.budgetCalendar
        let periods = calendar.periods(from: calendar.period(containing: today), count: max(1, count))
        var months = periods.map { Month(period: $0, isCurrent: $0.contains(today)) }
        self.today = today
        guard let first = periods.first, let last = periods.last else {
            self.openingBalance = 0
            self.months = []
            return
        }
        withdrawals = try document.cardWithdrawals(after: today, through: last.end)
        func add(_ value: Int, to total: inout Int) throws {
            let (sum, overflow) = total.addingReportingOverflow(value)
            if overflow { throw BudgetError.totalOverflow }
            total = sum
        }
        // (Never `add(-value)`: refunds that add up to `Int.min` have no negation.)
        func subtract(_ value: Int, from total: inout Int) throws {
            let (difference, overflow) = total.subtractingReportingOverflow(value)
            if overflow { throw BudgetError.totalOverflow }
            total = difference
        }
        func index(of day: Day) -> Int? {
            guard first.start <= day, day <= last.end else { return nil }
            return periods.firstIndex { $0.contains(day) }
        }
        var openingIncome = 0, openingExpenses = 0, openingScheduled = 0, unrecordedBefore = 0
        for income in document.incomes.records {
            if income.date < first.start {
                try add(income.amount, to: &openingIncome)
            } else if let at = index(of: income.date) {
                try add(income.amount, to: &months[at].recordedIncome)
            }
        }
        let counted = document.countedExpenses
        for expense in counted {
            if expense.date < first.start {
                try add(expense.amount, to: &openingExpenses)
            } else if let at = index(of: expense.date) {
                try add(expense.amount, to: &months[at].recordedExpenses)
            }
        }
        for entry in document.schedules where !entry.schedule.isPaused {
            let schedule = entry.schedule
            for occurrence in schedule.pending(through: last.end) where !schedule.skipped.contains(occurrence.due) {
                guard let at = index(of: occurrence.day) else {
                    if occurrence.day < first.start {
                        if schedule.kind == .income {
                            try add(schedule.amount, to: &openingScheduled)
                        } else {
                            try subtract(schedule.amount, from: &openingScheduled)
                        }
                        unrecordedBefore += 1
                    }
                    continue
                }
                months[at].scheduled.append(Occurrence(
                    scheduleID: entry.id, kind: schedule.kind, name: schedule.name, category: schedule.category,
                    amount: schedule.amount,
                    day: occurrence.day, due: occurrence.due))
                if schedule.kind == .income {
                    try add(schedule.amount, to: &months[at].scheduledIncome)
                } else {
                    try add(schedule.amount, to: &months[at].scheduledExpenses)
                }
            }
        }
        // Monthly category limits only: a yearly limit is not spread over months, and the total
        // limit overlaps the categories'.
        let settings = document[settings: BudgetKeys.self]
        let ledger = LimitLedger(
            limits: settings.limits, expenses: counted, calendar: calendar, countingFrom: first.start,
            plainCategories: settings.limitCategoriesArePlain)
        // Each with its place among the ledger's limits, so that no month looks its scope up.
        var limits: [MonthlyLimit] = []
        for position in ledger.limits.indices {
            let (scope, limit) = ledger.limits[position]
            if limit.per == .month, let category = scope.category {
                limits.append(MonthlyLimit(category: category, limit: limit, ledgerPosition: position))
            }
        }
        var carried = try limits.map { try ledger.carriedIn(limitAt: $0.ledgerPosition, period: first.index) }
        var opening = openingIncome
        try subtract(openingExpenses, from: &opening)
        try add(openingScheduled, to: &opening)
        var balance = opening
        // What the schedules will spend in each limited category, by month and limit: each
        // occurrence found among the limits once (not every occurrence looked at for every limit).
        var limitsByCategory: [LimitScopeKey: [Int]]?
        for index in months.indices {
            months[index].scheduled.sort { ($0.day, $0.scheduleID, $0.due) < ($1.day, $1.scheduleID, $1.due) }
            var scheduledSpent: [Int] = []
            for occurrence in months[index].scheduled where occurrence.kind == .expense && !limits.isEmpty {
                guard let category = occurrence.category else { continue }
                if limitsByCategory == nil {
                    var byCategory: [LimitScopeKey: [Int]] = [:]
                    for position in limits.indices {
                        byCategory[LimitScopeKey(.category(limits[position].category)), default: []].append(position)
                    }
                    limitsByCategory = byCategory
                }
                guard let positions = limitsByCategory?[LimitScopeKey(.category(category))] else { continue }
                if scheduledSpent.isEmpty { scheduledSpent = [Int](repeating: 0, count: limits.count) }
                for position in positions { try add(occurrence.amount, to: &scheduledSpent[position]) }
            }
            months[index].planned.reserveCapacity(limits.count)
            for position in limits.indices {
                let limit = limits[position].limit
                // Added up once for every month and limit by the ledger, not a pass per month.
                var spent = try ledger.spent(
                    limitAt: limits[position].ledgerPosition, period: months[index].period.index)
                if !scheduledSpent.isEmpty { try add(scheduledSpent[position], to: &spent) }
                // What the month may still spend: its own amount, less an overspend carried in; a
                // surplus carried in stays in the balance.
                var planned = limit.amount
                try add(min(0, carried[position]), to: &planned)
                try subtract(spent, from: &planned)
                // Refunds that brought back more than the month spent plan no more than its amount.
                let unspent = min(limit.amount, max(0, planned))
                var remaining = limit.amount
                try add(carried[position], to: &remaining)
                try subtract(spent, from: &remaining)
                months[index].planned.append(PlannedLimit(
                    category: limits[position].category, limit: limit.amount, spent: spent, unspent: unspent,
                    carriedIn: carried[position]))
                try add(unspent, to: &months[index].plannedSpending)
                // The next month: the unspent part is planned to be spent, so only an overspend carries.
                let next = months[index].period.index + 1
                carried[position] = limit.rollover == .all && limit.since.map({ next > $0 }) == true
                    ? min(0, remaining) : 0
            }
            var income = 0, expenses = 0
            try add(months[index].recordedIncome, to: &income)
            try add(months[index].scheduledIncome, to: &income)
            try add(months[index].recordedExpenses, to: &expenses)
            try add(months[index].scheduledExpenses, to: &expenses)
            try add(months[index].plannedSpending, to: &expenses)
            try add(income, to: &balance)
            try subtract(expenses, from: &balance)
            months[index].projectedBalance = balance
        }
        self.openingBalance = opening
        self.openingIncome = openingIncome
        self.openingExpenses = openingExpenses
        self.openingScheduled = openingScheduled
        self.unrecordedBefore = unrecordedBefore
        self.months = months
    }

    /// A monthly category limit, with its place among the ledger's (`LimitLedger.limits`).
    private struct MonthlyLimit {
        var category: String
        var limit: SpendingLimit
        var ledgerPosition: Int
    }
}
