import Foundation
import XCTest

/// On a real terminal (tmux), a read-only command that shows a table says once on stderr that
/// schedules have occurrences due, and records nothing; in a pipe or a machine format it says
/// nothing.
final class DueNoteShellTests: XCTestCase {
    func testReadOnlyTables_SayOnceWhatIsDueAndNeverWrite() throws {
        let budget = try BudgetProcess()
        budget.environment["BUDGET_TODAY"] = "2026-11-20"
        try budget.succeed("recur", "add", "expense", "Rent", "80000", "--every", "month", "--on", "25")
        let before = budget.dataBytes()
        let shell = try InteractiveShell(
            .bash,
            in: budget.directory,
            environment: ["BUDGET_FILE": budget.dataFile.path, "BUDGET_TODAY": "2026-11-26"])
        defer { shell.close() }
        let note = "budget: note: 1 scheduled occurrence is due (Rent on 2026-11-25); the next change records them, "
            + "or run 'budget recur run' to record them"
        shell.type("budget list all; budget summary --format tsv; budget list all | cat; echo DONE\"\"1")
        shell.press("Enter")
        let screen = try shell.waitForScreen("the listings") { $0.contains("DONE1") }
        XCTAssertEqual(
            screen.components(separatedBy: note).count - 1, 1, "once, for the table on the terminal only:\n\(screen)")
        XCTAssertEqual(budget.dataBytes(), before, "read-only commands never write")
    }
}
