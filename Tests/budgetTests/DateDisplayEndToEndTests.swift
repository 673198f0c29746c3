import Foundation
import XCTest

/// `display.date-format` reaches every date a table shows, and history times are local.
final class DateDisplayEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
    }

    func testDateFormat_AppliesToSummaryTitlesMonthRowsAndLimitHeaders() throws {
        try budget.succeed("add", "expense", "Lunch", "900", "--category", "food", "--date", "2026-11-03")
        try budget.succeed("limit", "set", "food", "1000")
        try budget.succeed("config", "set", "display.date-format", "dmy")
        let summary = try budget.run("summary", "--month", "2026-11").stdout
        XCTAssertTrue(summary.hasPrefix("Summary, 01/11/2026 to 30/11/2026\n"), summary)
        let byMonth = try budget.run("summary", "--all", "--by", "month").stdout
        XCTAssertTrue(byMonth.contains("\n11/2026 "), byMonth)
        let limits = try budget.run("limit", "list").stdout
        XCTAssertNotNil(
            limits.range(of: #"^CATEGORY +LIMIT +SPENT \d\d/\d{4} +REMAINING\n"#, options: .regularExpression), limits)
        try budget.succeed("config", "set", "display.date-format", "ymd-slash")
        XCTAssertTrue(
            try budget.run("summary", "--month", "2026-11").stdout.hasPrefix("Summary, 2026/11/01 to 2026/11/30\n"))
        XCTAssertTrue(try budget.run("summary", "--all", "--by", "month").stdout.contains("\n2026/11 "))
        let machine = try budget.run("summary", "--all", "--by", "month", "--format", "tsv").stdout
        XCTAssertTrue(machine.contains("2026-11\t"), "machine formats keep ISO: \(machine)")
    }

    func testDateFormat_AppliesToForecastSchedulesAndDryRuns() throws {
        budget.environment["BUDGET_TODAY"] = "2026-11-25"
        try budget.succeed("config", "set", "display.date-format", "dmy")
        try budget.succeed(
            "recur", "add", "income", "Salary", "300000", "--every", "month", "--on", "25", "--from", "2026-11-25",
            "--until", "2027-06-30")
        try budget.succeed("recur", "add", "expense", "Insurance", "20000", "--every", "year", "--from", "2026-12-03")

        let list = try budget.run("recur", "list").stdout
        XCTAssertTrue(list.contains("every month on the 25th, until 30/06/2027  next 25/12/2026\n"), list)
        XCTAssertTrue(list.contains("every year on 03/12"), list)
        XCTAssertTrue(list.contains("next 03/12/2026\n"), list)
        let show = try budget.run("recur", "show", "1").stdout
        for line in [
            "from              25/11/2026\n", "status            next 25/12/2026\n", "recorded through  25/11/2026\n",
            "coming            25/12/2026, 25/01/2027, 25/02/2027\n"
        ] {
            XCTAssertTrue(show.contains(line), "\(line)\(show)")
        }
        let run = try budget.run("recur", "run", "--dry-run", "--through", "2026-12-31").stdout
        XCTAssertTrue(run.contains("\n03/12/2026  expense"), run)
        XCTAssertTrue(run.contains("\n25/12/2026  income"), run)

        let forecast = try budget.run("forecast", "--months", "2").stdout
        XCTAssertTrue(forecast.hasPrefix("Forecast from 25/11/2026, 2 budget months;"), forecast)
        XCTAssertTrue(forecast.contains("\n12/2026 (01/12/2026 to 31/12/2026)\n"), forecast)
        XCTAssertTrue(forecast.contains("\n03/12/2026  expense  Insurance"), forecast)
        XCTAssertTrue(forecast.contains("Projected balance on 31/12/2026: "), forecast)

        let dryRun = try budget.run(
            ["import", "expenses", "-", "--dry-run"], stdin: "date,name,amount\n2026-11-01,tea,5\n")
        XCTAssertTrue(dryRun.stdout.contains("\n01/11/2026  tea"), dryRun.stdout)

        // Machine formats keep ISO.
        XCTAssertTrue(try budget.run("recur", "list", "--format", "tsv").stdout.contains("\t2026-11-25\t2027-06-30\t"))
        XCTAssertTrue(try budget.run("forecast", "--format", "tsv").stdout.contains("\t2026-12-01\t2026-12-31\t"))
        let machine = try budget.run("recur", "run", "--dry-run", "--through", "2026-12-31", "--format", "csv").stdout
        XCTAssertTrue(machine.contains("2026-12-03,2026-12-03,expense"))
    }

    /// A history entry stamped at a known UTC time, seen from Tokyo (a day later there).
    private func historyAtKnownTime() throws {
        try budget.succeed("add", "expense", "Lunch", "900", "--date", "2026-11-21")
        let text = String(decoding: try XCTUnwrap(budget.dataBytes()), as: UTF8.self)
        let stamped = text.replacingOccurrences(
            of: #""time" : "[^"]*""#, with: #""time" : "2026-11-21T20:30:00Z""#, options: .regularExpression)
        XCTAssertNotEqual(stamped, text)
        try Data(stamped.utf8).write(to: budget.dataFile)
    }

    func testHistory_ShowsLocalTimeInTheDateFormat() throws {
        try historyAtKnownTime()
        let tokyo = ["TZ": "Asia/Tokyo"]
        XCTAssertEqual(try budget.run(["history"], environment: tokyo).stdout, """
        STEP  TIME                 CHANGE
           1  2026-11-22 05:30:00  add expense 00000001 (Lunch)

        """)
        XCTAssertEqual(try budget.run(["history", "--format", "tsv"], environment: ["TZ": "America/New_York"]).stdout,
                       "step\ttime\tsummary\n1\t2026-11-21T15:30:00-05:00\tadd expense 00000001 (Lunch)\n")
        XCTAssertEqual(try budget.run(["history", "--format", "tsv", "--no-header"]).stdout,
                       "1\t2026-11-21T20:30:00+00:00\tadd expense 00000001 (Lunch)\n", "TZ=UTC")
        try budget.succeed("config", "set", "display.date-format", "mdy")
        XCTAssertTrue(
            try budget.run(["history"], environment: tokyo).stdout.contains(
                "  11/22/2026 05:30:00  add expense 00000001 (Lunch)\n"))
    }

    func testHistory_JSONHasTheStepUndoCounts() throws {
        try historyAtKnownTime()
        try budget.succeed("add", "income", "Salary", "1", "--date", "2026-11-21")
        let json = try budget.run(["history", "--format", "json"], environment: ["TZ": "Asia/Tokyo"]).stdout
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        XCTAssertEqual(entries.map { $0["step"] as? Int }, [1, 2])
        XCTAssertEqual(
            entries.map { $0["summary"] as? String }, ["add income 00000001 (Salary)", "add expense 00000001 (Lunch)"])
        XCTAssertEqual(entries[1]["time"] as? String, "2026-11-22T05:30:00+09:00")
    }

    func testHistoryHelp_OffersOnlyTheFormatsItWrites() throws {
        let help = try budget.run("history", "--help").stdout
        XCTAssertTrue(help.contains("Leave out the header row of tsv output."), help)
        XCTAssertFalse(help.contains("csv"), help)
        XCTAssertEqual(try budget.run("history", "--format", "csv").code, 64)
    }
}
