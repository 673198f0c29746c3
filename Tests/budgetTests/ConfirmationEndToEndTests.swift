import BudgetCore
import Foundation
import XCTest

/// What a command says on stderr must be what it did: no "Moved" for a record that stayed,
/// no warning for a change that added nothing, no "1 expenses".
final class ConfirmationEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        try budget.succeed("add", "expense", "Lunch", "900", "--category", "food", "--date", "2026-11-05")
        try budget.succeed("add", "expense", "Dinner", "1200", "--category", "food", "--date", "2026-11-06")
    }

    func testMove_ToThePositionItHasSaysSoAndWritesNothing() throws {
        let before = budget.dataBytes()
        let result = try budget.run("move", "expense", "1", "first")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stderr, "No change: expense 00000001 is already at position 1.\n")
        XCTAssertEqual(
            try budget.run("move", "expense", "2", "last").stderr,
            "No change: expense 00000002 is already at position 2.\n")
        XCTAssertEqual(budget.dataBytes(), before)
        XCTAssertEqual(try budget.run("move", "expense", "2", "1").stderr, "Moved expense 00000002 to position 1.\n")
    }

    func testConfig_UnsetOfAnUnsetKeyAndSetToTheSameValueSayNothingChanged() throws {
        let before = budget.dataBytes()
        XCTAssertEqual(
            try budget.run("config", "unset", "display.color").stderr, "No change: display.color was not set.\n")
        XCTAssertEqual(budget.dataBytes(), before)
        XCTAssertEqual(
            try budget.run("config", "set", "display.color", "never").stderr, "Set display.color to never.\n")
        let set = budget.dataBytes()
        XCTAssertEqual(
            try budget.run("config", "set", "display.color", "never").stderr,
            "No change: display.color is already never.\n")
        XCTAssertEqual(budget.dataBytes(), set)
        XCTAssertEqual(
            try budget.run("config", "unset", "display.color").stderr,
            "Unset display.color; it is back to its default.\n")
    }

    func testLimitWarning_OnlyWhenTheChangeAddedToAMonthOverItsLimit() throws {
        try budget.succeed("limit", "set", "food", "1000")
        let over = try budget.run("add", "expense", "Snack", "1", "--category", "food", "--date", "2026-11-07")
        XCTAssertEqual(over.stderr, "budget: warning: food is over its monthly limit for 2026-11: 2,101 of 1,000\n")
        let zero = try budget.run("add", "expense", "Free sample", "0", "--category", "food", "--date", "2026-11-07")
        XCTAssertEqual(zero.code, 0)
        XCTAssertEqual(zero.stderr, "", "an amount of 0 takes nothing over")
        XCTAssertEqual(
            try budget.run("edit", "expense", "1", "--name", "Big lunch").stderr,
            "Updated expense 00000001 (Big lunch).\n")
        XCTAssertEqual(
            try budget.run("edit", "expense", "1", "--amount", "800").stderr, "Updated expense 00000001 (Big lunch).\n")
        let raised = try budget.run("edit", "expense", "1", "--amount", "850")
        XCTAssertEqual(
            raised.stderr,
            "Updated expense 00000001 (Big lunch).\n"
                + "budget: warning: food is over its monthly limit for 2026-11: 2,051 of 1,000\n")
        let movedIn = try budget.run("add", "expense", "Elsewhere", "5", "--category", "fun", "--date", "2026-11-07")
        XCTAssertEqual(movedIn.stderr, "")
        XCTAssertTrue(
            try budget.run("edit", "expense", "5", "--category", "food").stderr.contains("warning: food is over"))
    }

    func testRestore_CountsInTheSingularForOne() throws {
        let export = try budget.run("export").stdout
        let target = try BudgetProcess()
        XCTAssertEqual(try target.run(["restore", "-"], stdin: export).stderr, "Restored 0 incomes and 2 expenses.\n")
        try budget.succeed("add", "income", "Salary", "1")
        try budget.succeed("delete", "expense", "2")
        let other = try BudgetProcess()
        XCTAssertEqual(
            try other.run(["restore", "-"], stdin: try budget.run("export").stdout).stderr,
            "Restored 1 income and 1 expense.\n")
    }

    func testRestore_OverABudgetSaysWhatItHoldsInWords() throws {
        let export = try budget.run("export").stdout
        let refused = try budget.run(["restore", "-"], stdin: export)
        XCTAssertEqual(refused.code, 1)
        XCTAssertEqual(
            refused.stderr,
            "budget: error: the budget is not empty (it holds 2 expenses); "
                + "add --force to replace it (undo brings it back)\n")
        try budget.succeed("delete", "expense", "2")
        try budget.succeed("add", "income", "Salary", "1")
        XCTAssertEqual(try budget.run(["restore", "-"], stdin: export).stderr,
                       "budget: error: the budget is not empty (it holds 1 income and 1 expense); "
                           + "add --force to replace it (undo brings it back)\n")
        try budget.succeed("limit", "set", "food", "1000")
        XCTAssertEqual(try budget.run(["restore", "-"], stdin: export).stderr,
                       "budget: error: the budget is not empty (it holds 1 income, 1 expense and settings); "
                           + "add --force to replace it (undo brings it back)\n")
        let settingsOnly = try BudgetProcess()
        try settingsOnly.succeed("config", "set", "display.color", "never")
        XCTAssertEqual(try settingsOnly.run(["restore", "-"], stdin: export).stderr,
                       "budget: error: the budget is not empty (it holds settings); "
                           + "add --force to replace it (undo brings it back)\n")
    }

    func testRuleAdd_SaysTheKindAndFieldItMatches() throws {
        XCTAssertEqual(
            try budget.run("rule", "add", "ama", "--kind", "income", "--skip").stderr,
            "Added rule 1: ama (incomes only) → skip (on import).\n")
        XCTAssertEqual(
            try budget.run("rule", "add", "gift", "--field", "note", "--kind", "expense", "--category", "gifts").stderr,
            "Added rule 2: gift in notes (expenses only) → category gifts.\n")
        XCTAssertEqual(
            try budget.run("rule", "add", "ｾﾌﾞﾝ", "--category", "conbini").stderr,
            "Added rule 3: ｾﾌﾞﾝ → category conbini (expenses).\n")
        XCTAssertEqual(
            try budget.run("rule", "delete", "1").stderr, "Deleted rule 1 (ama (incomes only): skip (on import)).\n")
    }

    func testProfileList_EndsWithItsLastRow() throws {
        let table = try budget.run("profile", "list").stdout
        XCTAssertTrue(table.hasSuffix((StatementPreset.all.last?.title ?? "?") + "\n"), table)
        XCTAssertFalse(table.hasSuffix("\n\n"), table)
    }

    /// `ledger` cannot read dates before 1400; hledger can. The export says which record is the problem.
    func testExportLedger_RefusesADateLedgerCannotRead() throws {
        try budget.succeed("add", "expense", "Old", "5", "--date", "1399-12-31")
        let result = try budget.run("export", "--format", "ledger")
        XCTAssertEqual(result.code, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            "budget: error: expense-00000003 is dated 1399-12-31, before 1400, the first year ledger reads; correct "
                + "its date or leave it out with --from; nothing was exported\n")
        XCTAssertEqual(try budget.run("export", "--format", "ledger", "--from", "1400-01-01").code, 0)
        try budget.succeed("edit", "expense", "3", "--date", "1400-01-01")
        let journal = try budget.run("export", "--format", "ledger")
        XCTAssertEqual(journal.code, 0)
        if Peer.isAvailable("ledger", for: "to read a journal with dates from 1400") {
            try Data(journal.stdout.utf8).write(to: budget.directory.appendingPathComponent("old.journal"))
            let read = try budget.shell("ledger -f old.journal balance --no-total")
            XCTAssertEqual(read.code, 0, read.stderr)
            XCTAssertEqual(read.stderr, "")
        }
    }
}
