/// "How did each category do, month after month?": rows (expense categories, tags or income
/// sources) by columns (weeks, budget months or years), each row with its total and its average
/// per period, and a total row. All sums are exact.
///
/// Weeks run Monday to Sunday and are named as ISO 8601 weeks (`2026-W48`, the year being the
/// one that holds the week's Thursday). Months are the budget's (`BudgetDocument.budgetCalendar`),
/// named `YYYY-MM`. Years are calendar years. Every period from the first to the last is a
/// column, those without records too (with 0). A period that the query's range cuts (a week at
/// the edge of `--year`) is a column of the days it covers (`Period.isPartial`).
///
/// The table is built in one pass over the records, summing into an array per row indexed by
/// period. The average of a row is its total divided by the number of periods: `Average` keeps
/// both, and only `rounded` (for display) rounds.
///
/// ```swift
/// var query = RecordQuery()
/// query.period = DateRange.year(2026)!
/// let table = try PeriodTable(document: document, query: query, grouping: .category, per: .month)
/// for row in table.rows { print(row.name, row.amounts, row.total, row.average.rounded) }
/// ```
public struct PeriodTable: Equatable, Sendable {
    /// What a column is.
    public enum Unit: String, CaseIterable, Sendable {
        /// Monday to Sunday.
        case week
        /// A budget month (`period.month-start`).
        case month
        /// A calendar year.
        case year
    }

    /// What a row is.
    public enum Grouping: String, CaseIterable, Sendable {
        /// Expenses by category.
        case category
        /// Expenses by tag: an expense counts under each of its tags, so rows can overlap; the
        /// total row counts each tagged expense once.
        case tag
        /// Incomes by name.
        case income
    }

    /// One column.
    public struct Period: Equatable, Sendable {
        /// `2026-W48`, `2026-11` (a budget month's name) or `2026`.
        public let name: String
        /// The period's first day.
        public let start: Day
        /// The period's last day.
        public let end: Day
        /// The days the table covers: all of them, or fewer when the query's range cuts the period.
        public let days: DateRange
        /// Whether the table covers only some of the period's days.
        public var isPartial: Bool { days != DateRange(from: start, to: end) }
    }

    /// A row's average per period, exactly: `total / periods`.
    public struct Average: Equatable, Sendable {
        /// The numerator: the row's total.
        public let total: Int
        /// The denominator: the number of periods (empty ones included).
        public let periods: Int

        /// The average in minor units, rounded half away from zero (0 without periods).
        public var rounded: Int {
            guard periods > 0 else { return 0 }
            let quotient = total / periods, remainder = total % periods
            // |remainder| < periods, so doubling it cannot overflow as a magnitude.
            guard remainder.magnitude * 2 >= periods.magnitude else { return quotient }
            return total < 0 ? quotient - 1 : quotient + 1
        }
    }

    /// One row: a category, a tag, an income source, or the total.
    public struct Row: Equatable, Sendable {
        /// The category, tag or income name (the total row: `""`).
        public let name: String
        /// The amount of each period, in the order of `periods`.
        public let amounts: [Int]
        /// The sum of `amounts`.
        public let total: Int
        /// The average per period.
        public var average: Average { Average(total: total, periods: amounts.count) }
    }

    /// What the rows are.
    public let grouping: Grouping
    /// What the columns are.
    public let unit: Unit
    /// The days covered: the query's range, an open end closed at the first or last period.
    public let period: DateRange
    /// The columns, in order.
    public let periods: [Period]
    /// The rows, largest total first (then by name; tags in `Tags` order).
    public let rows: [Row]
    /// Every record of the table counted once, per period: for categories and income sources the
    /// sum of the rows; for tags the tagged expenses, each once.
    public let total: Row

    /// Builds the table of the records `query` selects (its range included). A category filter
    /// leaves incomes out, as in `Summary`.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    public init(document: BudgetDocument, query: RecordQuery, grouping: Grouping, per unit: Unit) throws {
        self.grouping = grouping
        self.unit = unit
        let columns = ColumnIndex(unit: unit, calendar: document.budgetCalendar)
        var sums = Sums()
        // Both ends known: every column from the start, so none is added during the pass.
        if let from = query.period.from, let to = query.period.to, from <= to {
            sums.cover(columns.index(of: from))
            sums.cover(columns.index(of: to))
        }
        let search = query.search.flatMap(TextSearch.init)
        let everything = query.matchesEverything
        let counted = grouping == .income ? [] : document.countedExpenses
        switch grouping {
        case .category:
            for expense in counted
            where everything || query.matches(expense, category: expense.category, search: search) {
                let column = sums.column(columns.index(of: expense.date))
                try sums.add(expense.amount, row: sums.row(expense.category), column: column)
            }
        case .tag:
            for expense in counted where !expense.tags.isEmpty
                && (everything || query.matches(expense, category: expense.category, search: search)) {
                let column = sums.column(columns.index(of: expense.date))
                for tag in expense.tags {
                    try sums.add(expense.amount, row: sums.row(tag), column: column, total: false)
                }
                try sums.addTotal(expense.amount, column: column)
            }
        case .income:
            if query.categories.isEmpty {
                for income in document.incomes.records
                where everything || query.matches(income, category: nil, search: search) {
                    let column = sums.column(columns.index(of: income.date))
                    try sums.add(income.amount, row: sums.row(income.name), column: column)
                }
            }
        }
        // An open end is closed at the records; a given one still adds its (empty) periods.
        if sums.hasColumns {
            if let from = query.period.from { sums.cover(columns.index(of: from)) }
            if let to = query.period.to { sums.cover(columns.index(of: to)) }
        }

