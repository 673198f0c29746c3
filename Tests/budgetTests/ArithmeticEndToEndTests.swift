import Foundation
import XCTest

/// Values from the data file and the environment reach arithmetic: none may trap, whatever
/// their size.
final class ArithmeticEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
    }

    /// An expense 10¹⁶ times its limit: the percentage used is 10¹⁸ %, shown exactly.
    func testSummary_AHugeMultipleOfALimitIsShownExactly() throws {
        XCTAssertEqual(try budget.run("limit", "set", "food", "1").code, 0)
        XCTAssertEqual(
            try budget.run(
                "add", "expense", "a", "10000000000000000", "--category", "food", "--date", "2026-11-05").code,
            0)
        for format in ["table", "tsv", "csv", "json"] {
            let result = try budget.run("summary", "--month", "2026-11", "--format", format)
            XCTAssertEqual(result.code, 0, "\(format): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("1000000000000000000.0"), "\(format): \(result.stdout)")
        }
        let table = try budget.run("summary", "--month", "2026-11").stdout
        XCTAssertTrue(
            table.contains("1000000000000000000.0%  ▏  over") || table.contains("1000000000000000000.0%  over"), table)
    }

    func testPercent_IsExactAndRoundsHalfAwayFromZero() throws {
        try budget.succeed("limit", "set", "food", "3")
        try budget.succeed("add", "expense", "a", "2", "--category", "food", "--date", "2026-11-05")
        try budget.succeed("add", "expense", "b", "9223372036854775805", "--category", "rent", "--date", "2026-11-05")
        let tsv = try budget.run("summary", "--month", "2026-11", "--format", "tsv").stdout
        // 2 / 3 = 66.666…%: 66.7. 2 of 9223372036854775807 is 0.0%, the rest 100.0%.
        XCTAssertTrue(tsv.contains("category\tfood\t2\t0.0\t3\t1\t66.7\t0\t3\tmonth\t2\n"), tsv)
        XCTAssertTrue(tsv.contains("category\trent\t9223372036854775805\t100.0\t\t\t\t\t\t\t\n"), tsv)
    }

    /// `COLUMNS` is taken as the width only up to a sane maximum.
    func testSummary_HugeOrOddColumnsNeitherTrapNorBlowUp() throws {
        try budget.succeed("add", "expense", "a", "500", "--category", "food", "--date", "2026-11-05")
        try budget.succeed("add", "expense", "b", "250", "--category", "rent", "--date", "2026-11-05")
        for columns in ["9223372036854775807", "99999999999999999999999", "100000000000", "100000000", "1000"] {
            let result = try budget.run(["summary", "--month", "2026-11"], environment: ["COLUMNS": columns])
            XCTAssertEqual(result.code, 0, "\(columns): \(result.stderr)")
            let widest = result.stdout.split(separator: "\n").map { (line: Substring) in line.count }.max() ?? 0
            XCTAssertLessThanOrEqual(widest, 1_000, columns)
            XCTAssertGreaterThan(widest, 900, "a wide terminal still gets wide bars: \(columns)")
        }
        for columns in ["0", "-5", "abc", "", "1e9"] {
            let result = try budget.run(["summary", "--month", "2026-11"], environment: ["COLUMNS": columns])
            XCTAssertEqual(result.code, 0, "\(columns): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("█"), "falls back to 80 columns: \(columns)")
        }
    }
}
