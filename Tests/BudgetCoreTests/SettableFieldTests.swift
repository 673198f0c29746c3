import XCTest
@testable import BudgetCore

/// The fields a person sets, declared once (`FieldSetting`): drafts, edits, schedules and
/// statements are made of the declarations, and what existing files and texts hold keeps its
/// exact form.
final class SettableFieldTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text)! }

    func testCatalogue_ListsTheSettableFieldsOfBothKindsOnce() throws {
        // Fields declared since keep these in their order (the account, on both kinds, comes
        // with the incomes' fields, before the category only expenses have).
        let keys = ["date", "name", "amount", "note", "tags", "category"]
        XCTAssertEqual(SettableField.all.map(\.key).filter(keys.contains), keys)
        XCTAssertEqual(SettableField.named("account")?.kinds, [.income, .expense])
        XCTAssertEqual(SettableField.named("category")?.kinds, [.expense])
        XCTAssertEqual(SettableField.named("note")?.kinds, [.income, .expense, .transfer])
        XCTAssertEqual(SettableField.named("from")?.kinds, [.transfer])
        XCTAssertEqual(SettableField.all.filter(\.isRequired).map(\.key), ["name", "amount", "from", "to"])
        XCTAssertEqual(SettableField.all.filter(\.isList).map(\.word), ["tag"])
        XCTAssertNil(SettableField.named("source"), "only the budget sets a record's source")
        let statementFields = ["date", "name", "amount", "out", "in", "kind", "category", "note", "tags", "id"]
        XCTAssertEqual(Array(StatementField.allCases.map(\.rawValue).prefix(10)), statementFields)
    }

    /// Statement fields compare and hash by their place (`ordinal`), where `StatementColumns`
    /// keeps their columns: each place must be the field's own, and each name have one.
    func testStatementFields_ComeByTheirPlace() throws {
        for (place, field) in StatementField.allCases.enumerated() {
            XCTAssertEqual(field.ordinal, place, field.rawValue)
            XCTAssertEqual(StatementField(rawValue: field.rawValue), field)
        }
        XCTAssertEqual(Set(StatementField.allCases.map(\.rawValue)).count, StatementField.allCases.count)
        XCTAssertEqual(Set(StatementField.allCases).count, StatementField.allCases.count)
        XCTAssertNotEqual(StatementField.date, .name)
        XCTAssertNil(StatementField(rawValue: "nothing"))
        var columns = StatementColumns()
        columns[.out] = [3]
        columns[.date] = [0, 1]
        let payer = try XCTUnwrap(StatementField(rawValue: "paid_by"))
        columns[payer] = [5]
        XCTAssertEqual(columns[.date], [0, 1])
        XCTAssertNil(columns[.name])
        XCTAssertEqual(columns.columns().sorted(), [0, 1, 3, 5])
        XCTAssertEqual(columns.columns { $0 != .date }.sorted(), [3, 5])
        XCTAssertEqual(columns.declared.map(\.field), [payer])
        columns[payer] = nil
        XCTAssertTrue(columns.declared.isEmpty)
        XCTAssertEqual(columns.columns().sorted(), [0, 1, 3])
    }

    func testTypedValue_UsesTheFieldsInputRules() throws {
        let note = try XCTUnwrap(SettableField.named("note"))
        XCTAssertEqual(try note.value(typed: ""), .optionalText(nil), "an empty note is none")
        XCTAssertEqual(try note.value(typed: "a\r\nb"), .optionalText("a\nb"))
        let category = try XCTUnwrap(SettableField.named("category"))
        XCTAssertEqual(try category.value(typed: " 食費 "), .text("食費"))
        XCTAssertThrowsError(try category.value(typed: " ")) {
            XCTAssertEqual($0 as? ValueError, .empty(field: "category"))
        }
        XCTAssertEqual(try SettableField.named("date")?.value(typed: "2026-11-05"), .day(day("2026-11-05")))
        XCTAssertThrowsError(try SettableField.named("tags")?.value(items: ["a b"]))
    }

    func testAddingADraft_FillsWhatIsNotGivenAndSpellsTheCategoryAsInUse() throws {
        var document = BudgetDocument()
        _ = try document.addExpense(name: "Lunch", amount: 900, category: "Food", date: day("2026-11-01"))
        var values = RecordValues()
        values["name"] = .text("Dinner")
        values["amount"] = .amount(1_200)
        values["category"] = .text("food")
        let dinner = try document.add(Expense.self, values, today: day("2026-11-02"))
        XCTAssertEqual([dinner.category, dinner.date.iso], ["Food", "2026-11-02"])
        values["category"] = nil
        XCTAssertEqual(try document.add(Expense.self, values).category, Expense.defaultCategory)
        var income = values
        income["category"] = .text("x")
        XCTAssertThrowsError(try document.add(Income.self, income)) {
            XCTAssertEqual($0 as? ValueError, .notApplicable(field: "category", kind: .income))
        }
        values["name"] = nil
        XCTAssertThrowsError(try document.add(Income.self, values)) {
            XCTAssertEqual($0 as? ValueError, .missing(field: "name"))
        }
        XCTAssertEqual(document.expenses.records.count, 3)
    }

    func testEdit_SetsAndRemovesThroughTheDeclarations() throws {
        var edit = try RecordEdit()
        try edit.set(XCTUnwrap(SettableField.named("note")), typed: "")
        try edit.changeTags(add: ["b"], remove: ["a"])
        var lunch = Expense(
            id: "00000001", name: "Lunch", amount: 900, order: 1, date: day("2026-11-01"), note: "x", tags: ["a"])
        XCTAssertTrue(edit.apply(to: &lunch))
        XCTAssertNil(lunch.note)
        XCTAssertEqual(lunch.tags, ["b"])
        XCTAssertEqual(edit.note, .remove)
        XCTAssertEqual(edit.tagsToAdd, ["b"])
    }

    func testScheduleText_KeepsTheFormEarlierVersionsWrote() throws {
        let texts = [
            "kind=expense;name=家賃;amount=80000;category=住居;every=1 month;on=25;from=2026-01-25;weekend=before;"
                + "through=2026-11-25",
            "kind=income;name=給料;amount=300000;tag=work;every=1 month;on=last;from=2026-01-31;paused",
            "kind=expense;name=a%3Bb;amount=1;category=c;tag=x;tag=y;note=n%25;every=2 week;on=friday;from=2026-01-02;"
                + "count=3",
        ]
        for text in texts {
            XCTAssertEqual(try Schedule(settingText: text).settingText, text)
        }
        for refused in [
            "kind=income;name=a;amount=1;category=c;every=1 month;from=2026-01-01",
            "kind=expense;name=a;amount=1;note=;every=1 month;from=2026-01-01",
            "kind=expense;name= a;amount=1;every=1 month;from=2026-01-01",
            "kind=expense;name=a;amount=-1;every=1 month;from=2026-01-01",
            "kind=expense;name=a;every=1 month;from=2026-01-01",
            "kind=expense;name=a;amount=1;date=2026-01-01;every=1 month;from=2026-01-01",
        ] {
            XCTAssertThrowsError(try Schedule(settingText: refused), refused)
        }
        let schedule = try Schedule(settingText: texts[2])
        XCTAssertEqual(schedule.values["tags"], .tags(["x", "y"]))
        XCTAssertEqual(schedule.note, "n%")
        XCTAssertEqual(try schedule.setting("note", to: .optionalText(nil)).values["note"], nil)
    }
}
