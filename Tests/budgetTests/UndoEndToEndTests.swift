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
        XCTAssertEqual(
            try budget.run("history", "clear").stderr, "The history is already empty; nothing was changed.\n")
        XCTAssertEqual(budget.dataBytes(), before)
        XCTAssertEqual(try budget.run("-q", "history", "clear").stderr, "")
    }

    func testHistory_UnknownSubcommandIsAUsageError() throws {
        let result = try budget.run("history", "clean")
        XCTAssertEqual(result.code, 64)
        XCTAssertTrue(
            result.stderr.hasPrefix("budget: error: "
                + "unknown subcommand 'clean'; did you mean 'clear'?\n"), result.stderr)
    }

    /// History is not the budget: one unusable entry made every command exit 65 and the
    /// repair refuse. A command that only reads passes over the history and shows the records;
    /// a change is refused with an error that names the repair, which drops the unusable entry
    /// and the older ones behind it (undo reaches them only through it), keeps a backup, and
    /// says how many.
    func testUnusableHistoryEntry_IsDroppedByCheckRepair() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/invalid-data-files/43-history-entry-with-an-invalid-record.json")
        let original = try Data(contentsOf: fixture)
        try original.write(to: budget.dataFile)
        let path = budget.dataFile.path
        let read = try budget.run("list", "expenses", "--format", "ids")
        XCTAssertEqual(read.code, 0, read.stderr)
        XCTAssertEqual(read.stdout, "00000003\n")
        XCTAssertEqual(budget.dataBytes(), original)
        let refused = try budget.run("add", "expense", "x", "1")
        XCTAssertEqual(refused.code, 65)
        XCTAssertEqual(budget.dataBytes(), original)
        XCTAssertEqual(
            refused.stderr,
            "budget: error: invalid data file \(path):27:86: history entry 2: expense 00000003: the name must not be "
                + "empty; 'budget check --repair' fixes it, keeping a backup of the original\n")
        let check = try budget.run("check")
        XCTAssertEqual(check.code, 65)
        XCTAssertEqual(
            check.stdout, "\(path):27:86: history entry 2: expense 00000003: the name must not be empty (repairable)\n")

        let repair = try budget.run("check", "--repair")
        XCTAssertEqual(repair.code, 0, repair.stderr)
        let backups = budget.files().filter { $0.hasPrefix("budget.json.bak-") }
        XCTAssertEqual(backups.count, 1)
        let backup = try XCTUnwrap(backups.first, "the repair kept a backup")
        XCTAssertEqual(
            try Data(contentsOf: budget.directory.appendingPathComponent(backup)),
            original,
            "the backup is the original")
        XCTAssertTrue(
            repair.stderr.hasSuffix(
                "Repaired 1 problem (dropped the 2 oldest undo-history entries, which could no longer be undone); "
                    + "the original is saved as \(path).\(backup.dropFirst("budget.json.".count)).\n"),
            repair.stderr)
        XCTAssertEqual(try budget.run("check").code, 0)
        let history = try budget.run("history", "--format", "tsv", "--no-header").stdout
        XCTAssertEqual(history.split(separator: "\t").dropFirst(2).first, "delete expense 00000001 (Lunch)\n")
        XCTAssertEqual(try budget.run("undo").stderr, "Undid: delete expense 00000001 (Lunch).\n")
        XCTAssertEqual(try budget.run("list", "expenses", "--format", "ids").stdout, "00000001\n00000003\n")
        XCTAssertEqual(try budget.run("undo").code, 1)
    }
}
