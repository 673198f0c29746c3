import Foundation
import XCTest

/// Kind-qualified IDs (`income-00000001`): both kinds number their records from 1, so anything
/// that mixes kinds must say which record it means.
final class RecordIDEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        XCTAssertEqual(try budget.run("add", "income", "Salary", "300000", "--date", "2026-11-25").stdout, "00000001\n")
        XCTAssertEqual(try budget.run("add", "expense", "Rent", "80000", "--date", "2026-11-01").stdout, "00000001\n")
        XCTAssertEqual(
            try budget.run("add", "expense", "Salary advance fee", "500", "--date", "2026-11-02").stdout, "00000002\n")
    }

    func testListAll_IDsAreQualifiedAndOneKindStaysBare() throws {
        XCTAssertEqual(
            try budget.run("list", "all", "--format", "ids").stdout,
            "income-00000001\nexpense-00000001\nexpense-00000002\n")
        XCTAssertEqual(try budget.run("list", "expenses", "--format", "ids").stdout, "00000001\n00000002\n")
        XCTAssertEqual(try budget.run("list", "incomes", "--format", "ids").stdout, "00000001\n")
    }

    /// The pipe idiom of the bug report: it must not delete the expense that shares the income's number.
    func testDelete_QualifiedIDOfTheOtherKindIsRefusedAndChangesNothing() throws {
        let before = budget.dataBytes()
        let ids = try budget.run("list", "all", "--search", "Salary", "--format", "ids").stdout
        XCTAssertEqual(ids, "income-00000001\nexpense-00000002\n")
        let result = try budget.run(["delete", "expenses", "-"], stdin: ids)
        XCTAssertEqual(result.code, 64)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "budget: error: the id 'income-00000001' on line 1 of stdin is an income id, not an expense id\n"),
            result.stderr)
        XCTAssertEqual(budget.dataBytes(), before)
        let onArguments = try budget.run("delete", "expense", "expense-00000002", "income-1")
        XCTAssertEqual(onArguments.code, 64)
        XCTAssertEqual(budget.dataBytes(), before)
    }

    func testDelete_WithoutAKindTakesQualifiedIDsOfBothKindsAtOnce() throws {
        let ids = try budget.run("list", "all", "--search", "Salary", "--format", "ids").stdout
        let result = try budget.run(["delete", "-"], stdin: ids)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stderr, "Deleted 1 income and 1 expense.\n")
        XCTAssertEqual(try budget.run("list", "all", "--format", "ids").stdout, "expense-00000001\n")
        XCTAssertEqual(try budget.run("undo").code, 0)
        XCTAssertEqual(
            try budget.run("list", "all", "--format", "ids").stdout,
            "income-00000001\nexpense-00000001\nexpense-00000002\n")
    }

    func testDelete_WithoutAKindIsAllOrNothing() throws {
        let before = budget.dataBytes()
        let unknown = try budget.run(["delete", "-"], stdin: "income-00000001\nexpense-00000009\n")
        XCTAssertEqual(unknown.code, 1)
        XCTAssertEqual(unknown.stderr, "budget: error: no expense with id 00000009\n")
        let bare = try budget.run(["delete", "-"], stdin: "income-00000001\n2\n")
        XCTAssertEqual(bare.code, 64)
        XCTAssertTrue(
            bare.stderr.hasPrefix(
                "budget: error: the id '2' on line 2 of stdin does not say its kind: "
                    + "write expense-00000002 or income-00000002, or give the kind first\n"),
            bare.stderr)
        XCTAssertEqual(budget.dataBytes(), before)
    }

    func testShowEditMove_TakeAQualifiedIDWithOrWithoutTheKind() throws {
        let shown = Listing(tsv: try budget.run("show", "expense-2", "--format", "tsv", "--no-header").stdout,
                            header: ListingColumns.expenses)
        XCTAssertEqual(shown.rows, shown.blankFilled([
            ["id": "00000002", "order": "2", "date": "2026-11-02", "name": "Salary advance fee",
             "category": "uncategorized", "amount": "500"],
        ]))
        XCTAssertEqual(try budget.run("show", "expense", "expense-00000002", "--format", "ids").stdout, "00000002\n")
        XCTAssertEqual(try budget.run("show", "income-00000001", "--format", "ids").stdout, "00000001\n")
        XCTAssertEqual(try budget.run("edit", "expense-00000002", "--amount", "600").code, 0)
        XCTAssertEqual(try budget.run("move", "expense-00000002", "first").code, 0)
        let moved = Listing(tsv: try budget.run("list", "expenses", "--format", "tsv", "--no-header").stdout,
                            header: ListingColumns.expenses)
        XCTAssertEqual(moved.rows, moved.blankFilled([
            ["id": "00000002", "order": "1", "date": "2026-11-02", "name": "Salary advance fee",
             "category": "uncategorized", "amount": "600"],
            ["id": "00000001", "order": "2", "date": "2026-11-01", "name": "Rent", "category": "uncategorized",
             "amount": "80000"],
        ]))
        let incomeCategory = try budget.run("edit", "income-1", "--category", "food")
        XCTAssertEqual(incomeCategory.code, 64)
        XCTAssertTrue(incomeCategory.stderr.hasPrefix("budget: error: "
            + "'--category' applies to expenses"), incomeCategory.stderr)
    }

    func testShowEditMove_RefuseAnIDOfTheOtherKindOrWithoutAKind() throws {
        let before = budget.dataBytes()
        for arguments in [
            ["show", "income", "expense-1"], ["edit", "income", "expense-00000001", "--name", "x"],
            ["move", "income", "expense-1", "1"], ["show", "1"], ["edit", "2", "--name", "x"], ["move", "2", "1"],
        ] {
            let result = try budget.run(arguments)
            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("budget: error: the id '"), "\(arguments): \(result.stderr)")
        }
        let missing = try budget.run("show", "expense")
        XCTAssertTrue(missing.stderr.hasPrefix("budget: error: missing expected argument '<id>'\n"), missing.stderr)
        let typo = try budget.run("show", "expnese", "1")
        XCTAssertTrue(
            typo.stderr.hasPrefix(
                "budget: error: "
                    + "invalid kind 'expnese': expected income, expense or transfer; did you mean 'expense'?\n"),
            typo.stderr)
        // A mistyped ID is an invalid ID, not an invalid kind.
        for arguments in [
            ["show", "00000x1"], ["edit", "0000000l", "--name", "x"], ["delete", "1o"], ["move", "x2", "1"],
            ["show", "lunch"],
        ] {
            let result = try budget.run(arguments)
            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertTrue(
                result.stderr.hasPrefix(
                    "budget: error: invalid id '\(arguments[1])': "
                        + "expected a record id such as 00000001, 1 or expense-00000001\n"),
                "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(budget.dataBytes(), before)
    }
}
