import XCTest
@testable import BudgetCore

/// `BudgetDocument.renameCategory(_:to:)`: what `budget categories rename` does.
final class CategoryRenameTests: XCTestCase {
    private let day = Day(iso: "2026-11-21")!

    /// food ×2 (limit 1,000), transport ×1.
    private func sampleStore() throws -> InMemoryStore {
        let store = InMemoryStore()
        try store.transaction { document in
            try document.addExpense(name: "Lunch", amount: 900, category: "food", date: day)
            try document.addExpense(name: "ｾﾌﾞﾝ", amount: 300, category: "food", date: day)
            try document.addExpense(name: "Bus", amount: 200, category: "transport", date: day)
            try document.setLimit(1000, for: "food")
        }
        return store
    }

    func testRename_MovesEveryExpenseAndTheLimitAsOneUndoStep() throws {
        let store = try sampleStore()
        let before = try store.load()
        let rename = try store.transaction { try $0.renameCategory("food", to: " 食費 ") }
        XCTAssertEqual(
            rename,
            CategoryRename(
                from: "food", to: "食費", expenses: 2, merged: false, limit: .moved(try SpendingLimit(monthly: 1000)),
                movedDefaultCategory: false))
        let after = try store.load()
        XCTAssertEqual(after.expenses.records.map(\.category), ["食費", "食費", "transport"])
        XCTAssertEqual(after[settings: BudgetKeys.self].limitedCategories, ["食費"])
        XCTAssertEqual(after.history.count, before.history.count + 1)
        XCTAssertEqual(after.history.last?.summary, "rename category food → 食費 (2 expenses)")
        let undone = try store.transaction { try $0.undoLastChange() }
        XCTAssertEqual(undone.summary, "rename category food → 食費 (2 expenses)")
        var restored = try store.load()
        restored.history = before.history
        XCTAssertEqual(restored, before)
    }

    func testRename_IntoAnExistingCategoryMergesAndTheDefaultFollows() throws {
        let store = try sampleStore()
        _ = try store.transaction { try $0.setSetting(ExpenseKeys.defaultCategory.erased, to: "food") }
        let rename = try store.transaction { try $0.renameCategory("food", to: "transport") }
        XCTAssertTrue(rename.merged)
        XCTAssertTrue(rename.movedDefaultCategory)
        XCTAssertEqual(rename.limit, .moved(try SpendingLimit(monthly: 1000)))
        let document = try store.load()
        XCTAssertEqual(document.categoryNames, ["transport"])
        XCTAssertEqual(document.defaultExpenseCategory, "transport")
        XCTAssertEqual(
            try CategoryReport(document: document).rows,
            [
                CategoryReport.Row(
                    category: "transport", expenses: 3, total: 1400, limit: 1000,
                    spendingLimit: try SpendingLimit(monthly: 1000))
            ])
    }

    func testRename_BothLimitedMustHaveEqualLimits() throws {
        let store = try sampleStore()
        _ = try store.transaction { try $0.setLimit(500, for: "transport") }
        let before = try store.load()
        XCTAssertThrowsError(try store.transaction { try $0.renameCategory("food", to: "transport") }) {
            XCTAssertEqual(
                $0 as? BudgetError,
                .limitConflict(
                    category: "food", limit: "1,000 a month", target: "transport", targetLimit: "500 a month"))
        }
        XCTAssertEqual(try store.load(), before, "nothing changed")
        _ = try store.transaction { try $0.setLimit(1000, for: "transport") }
        XCTAssertEqual(
            try store.transaction { try $0.renameCategory("food", to: "transport") }.limit,
            .merged(try SpendingLimit(monthly: 1000)))
        XCTAssertEqual(try store.load()[settings: BudgetKeys.self].limitedCategories, ["transport"])
    }

    func testRename_AOnlyLimitedCategoryMovesItsLimit() throws {
        let store = try sampleStore()
        _ = try store.transaction { try $0.setLimit(5, for: "fun") }
        XCTAssertEqual(try store.transaction { try $0.renameCategory("fun", to: "遊び") }.expenses, 0)
        XCTAssertEqual(try store.load()[settings: BudgetKeys.self].limitedCategories, ["food", "遊び"])
    }

    func testRename_RefusesUnknownOldAndInvalidNewNamesAndKeepsTheSameName() throws {
        let store = try sampleStore()
        let before = try store.load()
        XCTAssertThrowsError(try store.transaction { try $0.renameCategory("nope", to: "x") }) {
            XCTAssertEqual($0 as? BudgetError, .categoryNotFound("nope"))
        }
        XCTAssertThrowsError(try store.transaction { try $0.renameCategory("food", to: "a\tb") }) {
            XCTAssertEqual($0 as? ValueError, .controlCharacter(field: "category", value: "a\tb"))
        }
        XCTAssertThrowsError(try store.transaction { try $0.renameCategory("food", to: "\u{2066}x") }) {
            XCTAssertTrue($0 is ValueError)
        }
        XCTAssertThrowsError(try store.transaction { try $0.renameCategory("food", to: "\u{200B}") }) {
            XCTAssertEqual($0 as? ValueError, .empty(field: "category"))
        }
        let same = try store.transaction { try $0.renameCategory(" food", to: "food ") }
        XCTAssertTrue(same.isUnchanged)
        XCTAssertEqual(try store.load(), before, "no change, no history entry")
    }

    func testRename_ACategoryStoredWithSpaceByAnEarlierVersionCanBeFixed() throws {
        // Files from earlier versions may hold untrimmed categories; the old name is looked up as stored first.
        var document = BudgetDocument()
        try document.expenses.add { Expense(id: $0, name: "Lunch", amount: 1, category: " food", date: self.day) }
        try document.addExpense(name: "Dinner", amount: 2, category: "food", date: day)
        let rename = try document.renameCategory(" food", to: "food")
        XCTAssertEqual(rename.expenses, 1)
        XCTAssertTrue(rename.merged)
        XCTAssertEqual(document.categoryNames, ["food"])
    }

    func testRenameTag_FindsTheOldTagAsTypedLikeCategories() throws {
        var document = BudgetDocument()
        try document.addExpense(name: "Lunch", amount: 1, date: day, tags: ["trip"])
        try document.addIncome(name: "Refund", amount: 2, date: day, tags: ["trip", "work"])
        XCTAssertThrowsError(try document.renameTag("nope ", to: "x")) {
            XCTAssertEqual($0 as? BudgetError, .tagNotFound("nope "))
        }
        let rename = try document.renameTag(" trip\u{200B}", to: "travel")
        XCTAssertEqual(rename.from, "trip")
        XCTAssertEqual(rename.records, 2)
        XCTAssertEqual(document.tagNames, ["travel", "work"])
    }
}
