import XCTest
@testable import BudgetCore

/// Imports read each field by its declaration (`RecordField.input`): the columns, what a row
/// must give, and what stands in for what it leaves out all come from the schemas.
final class FieldInputTests: XCTestCase {
    private let today = Day(iso: "2026-11-21")!

    func testColumns_AreTheDeclaredFieldsWithInputRules() {
        // An expense's columns, then a transfer's own (its accounts).
        XCTAssertEqual(
            RecordImporter.columns, Expense.schema.fields.filter { $0.input != nil }.map(\.key) + ["from", "to"])
        // A record's schedule names one of the exporting file's schedules: imports leave it out.
        XCTAssertEqual(
            Set(RecordImporter.columns),
            Set(Expense.schema.fields.map(\.key) + Transfer.schema.fields.map(\.key))
                .subtracting(["id", "order", "schedule"]))
        XCTAssertTrue(RecordImporter.ignoredColumns.contains("schedule"))
        for key in Income.schema.fields.map(\.key) where !["id", "order", "schedule"].contains(key) {
            XCTAssertTrue(RecordImporter.columns.contains(key), key)
        }
        XCTAssertEqual(Expense.schema.fields.filter { $0.input?.isRequired == true }.map(\.key), ["name", "amount"])
        XCTAssertEqual(Income.schema.fields.filter { $0.input?.isRequired == true }.map(\.key), ["name", "amount"])
    }

    func testInput_FillsInWhatTheDeclarationsSay() throws {
        let context = InputContext(money: MoneyFormat(currency: nil), today: today, defaultCategory: " rent ")
        var expense = Expense.schema.blank("")
        for field in Expense.schema.fields {
            try field.input?.read(
                field.key == "name" ? .text(" Lunch ") : field.key == "amount" ? .text("1,200") : nil,
                &expense,
                context)
        }
        XCTAssertEqual(expense, Expense(id: "", name: "Lunch", amount: 1_200, category: "rent", date: today))
        let category = try XCTUnwrap(Expense.schema.field("category")?.input)
        XCTAssertThrowsError(try category.read(.text("\u{202E}x"), &expense, context)) {
            guard case .bidiControl(field: "category", _)? = $0 as? ValueError else { return XCTFail("\($0)") }
        }
        let name = try XCTUnwrap(Income.schema.field("name")?.input)
        var income = Income.schema.blank("")
        XCTAssertThrowsError(try name.read(nil, &income, context)) {
            XCTAssertEqual($0 as? ValueError, .missing(field: "name"))
        }
        XCTAssertThrowsError(try name.read(.text(" "), &income, context)) {
            XCTAssertEqual($0 as? ValueError, .empty(field: "name"))
        }
        let amount = try XCTUnwrap(Income.schema.field("amount")?.input)
        XCTAssertThrowsError(try amount.read(.minorUnits(-1), &income, context)) {
            XCTAssertEqual($0 as? ValueError, .negativeAmount(-1))
        }
    }

    func testImportRows_KeepEveryFieldTheRowRead() throws {
        let importer = RecordImporter(
            kind: .income, money: MoneyFormat(currency: nil), today: today, defaultCategory: "x")
        let (rows, _) = try importer.read(
            "name,amount,note,tags,date\nSalary,5,for May,\"b,a\",2026-05-31\n", format: .csv)
        var document = BudgetDocument()
        let ids = try document.importRows(rows, kind: .income, skipDuplicates: false).ids
        XCTAssertEqual(document.incomes.records, [
            Income(
                id: ids[0], name: "Salary", amount: 5, order: 1, date: try XCTUnwrap(Day(iso: "2026-05-31")),
                note: "for May", tags: ["a", "b"]),
        ])
        // A row of the other kind still imports, as it always did: without a category, or with the default one.
        XCTAssertEqual(try document.importRows(rows, kind: .expense, skipDuplicates: false).ids.count, 1)
        XCTAssertEqual(document.expenses.records.map(\.category), [Expense.defaultCategory])
        XCTAssertEqual(document.expenses.records.map(\.tags), [["a", "b"]])
    }
}
