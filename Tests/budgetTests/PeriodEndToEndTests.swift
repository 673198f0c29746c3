import Foundation
import XCTest

/// Payday months (`period.month-start`, `period.weekend`) through the binary: `--month`,
/// `summary`, `limit list`, the limit warning and the settings themselves. Today is fixed at
/// 2026-11-10 (`BUDGET_TODAY`), and bars are off (`COLUMNS=20`: no room for them).
final class PeriodEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        budget.environment["BUDGET_TODAY"] = "2026-11-10"
        budget.environment["COLUMNS"] = "20"
    }

    /// Months from the 25th, food limited to ¥2,000; 2026-10 is 2026-09-25 to 2026-10-24.
    private func payday() throws {
        try budget.succeed("config", "set", "display.currency", "JPY")
        XCTAssertEqual(
            try budget.run("config", "set", "period.month-start", "25").stderr, "Set period.month-start to 25.\n")
        try budget.succeed("limit", "set", "food", "2,000")
        try budget.succeed("add", "income", "Salary", "300,000", "--date", "2026-10-25")
        try budget.succeed("add", "expense", "Books", "3,000", "--category", "fun", "--date", "2026-10-20")
        try budget.succeed("add", "expense", "Rent", "80,000", "--category", "housing", "--date", "2026-10-26")
        try budget.succeed("add", "expense", "Lunch", "900", "--category", "food", "--date", "2026-11-24")
        try budget.succeed("add", "expense", "Dinner", "1,200", "--category", "food", "--date", "2026-11-25")
    }

    func testListMonth_NamesTheBudgetMonthByTheMonthItEndsIn() throws {
        try payday()
        func expenses(_ arguments: String..., environment: [String: String] = [:]) throws -> [[String: String]] {
            let output = try budget.run(["list", "expenses"] + arguments + ["--format", "tsv", "--no-header"],
                                        environment: environment).stdout
            return Listing(tsv: output, header: ListingColumns.expenses).rows
        }
        let november = Listing(tsv: "", header: ListingColumns.expenses).blankFilled([
            ["id": "00000002", "order": "2", "date": "2026-10-26", "name": "Rent", "category": "housing",
             "amount": "80000"],
            ["id": "00000003", "order": "3", "date": "2026-11-24", "name": "Lunch", "category": "food",
             "amount": "900"],
        ])
        XCTAssertEqual(try expenses("--month", "2026-11"), november)
        XCTAssertEqual(try expenses("--month", "this"), november)
        let last = Listing(csv: try budget.run("list", "all", "--month", "last", "--format", "csv").stdout)
        XCTAssertEqual(last.header, ListingColumns.all)
        XCTAssertEqual(last.rows, last.blankFilled([
            ["kind": "expense", "id": "00000001", "order": "1", "date": "2026-10-20", "name": "Books",
             "category": "fun", "amount": "3000"],
        ]))
        let dinner = Listing(tsv: "", header: ListingColumns.expenses).blankFilled([
            ["id": "00000004", "order": "4", "date": "2026-11-25", "name": "Dinner", "category": "food",
             "amount": "1200"],
        ])
        XCTAssertEqual(try expenses("--month", "2026-12"), dinner)
        // `this` is resolved against today when the command runs, whatever day that is.
        XCTAssertEqual(try expenses("--month", "this", environment: ["BUDGET_TODAY": "2026-11-25"]), dinner)
        let bad = try budget.run("list", "expenses", "--month", "2026-13")
        XCTAssertEqual(bad.code, 64)
        XCTAssertEqual(bad.stderr, """
            budget: error: invalid value '2026-13' for '--month <month>': expected YYYY-MM, this or last

            """)
    }

    func testSummary_DefaultsToThisBudgetMonthAndItsTitleShowsTheDays() throws {
        try payday()
        let expected = """
            Summary, 2026-11 (2026-10-25 to 2026-11-24)
            Income    ¥300,000
            Expenses   ¥80,900
            Balance   ¥219,100
            Savings rate 73.0%

            CATEGORY    SPENT  SHARE   LIMIT  REMAINING   USED
            housing   ¥80,000  98.9%
            food         ¥900   1.1%  ¥2,000     ¥1,100  45.0%

            """
        XCTAssertEqual(try budget.run("summary").stdout, expected)
        XCTAssertEqual(try budget.run("summary", "--month", "2026-11").stdout, expected)
        XCTAssertEqual(try budget.run("summary", "--month", "last", "--format", "tsv").stdout, """
            kind\tname\tamount\tshare\tlimit\tremaining\tused\tcarried_in\tavailable\tper\tlimit_spent
            total\tincome\t0\t\t\t\t\t\t\t\t
            total\texpenses\t3000\t\t\t\t\t\t\t\t
            total\tbalance\t-3000\t\t\t\t\t\t\t\t
            category\tfun\t3000\t100.0\t\t\t\t\t\t\t
            category\tfood\t0\t0.0\t2000\t2000\t0.0\t0\t2000\tmonth\t0

            """)
        let json = try budget.run("summary", "--format", "json").stdout
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["from"] as? String, "2026-10-25")
        XCTAssertEqual(object["to"] as? String, "2026-11-24")
    }

    func testSummaryByMonth_HasOneRowPerBudgetMonthWithItsDays() throws {
        try payday()
        XCTAssertEqual(try budget.run("summary", "--all", "--by", "month").stdout, """
            Summary, 2026-10-20 to 2026-11-25
            Income    ¥300,000
            Expenses   ¥85,100
            Balance   ¥214,900
            Savings rate 71.6%

            MONTH                                 INCOME  EXPENSES   BALANCE
            2026-10 (2026-09-25 to 2026-10-24)        ¥0    ¥3,000   -¥3,000
            2026-11 (2026-10-25 to 2026-11-24)  ¥300,000   ¥80,900  ¥219,100
            2026-12 (2026-11-25 to 2026-12-24)        ¥0    ¥1,200   -¥1,200

            """)
        XCTAssertEqual(try budget.run("summary", "--all", "--by", "month", "--format", "tsv").stdout, """
            month\tincome\texpenses\tbalance
            2026-10\t0\t3000\t-3000
            2026-11\t300000\t80900\t219100
            2026-12\t0\t1200\t-1200
            total\t300000\t85100\t214900

            """)
        let json = try budget.run("summary", "--all", "--by", "month", "--format", "json").stdout
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let months = try XCTUnwrap(object["months"] as? [[String: Any]])
        XCTAssertEqual(
            months.map { "\($0["month"] ?? "") \($0["from"] ?? "") \($0["to"] ?? "")" },
            ["2026-10 2026-09-25 2026-10-24", "2026-11 2026-10-25 2026-11-24", "2026-12 2026-11-25 2026-12-24"])
        // Two whole budget months: the limit counts twice.
        XCTAssertEqual(
            try budget.run("summary", "--from", "2026-10-25", "--to", "2026-12-24", "--format", "tsv").stdout
                .split(separator: "\n").last,
            "category\tfood\t2100\t2.6\t4000\t1900\t52.5\t0\t4000\tmonth\t2100")
    }

    func testLimitListAndWarning_UseTheBudgetMonth() throws {
        try payday()
        XCTAssertEqual(try budget.run("limit", "list").stdout, """
            CATEGORY   LIMIT  SPENT 2026-11 (2026-10-25 to 2026-11-24)  REMAINING
            food      ¥2,000                                      ¥900     ¥1,100

            """)
        XCTAssertEqual(
            try budget.run("limit", "list", "--format", "tsv").stdout,
            "category\tlimit\tspent\tremaining\tper\tperiod\trollover\tsince\tcarried_in\tavailable\n"
                + "food\t2000\t900\t1100\tmonth\t2026-11\tnone\t\t0\t2000\n")
        let over = try budget.run("add", "expense", "Cake", "1,500", "--category", "food", "--date", "2026-10-25")
        XCTAssertEqual(over.code, 0)
        XCTAssertEqual(over.stdout, "00000005\n")
        XCTAssertEqual(
            over.stderr,
            "budget: warning: food is over its monthly limit for 2026-11 (2026-10-25 to 2026-11-24): "
                + "¥2,400 of ¥2,000\n")
        let calendarMonth = try budget.run("add", "expense", "Tea", "700", "--category", "food", "--date", "2026-11-26")
        XCTAssertEqual(calendarMonth.code, 0)
        XCTAssertEqual(
            calendarMonth.stderr, "", "calendar November's food comes to ¥2,800, but budget month 2026-12 holds ¥1,900")
    }

    func testWeekendAfter_MovesASundayPaydayAndTheTitlesFollow() throws {
        try payday()
        // 2026-10-25 is a Sunday: 2026-11 starts on Monday 26th and 2026-10 ends on the 25th.
        XCTAssertEqual(
            try budget.run("config", "set", "period.weekend", "after").stderr, "Set period.weekend to after.\n")
        XCTAssertEqual(
            try budget.run("summary", "--format", "tsv", "--no-header").stdout.split(separator: "\n").first,
            "total\tincome\t0\t\t\t\t\t\t\t\t")
        let title = try budget.run("summary", "--month", "2026-10").stdout.split(separator: "\n").first
        XCTAssertEqual(title, "Summary, 2026-10 (2026-09-25 to 2026-10-25)")
        let last = Listing(csv: try budget.run("list", "all", "--month", "last", "--format", "csv",
                                               "--no-header").stdout,
                           header: ListingColumns.all)
        XCTAssertEqual(last.rows, last.blankFilled([
            ["kind": "income", "id": "00000001", "order": "1", "date": "2026-10-25", "name": "Salary",
             "amount": "300000"],
            ["kind": "expense", "id": "00000001", "order": "1", "date": "2026-10-20", "name": "Books",
             "category": "fun", "amount": "3000"],
        ]))
    }

    func testConfig_SetGetListUnsetAndRefusals() throws {
        XCTAssertEqual(try budget.run("config", "get", "period.month-start").stdout, "1\n")
        XCTAssertEqual(try budget.run("config", "get", "period.weekend").stdout, "keep\n")
        try budget.succeed("add", "expense", "Lunch", "900", "--date", "2026-11-03")
        let before = budget.dataBytes()
        for value in ["0", "29", "abc"] {
            let refused = try budget.run("config", "set", "period.month-start", value)
            XCTAssertEqual(refused.code, 64)
            XCTAssertEqual(refused.stderr, """
                budget: error: invalid value '\(value)': expected a day of the month from 1 to 28

                """)
            XCTAssertEqual(budget.dataBytes(), before, "a refused value changes nothing")
        }
        let weekend = try budget.run("config", "set", "period.weekend", "friday")
        XCTAssertEqual(weekend.code, 64)
        XCTAssertTrue(
            weekend.stderr.hasPrefix("budget: error: "
                + "invalid value 'friday': expected keep, before or after\n"), weekend.stderr)
        try budget.succeed("config", "set", "period.month-start", "28")
        XCTAssertEqual(try budget.run("config", "get", "period.month-start").stdout, "28\n")
        let listed = try budget.run("config", "list", "--format", "tsv").stdout
            .split(separator: "\n").filter { $0.hasPrefix("period.") }
        XCTAssertEqual(
            listed.map { $0.split(separator: "\t", omittingEmptySubsequences: false).prefix(3).joined(separator: " ") },
            ["period.month-start 28 1", "period.weekend keep keep"])
        let json = try budget.run("summary", "--format", "json").stdout
        XCTAssertTrue(json.contains(#""from": "2026-10-28","#) && json.contains(#""to": "2026-11-27","#), json)
        XCTAssertEqual(try budget.run("undo").stderr, "Undid: set period.month-start.\n")
        XCTAssertEqual(try budget.run("config", "get", "period.month-start").stdout, "1\n")
        try budget.succeed("config", "set", "period.month-start", "25")
        XCTAssertEqual(
            try budget.run("config", "unset", "period.month-start").stderr,
            "Unset period.month-start; it is back to its default.\n")
        XCTAssertTrue(
            try budget.run("summary").stdout.hasPrefix("Summary, 2026-11-01 to 2026-11-30\n"),
            "month start 1: the calendar month's title")
    }
}