        let asked = query.period
        periods = sums.indexes.map { index in
            let (name, start, end) = columns.period(index)
            let from = asked.from.map { max($0, start) } ?? start
            let to = asked.to.map { min($0, end) } ?? end
            return Period(name: name, start: start, end: end, days: DateRange(from: from, to: to))
        }
        period = DateRange(from: asked.from ?? periods.first?.start, to: asked.to ?? periods.last?.end)
        var rows = try zip(sums.names, sums.cells).map { name, amounts in
            Row(name: name, amounts: amounts, total: try Sum.of(amounts))
        }
        if grouping == .tag {
            rows.sort { $0.total != $1.total ? $0.total > $1.total : Tags.precedes($0.name, $1.name) }
        } else {
            rows.sort { ($0.total, $1.name) > ($1.total, $0.name) }
        }
        self.rows = rows
        total = Row(name: "", amounts: sums.totals, total: try Sum.of(sums.totals))
    }
}

// MARK: The pass

extension PeriodTable {
    /// Which column a day falls in, as a number that grows by one from each period to the next,
    /// and the period of such a number.
    private struct ColumnIndex {
        let unit: Unit
        let calendar: BudgetCalendar

        /// The period's number: weeks since the one of 1970-01-01, the budget month's index, or the year.
        @inline(__always)
        func index(of day: Day) -> Int {
            switch unit {
            case .month: return calendar.index(containing: day)
            case .year: return day.year
            case .week:
                // 1970-01-01 was a Thursday: day number + 3 counts from Monday 1969-12-29.
                let shifted = day.dayNumber + 3
                return shifted >= 0 ? shifted / 7 : (shifted - 6) / 7
            }
        }

        /// The name, first and last day of the period numbered `index`.
        func period(_ index: Int) -> (name: String, start: Day, end: Day) {
            switch unit {
            case .month:
                let month = calendar.period(index: index)
                return (month.name, month.start, month.end)
            case .year:
                let start = Day(year: index, month: 1, day: 1) ?? Self.first
                return (Self.digits(index, 4), start, Day(year: index, month: 12, day: 31) ?? Self.last)
            case .week:
                // Weeks hold days of years 1...9999 (0001-01-01 was a Monday); the last ends early.
                let monday = Day(dayNumber: index * 7 - 3) ?? Self.first
                let sunday = monday.advanced(byDays: 6) ?? Self.last
                // The ISO week: counted in the year of its Thursday, from that year's first Thursday's week.
                let thursday = monday.advanced(byDays: 3) ?? monday
                let januaryFirst = Day(year: thursday.year, month: 1, day: 1) ?? thursday
                let week = (thursday.dayNumber - januaryFirst.dayNumber) / 7 + 1
                return (Self.digits(thursday.year, 4) + "-W" + Self.digits(week, 2), monday, sunday)
            }
        }

        private static func digits(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }

        private static let first = Day(year: 1, month: 1, day: 1) ?? Day.epoch
        private static let last = Day(year: 9999, month: 12, day: 31) ?? Day.epoch
    }

    /// The sums of the pass: a row of amounts per name, indexed by column, and the total row.
    /// Columns run from `low` to `high` (period numbers) and grow as records need them.
    private struct Sums {
        private(set) var names: [String] = []
        private(set) var cells: [[Int]] = []
        private(set) var totals: [Int] = []
        private var rows: [String: Int] = [:]
        private var low = 0, high = -1

        var hasColumns: Bool { low <= high }
        /// The period numbers of the columns, in order.
        var indexes: [Int] { hasColumns ? Array(low...high) : [] }

        /// Makes `index` a column (and every one between it and the others).
        mutating func cover(_ index: Int) {
            if !hasColumns {
                low = index
                high = index
                totals = [0]
                cells = cells.map { _ in [0] }
                return
            }
            if index < low {
                let added = Array(repeating: 0, count: low - index)
                totals.insert(contentsOf: added, at: 0)
                for row in cells.indices { cells[row].insert(contentsOf: added, at: 0) }
                low = index
            } else if index > high {
                let added = Array(repeating: 0, count: index - high)
                totals += added
                for row in cells.indices { cells[row] += added }
                high = index
            }
        }

        /// The position in the rows of the column numbered `index`, made a column first if needed.
        @inline(__always)
        mutating func column(_ index: Int) -> Int {
            if index < low || index > high { cover(index) }
            return index - low
        }

        /// The row of `name`, added (with a 0 per column) the first time.
        @inline(__always)
        mutating func row(_ name: String) -> Int {
            if let row = rows[name] { return row }
            let row = names.count
            rows[name] = row
            names.append(name)
            cells.append(Array(repeating: 0, count: totals.count))
            return row
        }

        /// Adds `amount` to a row's column, and to the total row unless `total` is `false`.
        @inline(__always)
        mutating func add(_ amount: Int, row: Int, column: Int, total: Bool = true) throws {
            let (sum, overflow) = cells[row][column].addingReportingOverflow(amount)
            if overflow { throw BudgetError.totalOverflow }
            cells[row][column] = sum
            if total { try addTotal(amount, column: column) }
        }

        /// Adds `amount` to the total row's column.
        @inline(__always)
        mutating func addTotal(_ amount: Int, column: Int) throws {
            let (sum, overflow) = totals[column].addingReportingOverflow(amount)
            if overflow { throw BudgetError.totalOverflow }
            totals[column] = sum
        }
    }
}
