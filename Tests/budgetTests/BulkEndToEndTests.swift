import Foundation
import XCTest

/// Bulk changes through the built binary: `edit` of many records and `categories rename`,
/// each one transaction and one undo step, all or nothing.
final class BulkEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        try budget.succeed("add", "expense", "Lunch", "900", "--category", "food", "--date", "2026-11-05")
        try budget.succeed(
            "add", "expense", "ｾﾌﾞﾝ", "300", "--category", "food", "--date", "2026-11-06", "--note", "おにぎり")
        try budget.succeed("add", "expense", "Bus", "200", "--category", "transport", "--date", "2026-11-06")
        try budget.succeed("add", "income", "Salary", "300000", "--date", "2026-11-25")
    }

    private func listing() throws -> String {
        try budget.run("list", "all", "--format", "tsv").stdout
    }

    // MARK: edit

    func testEdit_ManyIDsAreOneChangeAndOneUndoStep() throws {
        let before = try listing()
        let result = try budget.run("edit", "expense", "1", "2", "--category", "食費", "--note", "")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "Updated 2 expenses.\n")
        let edited = Listing(tsv: try budget.run("list", "expenses", "--category", "食費", "--format", "tsv",
                                                 "--no-header").stdout,
                             header: ListingColumns.expenses)
        XCTAssertEqual(edited.rows, edited.blankFilled([
            ["id": "00000001", "order": "1", "date": "2026-11-05", "name": "Lunch", "category": "食費", "amount": "900"],
            ["id": "00000002", "order": "2", "date": "2026-11-06", "name": "ｾﾌﾞﾝ", "category": "食費", "amount": "300"],
        ]))
        XCTAssertEqual(
            try budget.run("history", "--format", "tsv", "--no-header").stdout
                .split(separator: "\n").first?.split(separator: "\t").last,
            "edit 2 expenses")
        XCTAssertEqual(try budget.run("undo").stderr, "Undid: edit 2 expenses.\n")
        XCTAssertEqual(try listing(), before, "one undo reverts the whole edit")
    }

    func testEdit_IDsFromStdinInTheFormListWrites() throws {
        let ids = try budget.run("list", "expenses", "--category", "food", "--format", "ids").stdout
        XCTAssertEqual(ids, "00000001\n00000002\n")
        let result = try budget.run(["edit", "expenses", "-", "--amount", "1,000"], stdin: ids)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stderr, "Updated 2 expenses.\n")
        // `list all` writes kind-qualified IDs; `edit -` takes them without a kind, CRLF and blank lines too.
        let all = try budget.run("list", "all", "--search", "l", "--format", "ids").stdout
        XCTAssertEqual(all, "income-00000001\nexpense-00000001\n")
        let mixed = try budget.run(
            ["edit", "-", "--note", "checked"], stdin: all.replacingOccurrences(of: "\n", with: "\r\n") + "\n\n")
        XCTAssertEqual(mixed.stderr, "Updated 1 income and 1 expense.\n")
        XCTAssertEqual(
            try budget.run(["edit", "-", "--note", "checked"], stdin: all).stderr,
            "No change: the 1 income and 1 expense already have those values.\n")
        XCTAssertEqual(
            try budget.run("edit", "expense", "1", "3", "--note", "checked").stderr,
            "Updated 1 expense; 1 expense already had those values.\n")
        XCTAssertEqual(
            try budget.run("edit", "expense", "1", "--note", "checked").stderr,
            "No change: expense 00000001 (Lunch) already has those values.\n")
    }

    func testEdit_OneUnknownIDOrOneOfTheOtherKindChangesNothing() throws {
        let before = budget.dataBytes()
        let unknown = try budget.run("edit", "expense", "1", "2", "99", "--amount", "5")
        XCTAssertEqual(unknown.code, 1)
        XCTAssertEqual(unknown.stderr, "budget: error: no expense with id 00000099\n")
        let fromStdin = try budget.run(["edit", "expenses", "-", "--amount", "5"], stdin: "1\n2\nexpense-00000099\n")
        XCTAssertEqual(fromStdin.code, 1)
        XCTAssertEqual(fromStdin.stderr, "budget: error: no expense with id 00000099\n")
        let otherKind = try budget.run(["edit", "expenses", "-", "--amount", "5"], stdin: "1\nincome-00000001\n")
        XCTAssertEqual(otherKind.code, 64)
        XCTAssertTrue(
            otherKind.stderr.hasPrefix(
                "budget: error: the id 'income-00000001' on line 2 of stdin is an income id, not an expense id\n"),
            otherKind.stderr)
        let category = try budget.run(["edit", "-", "--category", "x"], stdin: "expense-1\nincome-1\n")
        XCTAssertEqual(category.code, 64)
        XCTAssertTrue(
            category.stderr.hasPrefix(
                "budget: error: '--category' applies to expenses; income-00000001 is an income, "
                    + "and incomes have no category\n"),
            category.stderr)
        let garbage = try budget.run(["edit", "expenses", "-", "--amount", "5"], stdin: "1\nnot an id\n")
        XCTAssertEqual(garbage.code, 64)
        XCTAssertTrue(garbage.stderr.hasPrefix("budget: error: "
            + "invalid id 'not an id' on line 2 of stdin"), garbage.stderr)
        XCTAssertEqual(try budget.run("edit", "expense", "1", "-", "--amount", "5").code, 64)
        XCTAssertEqual(budget.dataBytes(), before, "nothing was written")
    }

    func testEdit_EmptyStdinEditsNothing() throws {
        let before = budget.dataBytes()
        let result = try budget.run(["edit", "expenses", "-", "--amount", "5"], stdin: "")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stderr, "Updated 0 expenses (no IDs on stdin).\n")
        XCTAssertEqual(
            try budget.run(["edit", "-", "--amount", "5"], stdin: "\n \n").stderr,
            "Updated 0 records (no IDs on stdin).\n")
        XCTAssertEqual(budget.dataBytes(), before)
    }

    func testEdit_BulkWarnsForEachCategoryItTakesPastItsLimit() throws {
        try budget.succeed("limit", "set", "食費", "1000")
        let result = try budget.run("edit", "expense", "1", "2", "3", "--category", "食費")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(
            result.stderr,
            "Updated 3 expenses.\nbudget: warning: 食費 is over its monthly limit for 2026-11: 1,400 of 1,000\n")
    }

    // MARK: categories rename

    func testCategoriesRename_MovesEveryExpenseAndTheLimitInOneUndoStep() throws {
        try budget.succeed("limit", "set", "food", "40,000")
        let before = try listing()
        let limits = try budget.run("limit", "list", "--format", "tsv").stdout
        let result = try budget.run("categories", "rename", "food", "食費")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr, "Renamed category food to 食費 (2 expenses); its monthly limit of 40,000 moved with it.\n")
        XCTAssertEqual(
            try budget.run("categories", "--format", "tsv", "--no-header").stdout,
            "transport\t1\t200\t\t\n食費\t2\t1200\t40000\tmonth\n")
        XCTAssertEqual(try budget.run("config", "get", "budget.limit.food").stdout, "none\n")
        let history = try budget.run("history", "--format", "tsv", "--no-header").stdout
        XCTAssertEqual(
            history.split(separator: "\n").first?.split(separator: "\t").last, "rename category food → 食費 (2 expenses)")
        XCTAssertEqual(try budget.run("undo").stderr, "Undid: rename category food → 食費 (2 expenses).\n")
        XCTAssertEqual(try listing(), before)
        XCTAssertEqual(try budget.run("limit", "list", "--format", "tsv").stdout, limits)
    }

    func testCategoriesRename_IntoAnExistingCategoryMergesThem() throws {
        try budget.succeed("config", "set", "expense.default-category", "food")
        let result = try budget.run("categories", "rename", "food", "transport")
        XCTAssertEqual(
            result.stderr,
            "Merged category food into transport (2 expenses); expense.default-category is now transport.\n")
        XCTAssertEqual(
            try budget.run("categories", "--format", "tsv", "--no-header").stdout, "transport\t3\t1400\t\t\n")
        XCTAssertEqual(try budget.run("add", "expense", "x", "1").code, 0)
        XCTAssertEqual(
            try budget.run("list", "expenses", "--category", "transport", "--format", "ids").stdout,
            "00000001\n00000002\n00000003\n00000004\n")
        // ｾﾌﾞﾝ as a category, renamed to what it looks like in full width.
        try budget.succeed("edit", "expense", "4", "--category", "ｾﾌﾞﾝ")
        XCTAssertEqual(
            try budget.run("categories", "rename", "ｾﾌﾞﾝ", "セブン").stderr, "Renamed category ｾﾌﾞﾝ to セブン (1 expense).\n")
    }

    func testCategoriesRename_DifferentLimitsAreRefusedEqualOnesMerge() throws {
        try budget.succeed("limit", "set", "food", "1000")
        try budget.succeed("limit", "set", "transport", "500")
        let before = budget.dataBytes()
        let refused = try budget.run("categories", "rename", "food", "transport")
        XCTAssertEqual(refused.code, 1)
        XCTAssertEqual(
            refused.stderr,
            "budget: error: cannot rename food to transport: both have a limit (1,000 a month and 500 a month); "
                + "make them equal or remove one first; nothing was changed\n")
        XCTAssertEqual(budget.dataBytes(), before)
        try budget.succeed("limit", "set", "transport", "1000")
        XCTAssertEqual(
            try budget.run("categories", "rename", "food", "transport").stderr,
            "Merged category food into transport (2 expenses); both had the monthly limit 1,000, "
                + "which transport keeps.\n")
        XCTAssertEqual(
            try budget.run("limit", "list", "--format", "tsv", "--no-header").stdout.split(separator: "\t").first,
            "transport")
    }

    func testCategoriesRename_UnknownOldBadNewOrTheSameNameChangeNothing() throws {
        let before = budget.dataBytes()
        let unknown = try budget.run("categories", "rename", "nope", "x")
        XCTAssertEqual(unknown.code, 1, "like an unknown ID")
        XCTAssertEqual(unknown.stderr, "budget: error: no category named 'nope': no expense or limit uses it\n")
        let control = try budget.run("categories", "rename", "food", "a\u{1B}[31mb")
        XCTAssertEqual(control.code, 64)
        XCTAssertTrue(
            control.stderr.hasPrefix("budget: error: the category 'a\\u{1B}[31mb' contains a control character\n"),
            control.stderr)
        let blank = try budget.run("categories", "rename", "food", " \u{200B} ")
        XCTAssertEqual(blank.code, 64)
        XCTAssertTrue(blank.stderr.hasPrefix("budget: error: the category must not be empty\n"), blank.stderr)
        let same = try budget.run("categories", "rename", "food", " food ")
        XCTAssertEqual(same.code, 0)
        XCTAssertEqual(same.stderr, "No change: the category is already called food.\n")
        XCTAssertEqual(try budget.run("categories", "rename", "food").code, 64)
        XCTAssertEqual(budget.dataBytes(), before, "nothing was written")
        XCTAssertEqual(
            try budget.run("history", "--format", "tsv", "--no-header").stdout.split(separator: "\n").count, 4)
    }

    func testCategoriesRename_IsDocumentedAndCompletesCategories() throws {
        let help = try budget.run("categories", "rename", "--help").stdout
        XCTAssertTrue(help.contains("USAGE: budget categories rename <old> <new>\n"), help)
        XCTAssertTrue(try budget.run("categories", "--help").stdout.contains("SUBCOMMANDS:\n  rename "))
        XCTAssertTrue(try budget.run("manual").stdout.contains("categories rename"))
        XCTAssertEqual(try budget.run("__complete", "fish", "budget categories ").stdout, "words\nrename\n")
        XCTAssertEqual(
            try budget.run("__complete", "fish", "budget categories rename ").stdout, "words\nfood\ntransport\n")
        XCTAssertEqual(
            try budget.run("__complete", "fish", "budget categories rename food t").stdout, "words\ntransport\n")
        XCTAssertEqual(
            try budget.run("__complete", "fish", "budget categories rename food transport ").stdout, "words\n")
    }
}
