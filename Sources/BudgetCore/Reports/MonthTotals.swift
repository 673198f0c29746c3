/// Income and spending added up per budget month of a period, kept in an array by month: a
/// dictionary would hash each of a million records' months.
struct MonthTotals {
    private let calendar: BudgetCalendar
    /// The budget months the period overlaps, in order.
    private let months: [BudgetPeriod]
    private var totals: [(income: Int, expenses: Int)]

    /// Empty totals for each budget month `period` overlaps; none for `nil` (nothing is added).
    init(calendar: BudgetCalendar, period: DateRange?) {
        self.calendar = calendar
        months = period.map(calendar.periods(overlapping:)) ?? []
        totals = Array(repeating: (0, 0), count: months.count)
    }

    /// Adds income received on `day` (a day outside the months is not counted).
    mutating func add(income amount: Int, on day: Day) throws {
        guard let slot = slot(of: day) else { return }
        totals[slot].income = try Sum.adding(totals[slot].income, amount)
    }

    /// Adds money spent on `day` (a day outside the months is not counted).
    mutating func add(expense amount: Int, on day: Day) throws {
        guard let slot = slot(of: day) else { return }
        totals[slot].expenses = try Sum.adding(totals[slot].expenses, amount)
    }

    /// Each month with its totals, in order (months nothing was added to included).
    var rows: [(month: BudgetPeriod, totals: (income: Int, expenses: Int))] {
        zip(months, totals).map { ($0, $1) }
    }

    private func slot(of day: Day) -> Int? {
        guard let first = months.first else { return nil }
        let slot = calendar.index(containing: day) - first.index
        return totals.indices.contains(slot) ? slot : nil
    }
}
