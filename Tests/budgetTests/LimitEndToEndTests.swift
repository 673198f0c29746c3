import Foundation
import XCTest

/// `limit set|unset|list` with `--per`, `--rollover`, `--since` and `--total` through the binary:
/// the tables, the warnings, summary's limit columns, rename, rescale and undo. Today is fixed at
/// 2027-01-20 (`BUDGET_TODAY`), and bars are off (`COLUMNS=20`).
final class LimitEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        budget.environment["BUDGET_TODAY"] = "2027-01-20"
        budget.environment["COLUMNS"] = "20"
    }

    /// food: ¥1,000 a month, surplus carried since 2026-11; travel ¥50,000 a year; rent unlimited.
    /// food spends 700 in 2026-11 and 1,200 in 2026-12: 300 carried into December, 100 into January.
    private func sample() throws {
        try budget.succeed("config", "set", "display.currency", "JPY")
        XCTAssertEqual(
            try budget.run("limit", "set", "food", "1,000", "--rollover", "surplus", "--since", "2026-11").stderr,
            "Set the monthly limit of food to ¥1,000 (rollover surplus since 2026-11).\n")
        XCTAssertEqual(
            try budget.run("limit", "set", "travel", "50,000", "--per", "year").stderr,
            "Set the yearly limit of travel to ¥50,000.\n")
        try budget.succeed("add", "expense", "Before", "5,000", "--category", "food", "--date", "2026-10-15")
        try budget.succeed("add", "expense", "Lunch", "700", "--category", "food", "--date", "2026-11-03")
        try budget.succeed("add", "expense", "Party", "1,200", "--category", "food", "--date", "2026-12-31")
        try budget.succeed("add", "expense", "Trip", "30,000", "--category", "travel", "--date", "2027-01-02")
        try budget.succeed("add", "expense", "Rent", "80,000", "--category", "rent", "--date", "2027-01-05")
    }

    func testList_ShowsWhatWasCarriedInAvailableAndTheYearToDate() throws {
        try sample()
        XCTAssertEqual(try budget.run("limit", "list").stdout, """
            CATEGORY  PERIOD                  LIMIT  CARRIED  AVAILABLE    SPENT  REMAINING
            food      2027-01                ¥1,000     ¥100     ¥1,100       ¥0     ¥1,100
            travel    2027 (to 2027-01-31)  ¥50,000       ¥0    ¥50,000  ¥30,000    ¥20,000

            """)
        XCTAssertEqual(try budget.run("limit", "list", "--format", "tsv").stdout, """
            category\tlimit\tspent\tremaining\tper\tperiod\trollover\tsince\tcarried_in\tavailable
            food\t1000\t0\t1100\tmonth\t2027-01\tsurplus\t2026-11\t100\t1100
            travel\t50000\t30000\t20000\tyear\t2027\tnone\t\t0\t50000

            """)
        let json = try budget.run("limit", "list", "--format", "json").stdout
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["since"] as? String }, ["2026-11", nil])
        XCTAssertEqual(
            rows.map { "\($0["from"] ?? "") \($0["to"] ?? "")" }, ["2027-01-01 2027-01-31", "2027-01-01 2027-01-31"])
        XCTAssertEqual(rows.map { $0["available"] as? Int }, [1_100, 50_000])
    }

    func testWarnings_UseTheAvailableAmountAndTheTotalLimit() throws {
        try sample()
        // 1,100 available in January: 1,100 is not over, 1 more is.
        XCTAssertEqual(
            try budget.run("add", "expense", "Dinner", "1,100", "--category", "food", "--date", "2027-01-10").stderr,
            "")
        let over = try budget.run("add", "expense", "Tea", "1", "--category", "food", "--date", "2027-01-11")
        XCTAssertEqual(over.code, 0)
        XCTAssertEqual(over.stdout, "00000007\n")
        XCTAssertEqual(
            over.stderr,
            "budget: warning: food is over its monthly limit for 2027-01: ¥1,101 of ¥1,100 available "
                + "(¥1,000 limit, ¥100 carried in)\n")
        XCTAssertEqual(
            try budget.run("limit", "set", "--total", "100,000").stderr,
            "Set the monthly limit of all expenses to ¥100,000.\n")
        // December's expenses and 2026's travel stay within their limits; 2027's travel does not.
        let both = try budget.run("add", "expense", "Ferry", "20,000", "--category", "travel", "--date", "2026-12-30")
        XCTAssertEqual(both.stderr, "")
        let year = try budget.run("add", "expense", "Bus", "20,001", "--category", "travel", "--date", "2027-02-01")
        XCTAssertEqual(year.stderr, "budget: warning: travel is over its yearly limit for 2027: ¥50,001 of ¥50,000\n")
        // January's expenses: 30,000 + 80,000 + 1,101 + 1 = 111,102 of 100,000.
        let total = try budget.run("add", "expense", "Gift", "1", "--category", "other", "--date", "2027-01-12")
        XCTAssertEqual(
            total.stderr,
            "budget: warning: all expenses are over their monthly limit for 2027-01: ¥111,102 of ¥100,000\n")
        XCTAssertEqual(
            try budget.run("limit", "list", "--format", "tsv", "--no-header").stdout.split(separator: "\n").last,
            "\t100000\t111102\t-11102\tmonth\t2027-01\tnone\t\t0\t100000")
    }

    func testSummary_ShowsTheLimitColumnsAndTheTotalLimitRow() throws {
        try sample()
        try budget.succeed("limit", "set", "--total", "100,000")
        XCTAssertEqual(try budget.run("summary", "--month", "2026-12").stdout, """
            Summary, 2026-12-01 to 2026-12-31
            Income         ¥0
            Expenses   ¥1,200
            Balance   -¥1,200

            CATEGORY   SPENT   SHARE           LIMIT  CARRIED  AVAILABLE  YEAR TO DATE  REMAINING   USED
            food      ¥1,200  100.0%          ¥1,000     ¥300     ¥1,300                     ¥100  92.3%
            travel        ¥0    0.0%  ¥50,000 a year       ¥0    ¥50,000            ¥0    ¥50,000   0.0%
            (total)   ¥1,200                ¥100,000       ¥0   ¥100,000                  ¥98,800   1.2%

            """)
        // January: travel's row counts its year to date against the year's amount; food spent
        // nothing in January and still has its row, with what it carried from December.
        XCTAssertEqual(try budget.run("summary").stdout, """
            Summary, 2027-01-01 to 2027-01-31
            Income           ¥0
            Expenses   ¥110,000
            Balance   -¥110,000

            CATEGORY     SPENT  SHARE           LIMIT  CARRIED  AVAILABLE  YEAR TO DATE  REMAINING    USED
            rent       ¥80,000  72.7%
            travel     ¥30,000  27.3%  ¥50,000 a year       ¥0    ¥50,000       ¥30,000    ¥20,000   60.0%
            food            ¥0   0.0%          ¥1,000     ¥100     ¥1,100                   ¥1,100    0.0%
            (total)   ¥110,000               ¥100,000       ¥0   ¥100,000                 -¥10,000  110.0%  over

            """)
        let tsv = try budget.run("summary", "--month", "2026-12", "--format", "tsv", "--no-header").stdout
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(tsv.suffix(3), ["category\tfood\t1200\t100.0\t1000\t100\t92.3\t300\t1300\tmonth\t1200",
                                       "category\ttravel\t0\t0.0\t50000\t50000\t0.0\t0\t50000\tyear\t0",
                                       "total-limit\texpenses\t1200\t\t100000\t98800\t1.2\t0\t100000\tmonth\t1200"])
        let json = try budget.run("summary", "--format", "json").stdout
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let total = try XCTUnwrap(object["total_limit"] as? [String: Any])
        XCTAssertEqual(total["remaining"] as? Int, -10_000)
        XCTAssertEqual(total["over"] as? Bool, true)
        let travel = try XCTUnwrap(
            (object["categories"] as? [[String: Any]])?.first { $0["category"] as? String == "travel" })
        XCTAssertEqual(travel["per"] as? String, "year")
        XCTAssertEqual(travel["limit_spent"] as? Int, 30_000)
    }

    func testRenameRescaleUnsetAndUndo_KeepTheOptions() throws {
        try sample()
        try budget.succeed("limit", "set", "--total", "100,000", "--per", "year", "--rollover", "all")
        XCTAssertEqual(
            try budget.run("config", "get", "budget.total-limit").stdout, "100000;per=year;rollover=all;since=2027\n")
        XCTAssertEqual(try budget.run("categories", "rename", "food", "食費").stderr,
                       "Renamed category food to 食費 (3 expenses); "
                           + "its monthly limit of ¥1,000 (rollover surplus since 2026-11) moved with it.\n")
        XCTAssertEqual(
            try budget.run("config", "get", "budget.limit.食費").stdout, "1000;rollover=surplus;since=2026-11\n")
        XCTAssertEqual(try budget.run("config", "get", "budget.limit.food").stdout, "none\n")
        try budget.succeed("config", "set", "display.currency", "USD", "--rescale")
        XCTAssertEqual(
            try budget.run("config", "get", "budget.total-limit").stdout,
            "100000.00;per=year;rollover=all;since=2027\n")
        XCTAssertEqual(
            try budget.run("config", "get", "budget.limit.食費").stdout, "1000.00;rollover=surplus;since=2026-11\n")
        let file = String(decoding: try XCTUnwrap(budget.dataBytes()), as: UTF8.self)
        XCTAssertTrue(file.contains("\"budget.total-limit\" : \"10000000;per=year;rollover=all;since=2027\""), file)
        XCTAssertTrue(file.contains("\"budget.limit.travel\" : \"5000000;per=year\""), file)
        XCTAssertEqual(try budget.run("limit", "unset", "食費").stderr, "Removed the monthly limit of 食費.\n")
        XCTAssertEqual(
            try budget.run("limit", "unset", "--total").stderr, "Removed the yearly limit of all expenses.\n")
        XCTAssertEqual(try budget.run("limit", "unset", "--total").stderr, "There was no limit on all expenses.\n")
        XCTAssertEqual(try budget.run("config", "get", "budget.total-limit").stdout, "none\n")
        try budget.succeed("undo")
        try budget.succeed("undo")
        XCTAssertEqual(
            try budget.run("config", "get", "budget.limit.食費").stdout, "1000.00;rollover=surplus;since=2026-11\n")
        try budget.succeed("undo")
        XCTAssertEqual(
            try budget.run("config", "get", "budget.total-limit").stdout, "100000;per=year;rollover=all;since=2027\n")
    }

    func testSinceDefaultsToTodaysPeriodAndOptionsAreChecked() throws {
        try budget.succeed("config", "set", "period.month-start", "25")
        try budget.succeed("limit", "set", "food", "1000", "--rollover", "all")
        // 2027-01-20 is in budget month 2027-01 (2026-12-25 to 2027-01-24).
        XCTAssertEqual(try budget.run("config", "get", "budget.limit.food").stdout, "1000;rollover=all;since=2027-01\n")
        try budget.succeed("limit", "set", "food", "1000", "--per", "year", "--rollover", "surplus")
        XCTAssertEqual(
            try budget.run("config", "get", "budget.limit.food").stdout, "1000;per=year;rollover=surplus;since=2027\n")
        let before = budget.dataBytes()
        for (arguments, message) in [
            (["food", "5", "--since", "2026-10"],
             "budget: error: "
                 + "'--since' needs '--rollover surplus' or '--rollover all': without rollover nothing is carried\n"),
            (["food", "5", "--rollover", "all", "--since", "2026"],
             "budget: error: invalid value '2026' for '--since <period>': expected a budget month written YYYY-MM\n"),
            (["food", "5", "--per", "year", "--rollover", "all", "--since", "2026-10"],
             "budget: error: "
                 + "invalid value '2026-10' for '--since <period>': expected a year written YYYY (with --per year)\n"),
            (["food", "5", "--per", "week"],
             "budget: error: invalid value 'week' for '--per <period>': expected month or year\n"),
            (["food", "5", "--rollover", "some"],
             "budget: error: invalid value 'some' for '--rollover <rollover>': expected none, surplus or all\n"),
            (["--total", "food", "5"], "budget: error: "
                + "'--total' takes no category: the total limit counts every expense\n"),
            (["5"], "budget: error: "
                + "missing expected argument '<amount>' (or give '--total' for the limit on all expenses)\n"),
        ] {
            let result = try budget.run(["limit", "set"] + arguments)
            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix(message), result.stderr)
        }
        XCTAssertEqual(try budget.run("config", "set", "budget.limit.food", "5;rollover=all").code, 64)
        XCTAssertEqual(try budget.run("limit", "set", "food", "76,869,120,552,512").code, 1, "above the largest limit")
        XCTAssertEqual(budget.dataBytes(), before, "nothing was changed")
    }

    func testPlainLimits_WriteTheFileAsEarlierVersionsDid() throws {
        try budget.succeed("limit", "set", "food", "40000")
        try budget.succeed("limit", "set", "food", "40000", "--rollover", "none", "--per", "month")
        let file = String(decoding: try XCTUnwrap(budget.dataBytes()), as: UTF8.self)
        XCTAssertTrue(file.contains("\"settings\" : {\n    \"budget.limit.food\" : 40000\n  }"), file)
        XCTAssertEqual(try budget.run("limit", "list").stdout, """
            CATEGORY   LIMIT  SPENT 2027-01  REMAINING
            food      40,000              0     40,000

            """)
    }

    /// A refund gives its size back to what a limit has available: the totals rule counts the
    /// refunds beside the limits, so that no order of accepted changes leaves a report that
    /// cannot be computed (a huge refund, then a limit, made summary, limit list and forecast
    /// fail with "the total is too large to compute").
    func testRefundsBesideLimits_EveryReportStillComputes() throws {
        let budget = try BudgetProcess()
        budget.environment["BUDGET_TODAY"] = "2026-11-28"
        try budget.succeed("add", "expense", "r", "9223372036854775807", "--refund", "--category", "a")
        var before = budget.dataBytes()
        let limit = try budget.run("limit", "set", "a", "1000")
        XCTAssertEqual(limit.code, 1)
        XCTAssertTrue(
            limit.stderr.hasPrefix(
                "budget: error: the refunds (9,223,372,036,854,775,807 together) and the limits would be too large"),
            limit.stderr)
        XCTAssertEqual(budget.dataBytes(), before)
        let other = try BudgetProcess()
        other.environment["BUDGET_TODAY"] = "2026-11-28"
        try other.succeed("limit", "set", "x", "76869120552511", "--rollover", "surplus", "--since", "0001-01")
        before = other.dataBytes()
        XCTAssertEqual(
            try other.run("add", "expense", "r", "9000000000000000000", "--refund", "--category", "x").code, 1)
        XCTAssertEqual(other.dataBytes(), before)
        try other.succeed("limit", "set", "x", "1000", "--rollover", "surplus", "--since", "0001-01")
        try other.succeed("add", "expense", "r", "9000000000000000000", "--refund", "--category", "x")
        for report in [
            ["summary"], ["limit", "list"], ["forecast"], ["summary", "--all"], ["summary", "--per", "month"],
            ["categories"]
        ] {
            let result = try other.run(report)
            XCTAssertEqual(result.code, 0, "\(report): \(result.stderr)")
        }
    }

    func testLimitsAtTheirMaxima_EveryReportComputes() throws {
        // A file with six categories at the largest limit, each carrying since 0001-01 (about
        // a fifth of Int.max carried into 2027-01 by each), as `limit set` accepted them one
        // by one: forecast failed with "the total is too large to compute".
        let settings = ["a", "b", "c", "d", "e", "f"].map {
            "\"budget.limit.\($0)\" : \"76861433640456;rollover=surplus;since=0001-01\""
        }
        let file = """
            {
              "expense_unique_id" : "00000001",
              "expenses" : {
                "00000001" : { "amount" : 100, "category" : "a", "date" : "2027-01-02", \
            "id" : "00000001", "name" : "x", "order" : 1 }
              },
              "format" : 1,
              "history" : [],
              "income_unique_id" : "00000000",
              "incomes" : {},
              "settings" : { \(settings.joined(separator: ", ")) }
            }
            """
        try Data(file.utf8).write(to: budget.dataFile)
        for arguments in [
            ["forecast"], ["forecast", "--months", "120", "--format", "json"], ["summary"],
            ["summary", "--compare", "previous"], ["summary", "--per", "month", "--year", "2026"],
            ["summary", "--from", "0001-01-01", "--to", "9999-12-31"], ["limit", "list"], ["categories"]
        ] {
            let result = try budget.run(arguments)
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
        }
        // 2027-01 plans each limit's own amount, less the 100 spent in a; not the surplus carried.
        let forecast = try budget.succeed("forecast", "--months", "1", "--format", "tsv").stdout
            .split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        let planned = try XCTUnwrap(forecast[0].firstIndex(of: "planned_spending"))
        XCTAssertEqual(forecast[1][planned], "\(6 * 76_861_433_640_456 - 100)")
        // A change that does not raise the limits is taken; one that does is refused, and the
        // limits of categories are bounded together from then on.
        XCTAssertEqual(try budget.run("add", "expense", "y", "1", "--category", "b").code, 0)
        let before = budget.dataBytes()
        let raised = try budget.run("limit", "set", "g", "1")
        XCTAssertEqual(raised.code, 1)
        XCTAssertEqual(
            raised.stderr,
            "budget: error: the categories' limits would add up to more than 76,869,120,552,511, the most that stays "
                + "computable over every period; nothing was changed\n")
        XCTAssertEqual(budget.dataBytes(), before)
        XCTAssertEqual(try budget.run("limit", "set", "a", "5").code, 0, "lowering one is taken")
        for category in ["b", "c", "d", "e", "f"] { try budget.succeed("limit", "unset", category) }
        XCTAssertEqual(try budget.run("limit", "set", "b", "76,869,120,552,506").code, 0, "up to the largest together")
        XCTAssertEqual(try budget.run("limit", "set", "c", "1").code, 1)
    }
}
