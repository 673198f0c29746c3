import TestSupport
import XCTest
@testable import BudgetCore

/// `PeriodTable` (`summary --per`): rows over weeks, budget months and years, against sums
/// computed independently, record by record.
final class PeriodTableTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text)! }

    private func query(_ from: String?, _ to: String?) -> RecordQuery {
        var query = RecordQuery()
        query.period = DateRange(from: from.map(day), to: to.map(day))
        return query
    }

    private func document(
        _ expenses: [(String, Int, String, Tags)], incomes: [(String, Int, String)] = []) throws -> BudgetDocument {
        var document = BudgetDocument()
        for (date, amount, category, tags) in expenses {
            try document.expenses.add {
                Expense(id: $0, name: "e", amount: amount, category: category, date: self.day(date), tags: tags)
            }
        }
        for (date, amount, name) in incomes {
            try document.incomes.add { Income(id: $0, name: name, amount: amount, date: self.day(date)) }
        }
        return document
    }

    func testMonths_EveryPeriodIsAColumnEmptyOnesWithZero() throws {
        let doc = try document([
            ("2026-01-05", 100, "food", []), ("2026-01-31", 50, "food", []), ("2026-04-01", 80_000, "住居", []),
            ("2026-04-30", 7, "food", []), ("2025-12-31", 999, "food", [])
        ])
        let table = try PeriodTable(
            document: doc, query: query("2026-01-01", "2026-04-30"), grouping: .category, per: .month)
        XCTAssertEqual(table.periods.map(\.name), ["2026-01", "2026-02", "2026-03", "2026-04"])
        XCTAssertEqual(table.periods.map(\.start), ["2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01"].map(day))
        XCTAssertEqual(table.periods[1].end, day("2026-02-28"))
        XCTAssertFalse(table.periods.contains { $0.isPartial })
        XCTAssertEqual(table.rows.map(\.name), ["住居", "food"], "largest total first")
        XCTAssertEqual(table.rows[0].amounts, [0, 0, 0, 80_000])
        XCTAssertEqual(table.rows[1].amounts, [150, 0, 0, 7])
        XCTAssertEqual(table.rows[1].total, 157)
        XCTAssertEqual(table.total.amounts, [150, 0, 0, 80_007])
        XCTAssertEqual(table.total.total, 80_157)
        XCTAssertEqual(
            table.rows[1].average, PeriodTable.Average(total: 157, periods: 4), "empty periods count in the average")
        XCTAssertEqual(table.rows[1].average.rounded, 39, "39.25")
        XCTAssertEqual(table.period, DateRange(from: day("2026-01-01"), to: day("2026-04-30")))

        let empty = try PeriodTable(
            document: doc, query: query("2027-01-01", "2027-03-31"), grouping: .category, per: .month)
        XCTAssertEqual(empty.periods.count, 3, "a range without records still has its periods")
        XCTAssertEqual(empty.rows, [])
        XCTAssertEqual(empty.total.amounts, [0, 0, 0])
    }

    func testAverage_RoundsHalfAwayFromZero() {
        func rounded(_ total: Int, _ periods: Int) -> Int {
            PeriodTable.Average(total: total, periods: periods).rounded
        }
        XCTAssertEqual(rounded(5, 2), 3)
        XCTAssertEqual(rounded(7, 2), 4)
        XCTAssertEqual(rounded(-5, 2), -3)
        XCTAssertEqual(rounded(1, 3), 0)
        XCTAssertEqual(rounded(2, 3), 1)
        XCTAssertEqual(rounded(-2, 3), -1)
        XCTAssertEqual(rounded(10, 4), 3, "2.5")
        XCTAssertEqual(rounded(9, 4), 2, "2.25")
        XCTAssertEqual(rounded(Int.max, 2), Int.max / 2 + 1)
        XCTAssertEqual(rounded(Int.min, 3), Int.min / 3 - 1, "…602.67")
        XCTAssertEqual(rounded(Int.max, 1), Int.max)
        XCTAssertEqual(rounded(5, 0), 0)
    }

    func testWeeks_RunMondayToSundayWithISONames() throws {
        // 2026-12-28 is a Monday; 2027-01-01 a Friday, so its week is 2026's 53rd.
        let doc = try document([("2026-12-27", 1, "a", []), ("2026-12-28", 10, "a", []), ("2027-01-03", 100, "a", []),
                                ("2027-01-04", 1_000, "a", []), ("2024-12-30", 5, "b", [])])
        let table = try PeriodTable(
            document: doc, query: query("2026-12-24", "2027-01-05"), grouping: .category, per: .week)
        XCTAssertEqual(table.periods.map(\.name), ["2026-W52", "2026-W53", "2027-W01"])
        XCTAssertEqual(table.periods.map(\.start), ["2026-12-21", "2026-12-28", "2027-01-04"].map(day))
        XCTAssertEqual(table.periods.map(\.end), ["2026-12-27", "2027-01-03", "2027-01-10"].map(day))
        XCTAssertEqual(table.periods.map(\.isPartial), [true, false, true])
        XCTAssertEqual(table.periods[0].days, DateRange(from: day("2026-12-24"), to: day("2026-12-27")))
        XCTAssertEqual(table.periods[2].days, DateRange(from: day("2027-01-04"), to: day("2027-01-05")))
        XCTAssertEqual(table.rows.map(\.amounts), [[1, 110, 1_000]])

        // 2024-12-30 (a Monday) starts 2025-W01; years at the edges of the calendar have weeks too.
        let edge = try PeriodTable(
            document: doc, query: query("2024-12-30", "2024-12-30"), grouping: .category, per: .week)
        XCTAssertEqual(edge.periods.map(\.name), ["2025-W01"])
        let first = try PeriodTable(
            document: doc, query: query("0001-01-01", "0001-01-08"), grouping: .category, per: .week)
        XCTAssertEqual(first.periods.map(\.name), ["0001-W01", "0001-W02"])
        XCTAssertEqual(first.periods[0].start, day("0001-01-01"), "0001-01-01 was a Monday")
        let last = try PeriodTable(
            document: doc, query: query("9999-12-27", "9999-12-31"), grouping: .category, per: .week)
        XCTAssertEqual(last.periods.map(\.name), ["9999-W52"])
        XCTAssertEqual(last.periods[0].end, day("9999-12-31"), "the last week ends with the calendar")
    }

    func testYears_AreCalendarYears() throws {
        let doc = try document([("2024-02-29", 1, "a", []), ("2026-12-31", 2, "a", [])])
        let table = try PeriodTable(document: doc, query: RecordQuery(), grouping: .category, per: .year)
        XCTAssertEqual(table.periods.map(\.name), ["2024", "2025", "2026"])
        XCTAssertEqual(table.rows[0].amounts, [1, 0, 2])
        XCTAssertEqual(
            table.period,
            DateRange(from: day("2024-01-01"), to: day("2026-12-31")),
            "open ends closed at the first and last period")
        XCTAssertFalse(table.periods.contains { $0.isPartial }, "open ends cut nothing")
        let cut = try PeriodTable(document: doc, query: query("2024-03-01", nil), grouping: .category, per: .year)
        XCTAssertEqual(cut.periods.map(\.name), ["2024", "2025", "2026"])
        XCTAssertEqual(cut.rows[0].amounts, [0, 0, 2])
        XCTAssertEqual(cut.periods[0].days, DateRange(from: day("2024-03-01"), to: day("2024-12-31")))
        XCTAssertEqual(cut.period, DateRange(from: day("2024-03-01"), to: day("2026-12-31")))
        let none = try PeriodTable(document: doc, query: query("2030-01-01", nil), grouping: .category, per: .year)
        XCTAssertEqual(none.periods, [], "an open end with no records has no periods")
    }

    func testPaydayMonths_AreTheBudgetMonths() throws {
        var doc = try document([
            ("2026-10-24", 1, "a", []), ("2026-10-25", 10, "a", []), ("2026-11-24", 100, "a", []),
            ("2026-11-25", 1_000, "a", [])
        ])
        doc[settings: PeriodKeys.self][PeriodKeys.monthStart] = try MonthStartDay(settingText: "25")
        let table = try PeriodTable(document: doc, query: RecordQuery(), grouping: .category, per: .month)
        XCTAssertEqual(table.periods.map(\.name), ["2026-10", "2026-11", "2026-12"])
        XCTAssertEqual(table.periods[1].start, day("2026-10-25"))
        XCTAssertEqual(table.periods[1].end, day("2026-11-24"))
        XCTAssertEqual(table.rows[0].amounts, [1, 110, 1_000])
        let year = try PeriodTable(
            document: doc, query: query("2026-01-01", "2026-12-31"), grouping: .category, per: .month)
        XCTAssertEqual(year.periods.first?.name, "2026-01")
        XCTAssertEqual(year.periods.first?.days, DateRange(from: day("2026-01-01"), to: day("2026-01-24")))
        XCTAssertEqual(year.periods.last?.name, "2027-01", "2026-12-25 to 2026-12-31 falls in the budget month 2027-01")
        XCTAssertEqual(year.periods.count, 13)
        XCTAssertEqual(year.total.total, 1_111)
    }

    func testTags_ExpensesCountUnderEachTagAndOnceInTheTotal() throws {
        let doc = try document([
            ("2026-11-01", 100, "a", ["kyoto", "trip"]), ("2026-11-02", 10, "b", ["trip"]),
            ("2026-12-01", 1, "c", []), ("2026-12-02", 5, "a", ["kyoto"])
        ])
        let table = try PeriodTable(document: doc, query: RecordQuery(), grouping: .tag, per: .month)
        XCTAssertEqual(table.rows.map(\.name), ["trip", "kyoto"])
        XCTAssertEqual(table.rows.map(\.amounts), [[110, 0], [100, 5]])
        XCTAssertEqual(table.total.amounts, [110, 5], "each tagged expense once; untagged ones not at all")
        var kyoto = RecordQuery()
        kyoto.tags = ["kyoto"]
        let filtered = try PeriodTable(document: doc, query: kyoto, grouping: .tag, per: .month)
        XCTAssertEqual(filtered.rows.map(\.name), ["kyoto", "trip"], "the query's filters apply")
        XCTAssertEqual(filtered.total.total, 105)
    }

    func testIncome_RowsAreSourcesAndACategoryFilterLeavesThemOut() throws {
        let doc = try document(
            [("2026-11-01", 100, "a", [])],
            incomes: [
                ("2026-10-25", 300_000, "Salary"), ("2026-11-25", 300_000, "Salary"), ("2026-11-10", 1, "Refund"),
            ])
        let table = try PeriodTable(document: doc, query: RecordQuery(), grouping: .income, per: .month)
        XCTAssertEqual(table.rows.map(\.name), ["Salary", "Refund"])
        XCTAssertEqual(table.rows.map(\.amounts), [[300_000, 300_000], [0, 1]])
        XCTAssertEqual(table.total.amounts, [300_000, 300_001])
        var food = RecordQuery()
        food.categories = ["a"]
        XCTAssertEqual(try PeriodTable(document: doc, query: food, grouping: .income, per: .month).rows, [])
    }

    func testOverflow_IsAnErrorNotAWrappedNumber() throws {
        for (first, second) in [("2026-11-01", "2026-11-02"), ("2026-11-01", "2026-12-01")] {
            let doc = try document([(first, Int.max, "x", ["t"]), (second, 1, "x", ["t"])])
            for grouping in PeriodTable.Grouping.allCases where grouping != .income {
                XCTAssertThrowsError(
                    try PeriodTable(document: doc, query: RecordQuery(), grouping: grouping, per: .month),
                    "\(first) \(second)") { error in
                    XCTAssertEqual(error as? BudgetError, .totalOverflow)
                }
            }
        }
        let columns = try document([("2026-11-01", Int.max, "x", []), ("2026-11-02", 1, "y", [])])
        XCTAssertThrowsError(
            try PeriodTable(document: columns, query: RecordQuery(), grouping: .category, per: .month),
            "the total row overflows")
    }

    func testRandomData_MatchesSumsComputedRecordByRecord() throws {
        var generator = SeededGenerator(seed: 15)
        let categories = ["food", "住居", "transport", "fun", "health", "食費"]
        let tags = ["a", "b", "c"]
        var doc = BudgetDocument()
        for _ in 0..<3_000 {
            let date = Day(
                year: Int.random(in: 2024...2026, using: &generator),
                month: Int.random(in: 1...12, using: &generator),
                day: Int.random(in: 1...28, using: &generator))!
            if Int.random(in: 0..<5, using: &generator) == 0 {
                try doc.incomes.add {
                    Income(
                        id: $0, name: ["Salary", "Side"].randomElement(using: &generator)!,
                        amount: Int.random(in: 0...500_000, using: &generator), date: date)
                }
            } else {
                let tagged = Tags(tags.filter { _ in Bool.random(using: &generator) })
                try doc.expenses.add { Expense(id: $0, name: "e", amount: Int.random(in: 0...90_000, using: &generator),
                                                category: categories.randomElement(using: &generator)!, date: date,
                                                tags: tagged) }
            }
        }
        doc[settings: PeriodKeys.self][PeriodKeys.monthStart] = try MonthStartDay(settingText: "10")
        for range in [
            DateRange.year(2025)!, DateRange(from: day("2024-03-15"), to: day("2025-01-10")), .all,
            DateRange(from: nil, to: day("2025-06-30"))
        ] {
            var query = RecordQuery()
            query.period = range
            for unit in PeriodTable.Unit.allCases {
                for grouping in PeriodTable.Grouping.allCases {
                    let table = try PeriodTable(document: doc, query: query, grouping: grouping, per: unit)
                    let context = "\(grouping) per \(unit), \(range.description)"
                    // Consecutive periods, each starting the day after the one before.
                    for (before, after) in zip(table.periods, table.periods.dropFirst()) {
                        XCTAssertEqual(before.end.advanced(byDays: 1), after.start, context)
                    }
                    // The rows for each record, found without the table's indexing.
                    func column(_ date: Day) -> Int? { table.periods.firstIndex { $0.days.contains(date) } }
                    var expected: [String: [Int]] = [:], total = Array(repeating: 0, count: table.periods.count)
                    func add(_ name: String, _ amount: Int, _ date: Day) {
                        guard let index = column(date) else { return XCTFail("\(date) has no column: \(context)") }
                        expected[name, default: Array(repeating: 0, count: table.periods.count)][index] += amount
                    }
                    switch grouping {
                    case .category, .tag:
                        for expense in doc.expenses.records where range.contains(expense.date) {
                            if grouping == .category { add(expense.category, expense.amount, expense.date) }
                            for tag in grouping == .tag ? Array(expense.tags) : [] {
                                add(tag, expense.amount, expense.date)
                            }
                            if grouping == .category
                                || !expense.tags.isEmpty,
                                let index = column(expense.date) { total[index] += expense.amount }
                        }
                    case .income:
                        for income in doc.incomes.records where range.contains(income.date) {
                            add(income.name, income.amount, income.date)
                            if let index = column(income.date) { total[index] += income.amount }
                        }
                    }
                    XCTAssertEqual(
                        Dictionary(uniqueKeysWithValues: table.rows.map { ($0.name, $0.amounts) }), expected, context)
                    XCTAssertEqual(table.total.amounts, total, context)
                    for row in table.rows + [table.total] {
                        XCTAssertEqual(row.total, row.amounts.reduce(0, +), context)
                        XCTAssertEqual(row.average.periods, table.periods.count, context)
                    }
                    XCTAssertEqual(
                        table.rows.map(\.total), table.rows.map(\.total).sorted(by: >), "largest first: \(context)")
                    if grouping == .category {
                        XCTAssertEqual(table.total.total, try Summary(document: doc, query: query).expenses, context)
                    }
                }
            }
        }
    }

    func testLastMonths_EndWithTheGivenMonth() throws {
        let calendar = BudgetCalendar(monthStart: 25)
        let november = try XCTUnwrap(calendar.period(named: "2026-11"))
        XCTAssertEqual(
            calendar.days(ofLast: 3, through: november), DateRange(from: day("2026-08-25"), to: day("2026-11-24")))
        XCTAssertEqual(calendar.days(ofLast: 1, through: november), november.range)
        let start = try XCTUnwrap(BudgetCalendar().period(named: "0001-02"))
        XCTAssertEqual(
            BudgetCalendar().days(ofLast: Int.max, through: start),
            DateRange(from: day("0001-01-01"), to: day("0001-02-28")))
    }
}
