import Foundation
import XCTest

/// `undo` and `history clear`, through the built binary.
final class UndoEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
    }

    /// A deleted record must not linger in a file that is about to be shared.
    func testHistoryClear_DropsTheDeletedRecordsButKeepsTheRecords() throws {
        try budget.succeed("add", "expense", "Secret gift", "5000")
        try budget.succeed("add", "expense", "Lunch", "900")
        try budget.succeed("delete", "expense", "1")
        XCTAssertTrue(String(decoding: budget.dataBytes() ?? Data(), as: UTF8.self).contains("Secret gift"))
        let listed = try budget.run("list", "expenses", "--format", "tsv").stdout

        let result = try budget.run("history", "clear")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "Cleared the history: 3 changes can no longer be undone.\n")
        XCTAssertFalse(String(decoding: budget.dataBytes() ?? Data(), as: UTF8.self).contains("Secret gift"))
        XCTAssertEqual(try budget.run("list", "expenses", "--format", "tsv").stdout, listed)
        XCTAssertEqual(try budget.run("history", "--format", "tsv", "--no-header").stdout, "")
        let undo = try budget.run("undo")
        XCTAssertEqual(undo.code, 1)
        XCTAssertEqual(undo.stderr, "budget: error: nothing to undo\n")
        XCTAssertEqual(try budget.run("check").code, 0)
        // Later changes are recorded again, and IDs stay spent.
        XCTAssertEqual(try budget.run("add", "expense", "Tea", "300").stdout, "00000003\n")
        XCTAssertEqual(try budget.run("undo").stderr, "Undid: add expense 00000003 (Tea).\n")
    }

    func testHistoryClear_OfAnEmptyHistoryChangesNothingAndCreatesNoFile() throws {
        let result = try budget.run("history", "clear")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stderr, "The history is already empty; nothing was changed.\n")
        XCTAssertNil(budget.dataBytes())
        try budget.succeed("add", "expense", "Lunch", "900")
        try budget.succeed("history", "clear")
        let before = budget.dataBytes()
        XCTAssertEqual(try budget.run("history", "clear").stderr, "The history is already empty; nothing was changed.\n")
        XCTAssertEqual(budget.dataBytes(), before)
        XCTAssertEqual(try budget.run("-q", "history", "clear").stderr, "")
    }

    func testHistory_UnknownSubcommandIsAUsageError() throws {
        let result = try budget.run("history", "clean")
        XCTAssertEqual(result.code, 64)
        XCTAssertTrue(result.stderr.hasPrefix("Error: Unknown subcommand 'clean'. Did you mean 'clear'?\n"), result.stderr)
    }
}
