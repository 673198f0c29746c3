import XCTest
@testable import BudgetCore

/// `BudgetDocument.limitWarnings(since:)`: when a change takes a category past its monthly limit.
final class LimitWarningTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text)! }

    /// food limited to 1,000, with 900 spent in 2026-11.
    private func sample() throws -> BudgetDocument {
        var document = BudgetDocument()
        try document.setLimit(1000, for: "food")
        try document.addExpense(name: "Lunch", amount: 900, category: "food", date: day("2026-11-05"))
        try document.addExpense(name: "Bus", amount: 500, category: "transport", date: day("2026-11-05"))
        return document
    }

    func testAdd_PastTheLimitWarnsAtTheLimitDoesNot() throws {
        var document = try sample()
        var before = document
        try document.addExpense(name: "Tea", amount: 100, category: "food", date: day("2026-11-06"))
        XCTAssertEqual(document.limitWarnings(since: before), [], "exactly at the limit is not over it")
        before = document
        try document.addExpense(name: "Cake", amount: 1, category: "food", date: day("2026-11-07"))
        let warnings = document.limitWarnings(since: before)
        XCTAssertEqual(
            warnings,
            [
                LimitWarning(
                    scope: .category("food"), period: .month(try XCTUnwrap(BudgetCalendar().period(named: "2026-11"))),
                    total: 1001, limit: 1000, carriedIn: 0, available: 1000)
            ])
        XCTAssertEqual(
            warnings.first?.message(MoneyFormat(currency: Currency(code: "JPY"))),
            "food is over its monthly limit for 2026-11: ¥1,001 of ¥1,000")
        before = document
        try document.addExpense(name: "Free", amount: 0, category: "food", date: day("2026-11-07"))
        XCTAssertEqual(document.limitWarnings(since: before), [], "an amount of 0 takes nothing over")
        before = document
        try document.addExpense(name: "Other month", amount: 999, category: "food", date: day("2026-12-01"))
        XCTAssertEqual(document.limitWarnings(since: before), [])
    }

    func testAWarning_NamesTheCategoryAsTheLimitSpellsIt_WhateverTheExpensesSpell() throws {
        // Composed and decomposed が are one category: the warning names it as `limit list` does,
        // whichever spelling came first among the expenses, or matches the limit's bytes at all.
        let composed = "\u{304C}", decomposed = "\u{304B}\u{3099}"
        for (limit, spellings) in [
            (composed, [decomposed, composed]), (composed, [decomposed, decomposed]),
            (decomposed, [composed, decomposed]), (decomposed, [composed, composed]),
        ] {
            var document = BudgetDocument()
            try document.setLimit(1000, for: limit)
            try document.addExpense(name: "a", amount: 10, category: spellings[0], date: day("2026-11-05"))
            let before = document
            try document.addExpense(name: "b", amount: 2000, category: spellings[1], date: day("2026-11-06"))
            let warnings = document.limitWarnings(since: before)
            XCTAssertEqual(warnings.count, 1, "\(limit) \(spellings)")
            guard case .category(let named) = warnings.first?.scope else { return XCTFail("no category warning") }
            XCTAssertEqual(Array(named.unicodeScalars), Array(limit.unicodeScalars), "\(limit) \(spellings)")
            XCTAssertEqual(warnings.first?.total, 2010)
        }
    }

    func testEdit_WarnsOnlyWhenItRaisesWhatCountsInAMonthOverTheLimit() throws {
        var document = try sample()
        try document.addExpense(name: "Dinner", amount: 200, category: "food", date: day("2026-11-06"))  // 1,100: over
        func edit(_ id: Int, _ change: RecordEdit) throws -> [LimitWarning] {
            try document.edit(
                [RecordReference(kind: .expense, id: RecordID.string(for: id))], with: change).limitWarnings
        }
        XCTAssertEqual(try edit(1, RecordEdit(name: "Big lunch")), [], "a rename adds nothing")
        XCTAssertEqual(try edit(1, RecordEdit(amount: 850)), [], "lowered, though still over")
        XCTAssertEqual(try edit(1, RecordEdit(amount: 860)).map(\.total), [1060])
        XCTAssertEqual(try edit(2, RecordEdit(category: "food")).map(\.total), [1560], "moved into a limited category")
        XCTAssertEqual(try edit(2, RecordEdit(category: "transport")), [], "moved out")
        XCTAssertEqual(try edit(1, RecordEdit(date: day("2026-10-31"))), [], "860 alone in October is under")
    }

    func testBulkEdit_WarnsOncePerCategoryAndMonthSorted() throws {
        var document = try sample()
        try document.setLimit(100, for: "食費")
        try document.addExpense(name: "Dec", amount: 700, category: "x", date: day("2026-12-02"))
        try document.addExpense(name: "Dec2", amount: 700, category: "x", date: day("2026-12-03"))
        let all = document.expenses.records.map { RecordReference(kind: .expense, id: $0.id) }
        let warnings = try document.edit(all, with: RecordEdit(category: "食費")).limitWarnings
        XCTAssertEqual(warnings.map(\.month), ["2026-11", "2026-12"])
        XCTAssertEqual(warnings.map(\.total), [1400, 1400])
        XCTAssertEqual(Set(warnings.map(\.category)), ["食費"])
    }

    func testNoLimits_NoWarningsAndAChangeWithoutExpensesNone() throws {
        var document = BudgetDocument()
        let before = document
        try document.addExpense(name: "a", amount: 5, date: day("2026-11-01"))
        XCTAssertEqual(document.limitWarnings(since: before), [])
        var limited = try sample()
        let same = limited
        try limited.setLimit(1, for: "food")
        XCTAssertEqual(limited.limitWarnings(since: same), [], "lowering a limit changes no expense")
    }
}
