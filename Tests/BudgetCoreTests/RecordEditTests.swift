import XCTest
@testable import BudgetCore

/// `RecordEdit` and `BudgetDocument.edit(_:with:)`: what `budget edit` does, without the command line.
final class RecordEditTests: XCTestCase {
    private let day = Day(iso: "2026-11-21")!

    private func expense(_ id: Int) -> RecordReference { RecordReference(kind: .expense, id: RecordID.string(for: id)) }
    private func income(_ id: Int) -> RecordReference { RecordReference(kind: .income, id: RecordID.string(for: id)) }

    /// Three expenses (Lunch 900 food, Dinner 1200 food, Bus 200 transport) and one income.
    private func sampleStore() throws -> InMemoryStore {
        let store = InMemoryStore()
        try store.transaction { document in
            try document.addExpense(name: "Lunch", amount: 900, category: "food", date: day, note: "with Aki")
            try document.addExpense(name: "Dinner", amount: 1200, category: "food", date: day)
            try document.addExpense(name: "Bus", amount: 200, category: "transport", date: day)
            try document.addIncome(name: "Salary", amount: 300_000, date: day)
        }
        return store
    }

    func testInit_ReadsTextWithTheInputRules() throws {
        let edit = try RecordEdit(name: "  Big lunch ", category: "\u{200B}食費 ", note: "")
        XCTAssertEqual(edit.name, "Big lunch")
        XCTAssertEqual(edit.category, "食費")
        XCTAssertEqual(edit.note, .remove, "an empty note text removes the note")
        XCTAssertEqual(try RecordEdit(note: "two\r\nlines").note, .set("two\nlines"))
        XCTAssertThrowsError(try RecordEdit(category: "a\u{1B}b")) {
            XCTAssertEqual($0 as? ValueError, .controlCharacter(field: "category", value: "a\u{1B}b"))
        }
        XCTAssertThrowsError(try RecordEdit(name: " ")) { XCTAssertEqual($0 as? ValueError, .empty(field: "name")) }
        XCTAssertThrowsError(try RecordEdit(amount: -1)) {
            XCTAssertEqual($0 as? ValueError, .invalidAmount("-1", reason: "amounts cannot be negative"))
        }
        XCTAssertTrue(try RecordEdit().isEmpty)
        var edit2 = try RecordEdit()
        try edit2.setAmount(5)
        XCTAssertFalse(edit2.isEmpty)
    }

    func testApply_ChangesOnlyTheFieldsGivenAndSaysWhetherAnythingChanged() throws {
        var lunch = Expense(
            id: "00000001", name: "Lunch", amount: 900, category: "food", order: 1, date: day, note: "with Aki")
        let original = lunch
        XCTAssertTrue(try RecordEdit(category: "食費").apply(to: &lunch))
        XCTAssertEqual(lunch.category, "食費")
        XCTAssertEqual(lunch.name, original.name)
        XCTAssertEqual(lunch.note, original.note)
        XCTAssertFalse(try RecordEdit(category: "食費").apply(to: &lunch), "already has that value")
        XCTAssertTrue(try RecordEdit(note: "").apply(to: &lunch))
        XCTAssertNil(lunch.note)

        var salary = Income(id: "00000001", name: "Salary", amount: 1, order: 1, date: day)
        XCTAssertThrowsError(try RecordEdit(category: "food").apply(to: &salary)) {
            XCTAssertEqual($0 as? ValueError, .notApplicable(field: "category", kind: .income))
            XCTAssertEqual(($0 as? ValueError)?.description, "incomes have no category")
        }
        XCTAssertEqual(salary.name, "Salary")
        XCTAssertTrue(try RecordEdit(name: "Bonus", amount: 2).apply(to: &salary))
        XCTAssertEqual([salary.name, String(salary.amount)], ["Bonus", "2"])
    }

    func testEdit_ManyRecordsAreOneChangeAndOneUndoStep() throws {
        let store = try sampleStore()
        let before = try store.load()
        let result = try store.transaction {
            try $0.edit([expense(1), expense(3), expense(1)], with: try RecordEdit(category: "食費"))
        }
        XCTAssertEqual(result.entries.map(\.reference), [expense(1), expense(3)], "a record named twice is edited once")
        XCTAssertEqual(result.changedCount, 2)
        let after = try store.load()
        XCTAssertEqual(after.expenses.records.map(\.category), ["食費", "food", "食費"])
        XCTAssertEqual(after.expenses.records.map(\.order), [1, 2, 3], "an edit moves nothing")
        XCTAssertEqual(after.history.count, before.history.count + 1)
        XCTAssertEqual(after.history.last?.summary, "edit 2 expenses")
        _ = try store.transaction { try $0.undoLastChange() }
        XCTAssertEqual(try store.load().expenses, before.expenses)
    }

    func testEdit_OneUnknownRecordOrAWrongFieldChangesNothing() throws {
        let store = try sampleStore()
        let before = try store.load()
        XCTAssertThrowsError(
            try store.transaction { try $0.edit([expense(1), expense(9)], with: try RecordEdit(amount: 1)) }) {
            XCTAssertEqual($0 as? BudgetError, .recordNotFound(.expense, id: "00000009"))
        }
        XCTAssertThrowsError(
            try store.transaction { try $0.edit([expense(1), income(1)], with: try RecordEdit(category: "x")) }) {
            XCTAssertEqual($0 as? ValueError, .notApplicable(field: "category", kind: .income))
        }
        XCTAssertEqual(try store.load(), before)
        // Outside a store too: the document itself is left as it was.
        var document = before
        XCTAssertThrowsError(try document.edit([expense(2), expense(7)], with: try RecordEdit(name: "x")))
        XCTAssertEqual(document, before)
    }

    func testEdit_OfBothKindsAtOnce() throws {
        let store = try sampleStore()
        let result = try store.transaction {
            try $0.edit([income(1), expense(2)], with: try RecordEdit(date: Day(iso: "2026-12-01"), note: "moved"))
        }
        XCTAssertEqual(result.entries.map(\.name), ["Salary", "Dinner"])
        let document = try store.load()
        XCTAssertEqual(document.incomes.records[0].note, "moved")
        XCTAssertEqual(document.expenses.records[1].date, Day(iso: "2026-12-01"))
        XCTAssertEqual(document.history.last?.summary, "edit 1 income, edit 1 expense")
    }

    func testAdd_AppliesTheDefaultCategoryAndTheInputRules() throws {
        var document = BudgetDocument()
        XCTAssertEqual(document.defaultExpenseCategory, "uncategorized")
        XCTAssertEqual(try document.addExpense(name: "a", amount: 1, date: day).category, "uncategorized")
        try document.setSetting(ExpenseKeys.defaultCategory.erased, to: "食費")
        XCTAssertEqual(document.defaultExpenseCategory, "食費")
        let added = try document.addExpense(name: " ｾﾌﾞﾝ ", amount: 2, date: day, note: "")
        XCTAssertEqual([added.name, added.category], ["ｾﾌﾞﾝ", "食費"])
        XCTAssertNil(added.note, "an empty note is no note")
        XCTAssertEqual(try document.addExpense(name: "b", amount: 3, category: " rent", date: day).category, "rent")
        XCTAssertThrowsError(try document.addIncome(name: "\u{202E}x", amount: 1, date: day))
        XCTAssertThrowsError(try document.addIncome(name: "x", amount: -1, date: day))
        XCTAssertEqual(document.incomes.count, 0)
    }
}
