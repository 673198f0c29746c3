import TestSupport
import XCTest
@testable import BudgetCore

final class ReportTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text)! }

    private func document(
        _ expenses: [(String, String, Int, String)], incomes: [(String, String, Int)] = []) throws -> BudgetDocument {
        var document = BudgetDocument()
        for (date, name, amount, category) in expenses {
            try document.expenses.add {
                Expense(id: $0, name: name, amount: amount, category: category, date: self.day(date))
            }
        }
        for (date, name, amount) in incomes {
            try document.incomes.add { Income(id: $0, name: name, amount: amount, date: self.day(date)) }
        }
        return document
    }

    func testMonthRange_CoversFirstToLastDayIncludingLeapDay() {
        XCTAssertEqual(
            DateRange.month(of: day("2024-02-10")), DateRange(from: day("2024-02-01"), to: day("2024-02-29")))
        XCTAssertEqual(DateRange.month(of: day("2026-02-10")).to, day("2026-02-28"))
        XCTAssertEqual(
            DateRange.month(of: day("2026-12-31")), DateRange(from: day("2026-12-01"), to: day("2026-12-31")))
        XCTAssertEqual(day("2026-01-15").firstOfPreviousMonth, day("2025-12-01"))
        XCTAssertEqual(DateRange.year(2024), DateRange(from: day("2024-01-01"), to: day("2024-12-31")))
    }

    func testQuery_PeriodBoundariesAreInclusive() throws {
        let doc = try document([
            ("2026-10-31", "before", 1, "a"), ("2026-11-01", "first", 2, "a"), ("2026-11-30", "last", 3, "a"),
            ("2026-12-01", "after", 4, "a"), ("2024-02-29", "leap", 5, "a")
        ])
        var query = RecordQuery()
        query.period = .month(of: day("2026-11-15"))
        XCTAssertEqual(query.expenses(in: doc).map(\.name), ["first", "last"])
        query.period = DateRange(from: day("2026-10-31"), to: day("2026-11-01"))
        XCTAssertEqual(query.expenses(in: doc).map(\.name), ["before", "first"], "--to is inclusive")
        query.period = DateRange(from: nil, to: day("2024-02-29"))
        XCTAssertEqual(query.expenses(in: doc).map(\.name), ["leap"])
        query.period = .month(of: day("2024-02-01"))
        XCTAssertEqual(query.expenses(in: doc).map(\.name), ["leap"])
    }

    func testQuery_CategorySearchAndAmountBounds() throws {
        var doc = try document([("2026-11-01", "Lunch", 900, "food"), ("2026-11-02", "ＣＯＦＦＥＥ 珈琲", 450, "food"),
                                ("2026-11-03", "Rent", 80_000, "住居"), ("2026-11-04", "Ärzte", 2_000, "health")],
                               incomes: [("2026-11-25", "Salary", 300_000)])
        doc.expenses.records[0].note = "with the Team"
        var query = RecordQuery()
        query.categories = ["food", "health"]
        XCTAssertEqual(query.expenses(in: doc).map(\.name), ["Lunch", "ＣＯＦＦＥＥ 珈琲", "Ärzte"])
        query.categories = []
        query.search = "team"
        XCTAssertEqual(query.expenses(in: doc).map(\.name), ["Lunch"], "the note matches, ignoring case")
        query.search = "ärz"
        XCTAssertEqual(query.expenses(in: doc).map(\.name), ["Ärzte"], "case-insensitive beyond ASCII")
        query.search = "ｃｏｆｆｅｅ"
        XCTAssertEqual(query.expenses(in: doc).map(\.name), ["ＣＯＦＦＥＥ 珈琲"], "fullwidth letters fold case too")
        query.search = "珈琲"
        XCTAssertEqual(query.expenses(in: doc).count, 1)
        query.search = "LUNCH"
        XCTAssertEqual(query.expenses(in: doc).map(\.name), ["Lunch"], "an upper-case needle folds too")
        query.search = "nt"
        XCTAssertEqual(query.expenses(in: doc).map(\.name), ["Rent"], "a match at the very end")
        query.search = "Lunch!"
        XCTAssertEqual(query.expenses(in: doc).map(\.name), [], "a needle longer than the match")
        query.search = "RZTE"
        XCTAssertEqual(query.expenses(in: doc).map(\.name), ["Ärzte"], "ASCII needle in non-ASCII text")
        XCTAssertTrue(query.matches(doc.expenses.records[3], category: "health"))
        query.search = nil
        query.minimum = 900
        query.maximum = 2_000
        XCTAssertEqual(query.expenses(in: doc).map(\.amount), [900, 2_000], "bounds are inclusive")
    }

    func testQuery_SortsReversesAndLimitsWithStableTies() throws {
        let doc = try document(
            [("2026-11-03", "b", 300, "x"), ("2026-11-01", "a", 100, "x"), ("2026-11-03", "c", 100, "x")])
        var query = RecordQuery()
        let arrange = { (query: RecordQuery) in
            query.arrange(Array(query.expenses(in: doc)), date: \.date, amount: \.amount, name: \.name).map(\.name)
        }
        XCTAssertEqual(arrange(query), ["b", "a", "c"])
        query.sort = .date
        XCTAssertEqual(arrange(query), ["a", "b", "c"], "ties keep display order")
        query.sort = .amount
        XCTAssertEqual(arrange(query), ["a", "c", "b"])
        query.reverse = true
        query.limit = 2
        XCTAssertEqual(arrange(query), ["b", "c"])
        query.sort = .name
        query.limit = 0
        XCTAssertEqual(arrange(query), [])
    }

    func testSummary_TotalsMatchAnIndependentComputationOnRandomData() throws {
        var generator = SeededGenerator(seed: 5)
        let categories = ["food", "住居", "transport", "fun", "health", "食費"]
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
                try doc.expenses.add { Expense(id: $0, name: "e", amount: Int.random(in: 0...90_000, using: &generator),
                                                category: categories.randomElement(using: &generator)!, date: date) }
            }
        }
        doc[settings: BudgetKeys.self][BudgetKeys.limit("food")] = try SpendingLimit(monthly: 100_000)
        for period in [
            DateRange.month(of: day("2025-06-01")), DateRange.year(2026)!,
            DateRange(from: day("2024-03-15"), to: day("2025-01-10")), .all
        ] {
            var query = RecordQuery()
            query.period = period
            let summary = try Summary(document: doc, query: query)
            let expenses = doc.expenses.records.filter { period.contains($0.date) }
            let incomes = doc.incomes.records.filter { period.contains($0.date) }
            XCTAssertEqual(summary.expenses, expenses.reduce(0) { $0 + $1.amount })
            XCTAssertEqual(summary.income, incomes.reduce(0) { $0 + $1.amount })
            XCTAssertEqual(summary.balance, summary.income - summary.expenses)
            for category in categories {
                let expected = expenses.filter { $0.category == category }.reduce(0) { $0 + $1.amount }
                XCTAssertEqual(
                    summary.categories.first { $0.category == category }?.spent ?? 0,
                    expected,
                    "\(category) in \(period.description)")
            }
            XCTAssertEqual(
                summary.categories.map(\.spent), summary.categories.map(\.spent).sorted(by: >), "largest first")
            XCTAssertEqual(summary.months.reduce(0) { $0 + $1.expenses }, summary.expenses)
            XCTAssertEqual(summary.months.reduce(0) { $0 + $1.income }, summary.income)
            XCTAssertEqual(summary.incomeSources.reduce(0) { $0 + $1.received }, summary.income)
        }
        let year = try Summary(
            document: doc, query: { var q = RecordQuery(); q.period = DateRange.year(2025)!; return q }())
        XCTAssertEqual(
            year.categories.first { $0.category == "food" }?.limit, 1_200_000, "twelve monthly limits in a year")
        XCTAssertEqual(year.months.count, 12)
    }

    func testSummary_OverflowIsAnErrorNotAWrappedNumber() throws {
        let doc = try document([("2026-11-01", "a", Int.max, "x"), ("2026-11-02", "b", 1, "x")])
        XCTAssertThrowsError(try Summary(document: doc, query: RecordQuery())) { error in
            XCTAssertEqual(error as? BudgetError, .totalOverflow)
        }
    }

    func testSummary_ShowsALimitedCategoryWithNothingSpent() throws {
        var doc = try document([("2026-11-03", "lunch", 1_200, "food"), ("2026-10-03", "cinema", 900, "fun")])
        try doc.setLimit(30_000, for: "food")
        try doc.setLimit(5_000, for: "fun")
        try doc.setLimit(10_000, for: "books")
        var november = RecordQuery()
        november.period = DateRange.month(of: day("2026-11-01"))
        let summary = try Summary(document: doc, query: november)
        // food spent 1,200 of 30,000; fun and books nothing, with all of their limits left.
        XCTAssertEqual(summary.categories.map(\.category), ["food", "books", "fun"])
        XCTAssertEqual(summary.categories.map(\.spent), [1_200, 0, 0])
        XCTAssertEqual(summary.categories.map(\.remaining), [28_800, 10_000, 5_000])
        XCTAssertEqual(summary.expenses, 1_200)
        // A category filter keeps the limited categories it names; another filter (a tag, a
        // search, an amount bound) shows only what it selects.
        var filtered = november
        filtered.categories = ["fun"]
        XCTAssertEqual(try Summary(document: doc, query: filtered).categories.map(\.category), ["fun"])
        filtered = november
        filtered.search = "lunch"
        XCTAssertEqual(try Summary(document: doc, query: filtered).categories.map(\.category), ["food"])
        // A period that is not whole budget months compares no limits, and adds no rows.
        var days = RecordQuery()
        days.period = DateRange(from: day("2026-11-02"), to: day("2026-11-10"))
        XCTAssertEqual(try Summary(document: doc, query: days).categories.map(\.category), ["food"])
    }
}
