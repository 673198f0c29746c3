import Foundation
import XCTest

/// A usage error is one line, `budget: error: …`, wherever stderr goes; on a real terminal
/// (tmux) the command's usage line and where to find help follow it, for a person.
final class UsageErrorShellTests: XCTestCase {
    func testUsageError_IsOneLineInAPipeAndShowsTheUsageOnATerminal() throws {
        let budget = try BudgetProcess()
        let shell = try InteractiveShell(
            .bash, in: budget.directory, environment: ["BUDGET_FILE": budget.dataFile.path])
        defer { shell.close() }
        shell.type("budget add expense; budget add expense 2>&1 | cat; echo DONE\"\"1")
        shell.press("Enter")
        let screen = try shell.waitForScreen("the two errors") { $0.contains("DONE1") }
        let error = "budget: error: missing expected argument '<name>'"
        XCTAssertEqual(screen.components(separatedBy: error).count - 1, 2, screen)
        let usage = "usage: budget add expense <name> <amount> [<options>]"
        XCTAssertEqual(screen.components(separatedBy: usage).count - 1, 1, "the terminal's only:\n\(screen)")
        XCTAssertEqual(
            screen.components(separatedBy: "see 'budget add expense --help' for more information.").count - 1, 1,
            screen)
        XCTAssertNil(budget.dataBytes(), "a usage error writes nothing")
    }
}
