import XCTest
@testable import BudgetCore

/// Categories typed in another case or width (`Food`, `ｆｏｏｄ`) take the spelling in use
/// (`food`) on every input path, instead of becoming categories with limits of their own.
final class CategorySpellingTests: XCTestCase {
    private let day = Day(iso: "2026-11-21")!

    private func document() throws -> BudgetDocument {
        var document = BudgetDocument()
        try document.addExpense(name: "Lunch", amount: 900, category: "food", date: day)
        try document.addExpense(name: "Rent", amount: 80_000, category: "住居", date: day)
        return document
    }

    func testCanonicalCategory_IsTheSpellingInUseThatFoldsAlike() throws {
        let document = try document()
        XCTAssertEqual(document.canonicalCategory("food"), "food")
        XCTAssertEqual(document.canonicalCategory("Food"), "food")
        XCTAssertEqual(document.canonicalCategory("ＦＯＯＤ"), "food")
        XCTAssertEqual(document.canonicalCategory("ｆｏｏｄ"), "food")
        XCTAssertEqual(document.canonicalCategory("drinks"), "drinks", "a new category stays as typed")
        XCTAssertEqual(document.canonicalCategory("ﾀﾍﾞﾓﾉ"), "ﾀﾍﾞﾓﾉ")
    }

    func testEveryInputPath_ReusesTheSpelling() throws {
        var document = try document()
        XCTAssertEqual(
            try document.addExpense(name: "Snack", amount: 200, category: "FOOD", date: day).category, "food")
        try document.edit([RecordReference(kind: .expense, id: "00000002")], with: RecordEdit(category: "Ｆｏｏｄ"))
        XCTAssertEqual(document.expenses.records.map(\.category), ["food", "food", "food"])
        XCTAssertEqual(try document.setLimit(40_000, for: "Food"), "food")
        XCTAssertEqual(document[settings: BudgetKeys.self].limitedCategories, ["food"])
        try document.addRule(try Rule(pattern: "x", category: "ＦＯＯＤ"))
        XCTAssertEqual(document.rules.rules.first?.category, "food")
        let id = try document.addSchedule(
            try Schedule(
                kind: .expense, name: "Rice", amount: 3000, category: "FOOD",
                recurrence: Recurrence(.month, on: .dayOfMonth(1), from: day)))
        XCTAssertEqual(try document.schedule(id: id).schedule.category, "food")
        try document.setSetting(ExpenseKeys.defaultCategory.erased, to: "Ｆｏｏｄ")
        XCTAssertEqual(document.defaultExpenseCategory, "food")
        XCTAssertTrue(try document.removeLimit(for: "ｆｏｏｄ"))
        XCTAssertEqual(document[settings: BudgetKeys.self].limitedCategories, [])
    }

    /// Categories already stored stay as they are; among spellings in use that fold alike,
    /// the one most expenses carry is reused.
    func testStoredSpellings_AreNeverRewrittenAndTheMostUsedOneIsReused() throws {
        var expenses = RecordTable<Expense>()
        for (name, category) in [("a", "Food"), ("b", "food"), ("c", "food")] {
            try expenses.add { Expense(id: $0, name: name, amount: 1, category: category, date: self.day) }
        }
        var document = BudgetDocument(incomes: RecordTable(), expenses: expenses)
        XCTAssertEqual(document.canonicalCategory("FOOD"), "food")
        XCTAssertEqual(document.canonicalCategory("Food"), "Food", "a spelling in use is kept as typed")
        try document.addExpense(name: "d", amount: 1, category: "ｆｏｏｄ", date: day)
        XCTAssertEqual(document.expenses.records.map(\.category), ["Food", "food", "food", "food"])
        var spellings = CategorySpellings(document)
        XCTAssertEqual(spellings.spelling(of: "Drinks"), "Drinks")
        XCTAssertEqual(spellings.spelling(of: "drinks"), "Drinks", "a new spelling is reused by the rows after it")
    }
}
