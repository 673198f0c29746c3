import TestSupport
import XCTest
@testable import BudgetCore

final class DocumentValidationTests: XCTestCase {
    private let day = Day(iso: "2026-11-21")!

    private func document(records count: Int) throws -> BudgetDocument {
        var document = BudgetDocument()
        for index in 1...count {
            try document.expenses.add { Expense(id: $0, name: "家賃 \(index)", amount: index, category: "住居", date: day) }
        }
        return document
    }

    func testValidate_SinceAnOriginal_FindsABreakageAnywhereAfterOtherChanges() throws {
        // Only records that differ from the original get the text rules: the comparison must
        // not lose a broken record wherever it is, whatever else moved around it.
        var generator = SeededGenerator(seed: 31)
        let original = try document(records: 40)
        XCTAssertNoThrow(try original.validate())
        for round in 0..<300 {
            var document = original
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                try document.expenses.remove(
                    ids: [document.expenses.records[Int.random(in: 0..<40, using: &generator)].id])
            case 1:
                try document.expenses.move(
                    id: document.expenses.records[Int.random(in: 0..<40, using: &generator)].id,
                    to: Int.random(in: 1...40, using: &generator))
            case 2: try document.expenses.add { Expense(id: $0, name: "new", amount: 1, category: "c", date: day) }
            default: break
            }
            XCTAssertNoThrow(try document.validate(since: original), "round \(round): a valid change")
            let index = Int.random(in: 0..<document.expenses.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: document.expenses.records[index].name = " "
            case 1: document.expenses.records[index].category = "a\u{85}"
            case 2: document.expenses.records[index].note = "\u{1B}[2J"
            default: document.expenses.records[index].amount = Int.min  // a refund may be negative, not this
            }
            XCTAssertThrowsError(try document.validate(since: original), "round \(round): record \(index) broken")
            XCTAssertThrowsError(try document.validate(), "round \(round): record \(index) broken")
        }
    }

    func testValidate_ChecksStructureEverywhere() throws {
        let original = try document(records: 5)
        var duplicated = original
        duplicated.expenses.records[4] = Expense(
            id: "00000002", name: "家賃 2", amount: 2, category: "住居", order: 5, date: day)
        XCTAssertThrowsError(try duplicated.validate(since: original)) { error in
            XCTAssertEqual((error as? DocumentInvalidity)?.reason, "two expenses have the id 00000002")
        }
        var reordered = original
        reordered.expenses.records.swapAt(1, 3)
        XCTAssertThrowsError(try reordered.validate(since: original)) { error in
            XCTAssertEqual((error as? DocumentInvalidity)?.reason, "expense 00000004 has order 4 in position 2")
        }
    }

    func testSchemas_DeclareEveryStoredProperty() {
        // Readers, writers, checks and comparisons all come from the schema: a stored property
        // it does not declare would be silently dropped by the next write.
        // Every optional text is set: the texts kept out of line (`RareTexts`) show when set.
        let expense = Expense(
            id: "00000001", name: "a", amount: 1, category: "c", order: 1, date: day, note: "n", tags: ["t"],
            schedule: "s", split: "x", parts: "p")
        // A key in snake case (`paid_by`) is its property's name in camel case (`paidBy`).
        func camel(_ key: String) -> String {
            let words = key.split(separator: "_")
            return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
        }
        // The stored properties, those of the texts kept out of line in their place.
        func stored(_ record: Any) -> [String] {
            Mirror(reflecting: record).children.flatMap { child in
                guard child.label == "rare" else { return [child.label ?? ""] }
                return Mirror(reflecting: child.value).children.compactMap(\.label)
            }.sorted()
        }
        XCTAssertEqual(stored(expense), Expense.schema.fields.map { camel($0.key) }.sorted())
        let income = Income(id: "00000001", name: "a", amount: 1, order: 1, date: day, note: "n", schedule: "s")
        XCTAssertEqual(stored(income), Income.schema.fields.map { camel($0.key) }.sorted())
        let transfer = Transfer(
            id: "00000001", name: "a", amount: 1, from: "f", to: "t", order: 1, date: day, note: "n", schedule: "s")
        XCTAssertEqual(stored(transfer), Transfer.schema.fields.map { camel($0.key) }.sorted())
    }

    func testTextsKeptOutOfLine_AreValues() {
        // A note, a schedule, a split and parts share one reference (`RareTexts`): a change to a
        // copy never shows in the original, and records compare and hash by the texts.
        let original = Expense(id: "00000001", name: "a", amount: 1, date: day, note: "n", split: "夫=1")
        var copy = original
        copy.note = "changed"
        copy.parts = "100=妻"
        XCTAssertEqual([original.note, original.parts, original.split], ["n", nil, "夫=1"])
        XCTAssertEqual([copy.note, copy.parts, copy.split], ["changed", "100=妻", "夫=1"])
        XCTAssertNotEqual(original, copy)
        copy.note = "n"
        copy.parts = nil
        XCTAssertEqual(original, copy)
        XCTAssertEqual(Set([original, copy]).count, 1)
        copy.note = nil
        copy.split = nil
        XCTAssertEqual(copy, Expense(id: "00000001", name: "a", amount: 1, date: day))
        // What a million records cost in memory (README, Performance): 136 MB of expenses.
        XCTAssertEqual(MemoryLayout<Day>.size, 4)
        XCTAssertLessThanOrEqual(MemoryLayout<Expense>.stride, 136)
    }

    func testSameContent_ComparesEveryStoredFieldButOrder() {
        let expense = Expense(
            id: "00000001", name: "a", amount: 1, category: "c", order: 1, date: day, note: "n", tags: ["t"])
        var other = expense
        other.order = 9
        XCTAssertTrue(Expense.schema.sameContent(expense, other))
        let changes: [(inout Expense) -> Void] = [
            { $0.name = "b" }, { $0.amount = 2 }, { $0.category = "d" }, { $0.date = Day.epoch }, { $0.note = nil },
            { $0.tags = [] }, { $0.tags.insert("u") },
        ]
        for change in changes {
            var changed = expense
            change(&changed)
            XCTAssertFalse(Expense.schema.sameContent(expense, changed))
        }
        XCTAssertFalse(
            Expense.schema.sameContent(
                expense,
                Expense(
                    id: "00000002", name: "a", amount: 1, category: "c", order: 1, date: day, note: "n", tags: ["t"])))
    }
}
