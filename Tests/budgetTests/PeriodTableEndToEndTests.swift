import Foundation
import XCTest
@testable import budget

/// `summary --per week|month|year` through the binary: the table and its fitting to the
/// terminal, the machine formats with every period, the defaults and the usage errors (the
/// README's example is run by `ReadmeEndToEndTests`). Today is 2026-11-24 (`BUDGET_TODAY`).
final class PeriodTableEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        budget.environment["BUDGET_TODAY"] = "2026-11-24"
        budget.environment["COLUMNS"] = "80"
        try budget.succeed("config", "set", "display.currency", "JPY")
    }

    /// The README's household: rent, groceries, fares and a film from August to November 2026.
    private func household() throws {
        for month in ["08", "09", "10", "11"] {
            try budget.succeed("add", "expense", "家賃", "80,000", "--category", "住居", "--date", "2026-\(month)-01")
        }
        for (name, amount, category, date) in [
            ("Groceries", "35,500", "食費", "2026-08-12"), ("Train", "12,000", "transport", "2026-08-13"),
            ("Movie", "1,800", "fun", "2026-09-20"), ("Bus", "6,400", "transport", "2026-10-01"),
            ("Groceries", "41,200", "食費", "2026-10-03"), ("Groceries", "38,000", "食費", "2026-11-03")
        ] {
            try budget.succeed("add", "expense", name, amount, "--category", category, "--date", date)
        }
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func testTable_RowsPeriodsTotalAverageAndSparkline() throws {
        try household()
        let text = try budget.run(
            ["summary", "--per", "month", "--year", "2026"], environment: ["COLUMNS": "200"]).stdout
        let rows = lines(text)
        XCTAssertEqual(rows[0], "Expenses per month by category, 2026-01-01 to 2026-12-31")
        XCTAssertEqual(rows[2].split(separator: " ").map(String.init),
                       ["CATEGORY"] + (1...12).map { String(format: "2026-%02d", $0) } + ["TOTAL", "AVERAGE", "TREND"],
                       "every month, December too")
        // 114,700 / 12 = 9,558.33…; 1,800 / 12 = 150; 18,400 / 12 = 1,533.33…
        XCTAssertTrue(rows[4].hasSuffix("  ¥114,700   ¥9,558         ▇ █▇"), rows[4])
        XCTAssertTrue(rows[5].hasSuffix("   ¥18,400   ¥1,533         █ ▄"), rows[5])
        XCTAssertTrue(rows[7].hasPrefix("Total  "), rows[7])
        XCTAssertTrue(rows[7].hasSuffix("  ¥454,900  ¥37,908         █▅█▇"), "454,900 / 12 = 37,908.33…: \(rows[7])")
        XCTAssertEqual(rows.count, 9, "no notes: every period fits, none is cut")
        XCTAssertEqual(rows[8], "")

        let weeks = try budget.run(
            ["summary", "--per", "week", "--from", "2026-10-01", "--to", "2026-10-06"],
            environment: ["COLUMNS": "200"]).stdout
        XCTAssertTrue(weeks.contains("CATEGORY   2026-W40*  2026-W41*"), weeks)
        XCTAssertTrue(
            weeks.hasSuffix(
                "\n\n2026-W40* covers only 2026-10-01 to 2026-10-04.\n"
                    + "2026-W41* covers only 2026-10-05 to 2026-10-06.\n"),
            weeks)

        let tags = try budget.run("summary", "--by", "tag", "--per", "month")
        XCTAssertEqual(
            tags.stdout, "Expenses per month by tag, 2025-12-01 to 2026-11-30\n\nNo tagged expenses in this period.\n")
        try budget.succeed(
            "add", "expense", "旅館", "32000", "--category", "travel", "--tag", "kyoto", "--tag", "trip", "--date",
            "2026-11-20")
        let tagged = try budget.run(["summary", "--by", "tag", "--per", "year"], environment: ["COLUMNS": "200"]).stdout
        XCTAssertEqual(tagged, """
        Expenses per year by tag, 2026-01-01 to 2026-12-31

        TAG       2026    TOTAL  AVERAGE  TREND
        kyoto  ¥32,000  ¥32,000  ¥32,000  █
        trip   ¥32,000  ¥32,000  ¥32,000  █
        Total  ¥32,000  ¥32,000  ¥32,000  █

        An expense counts under each of its tags; Total counts it once.

        """)
    }

    func testTable_FitsTheTerminalWithTheMostRecentPeriods() throws {
        try household()
        for width in [50, 60, 80, 100, 120, 160, 240] {
            let result = try budget.run(
                ["summary", "--per", "month", "--year", "2026"], environment: ["COLUMNS": "\(width)"])
            XCTAssertEqual(result.code, 0)
            let rows = lines(result.stdout)
            let table = rows[2...7]
            for row in table { XCTAssertLessThanOrEqual(DisplayWidth.of(row), width, "\(width): \(row)") }
            let shown = rows[2].split(separator: " ").filter { $0.hasPrefix("2026-") }.map(String.init)
            XCTAssertFalse(shown.isEmpty)
            XCTAssertEqual(
                shown,
                (13 - shown.count...12).map { String(format: "2026-%02d", $0) },
                "the most recent months, in order")
            // The Total row (no wide characters) has its sparkline under TREND: one cell per month shown.
            let trend = try XCTUnwrap(rows[2].range(of: "TREND")).lowerBound.utf16Offset(in: rows[2])
            let totals = [0, 0, 0, 0, 0, 0, 0, 127_500, 81_800, 127_600, 118_000, 0]
            var expected = PeriodTablePrinter.sparkline(totals.suffix(shown.count))
            while expected.hasSuffix(" ") { expected.removeLast() }
            XCTAssertEqual(String(rows[7].dropFirst(trend)), expected, "\(width): \(rows[7])")
            if shown.count < 12 {
                XCTAssertEqual(
                    rows[rows.count - 2],
                    "\(12 - shown.count) earlier month\(shown.count == 11 ? "" : "s") not shown; TOTAL and AVERAGE "
                        + "include them.")
                XCTAssertTrue(rows[3].contains("¥320,000  ¥26,667"), "all twelve months count: \(rows[3])")
            } else {
                XCTAssertFalse(result.stdout.contains("not shown"))
            }
            // One more column would not have fitted.
            if shown.count < 12 {
                XCTAssertGreaterThan(table.map(DisplayWidth.of).max() ?? 0, width - 12, "\(width): \(rows[2])")
            }
        }
        let narrow = try budget.run(
            ["summary", "--per", "month", "--year", "2026"], environment: ["COLUMNS": "20"]).stdout
        XCTAssertTrue(
            lines(narrow)[2].hasPrefix("CATEGORY   2026-12  "), "one period at least, however narrow: \(narrow)")
    }

    func testMachineFormats_HoldEveryPeriodWithExactNumbers() throws {
        try budget.succeed("config", "set", "period.month-start", "25")
        try household()
        try budget.succeed("add", "income", "Salary", "300,000", "--date", "2026-10-25")
        try budget.succeed("add", "income", "Salary", "300,000", "--date", "2026-11-25")
        let tsv = try budget.run(
            ["summary", "--per", "month", "--months", "4", "--format", "tsv"], environment: ["COLUMNS": "20"]).stdout
        XCTAssertEqual(tsv, """
        kind\tname\t2026-08\t2026-09\t2026-10\t2026-11\ttotal\taverage
        category\t住居\t80000\t80000\t80000\t80000\t320000\t80000
        category\t食費\t35500\t0\t41200\t38000\t114700\t28675
        category\ttransport\t12000\t0\t6400\t0\t18400\t4600
        category\tfun\t0\t1800\t0\t0\t1800\t450
        total\texpenses\t127500\t81800\t127600\t118000\t454900\t113725

        """)
        let csv = try budget.run(
            "summary", "--by", "income", "--per", "month", "--from", "2026-10-01", "--to", "2026-12-31", "--format",
            "csv", "--no-header").stdout
        XCTAssertEqual(
            csv,
            "source,Salary,0,300000,300000,0,600000,150000\r\ntotal,income,0,300000,300000,0,600000,150000\r\n",
            "2026-10 to 2027-01: the payday months the range touches")

        let json = try budget.run(
            "summary", "--per", "week", "--from", "2026-10-01", "--to", "2026-10-14", "--format", "json").stdout
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["by"] as? String, "category")
        XCTAssertEqual(object["per"] as? String, "week")
        XCTAssertEqual(object["from"] as? String, "2026-10-01")
        XCTAssertEqual(object["currency"] as? String, "JPY")
        let periods = try XCTUnwrap(object["periods"] as? [[String: Any]])
        XCTAssertEqual(periods.map { $0["name"] as? String }, ["2026-W40", "2026-W41", "2026-W42"])
        XCTAssertEqual(periods[0]["start"] as? String, "2026-09-28")
        XCTAssertEqual(periods[0]["from"] as? String, "2026-10-01")
        XCTAssertEqual(periods[0]["to"] as? String, "2026-10-04")
        XCTAssertEqual(periods.map { $0["partial"] as? Bool }, [true, false, true])
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["name"] as? String }, ["住居", "食費", "transport"])
        XCTAssertEqual(rows[1]["amounts"] as? [Int], [41_200, 0, 0], "2026-10-03 is in the week from 2026-09-28")
        XCTAssertEqual(rows[2]["total"] as? Int, 6_400)
        let average = try XCTUnwrap(rows[2]["average"] as? [String: Any])
        XCTAssertEqual(average["numerator"] as? Int, 6_400)
        XCTAssertEqual(average["denominator"] as? Int, 3, "exact: 2,133.33… is never rounded in json")
        let total = try XCTUnwrap(object["total"] as? [String: Any])
        XCTAssertEqual(total["name"] as? String, "expenses")
        XCTAssertEqual(total["amounts"] as? [Int], [127_600, 0, 0])
    }

    func testDefaultsAndMonths() throws {
        try household()
        try budget.succeed("add", "expense", "Old", "1", "--category", "misc", "--date", "2020-05-05")
        let months = try budget.run("summary", "--per", "month", "--format", "tsv").stdout
        let header = lines(months)[0].split(separator: "\t").map(String.init)
        XCTAssertEqual(
            Array(header.dropFirst(2).dropLast(2)),
            ["2025-12"] + (1...11).map { String(format: "2026-%02d", $0) },
            "the last 12 budget months")
        let years = try budget.run("summary", "--per", "year", "--format", "tsv").stdout
        XCTAssertEqual(
            lines(years)[0], "kind\tname\t2020\t2021\t2022\t2023\t2024\t2025\t2026\ttotal\taverage", "every record")
        let two = try budget.run("summary", "--months", "2").stdout
        XCTAssertTrue(
            two.hasPrefix("Summary, 2026-10-01 to 2026-11-30\n"), "--months is a period of summary too: \(two)")
        let all = try budget.run("summary", "--per", "month", "--all", "--format", "tsv").stdout
        XCTAssertEqual(lines(all)[0].split(separator: "\t").count, 2 + 79 + 2, "2020-05 to 2026-11")
    }

    func testUsageErrors_NameTheOption() throws {
        for (arguments, message) in [
            (["--per", "day"], "invalid value 'day' for '--per <period>': expected week, month or year"),
            (["--per", "month", "--by", "month"], "'--by month' cannot be combined with '--per'"),
            (["--per", "month", "--months", "0"],
             "invalid value '0' for '--months <n>': expected a whole number from 1"),
            (["--months", "x"], "invalid value 'x' for '--months <n>'"),
            (["--months", "3", "--month", "2026-11"], "'--months' cannot be combined with '--month'"),
            (["--months", "3", "--from", "2026-01-01"], "'--months' cannot be combined with '--from'"),
            (["--months", "3", "--all"], "'--all' cannot be combined with a period option"),
        ] {
            let result = try budget.run(["summary"] + arguments)
            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    func testFilters_AreNamedUnderTheTitle() throws {
        let table = try budget.succeed(
            "summary", "--per", "month", "--months", "2", "--category", "食費", "--search", "スーパー").stdout
        XCTAssertEqual(
            table.split(separator: "\n", omittingEmptySubsequences: false).prefix(3).dropFirst().map(String.init),
            ["Filters: category 食費 (expenses only), search \"スーパー\"", ""])
    }
}
