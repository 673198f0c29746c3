import Foundation
import XCTest

/// `summary --compare`, the savings rate and summary's filters, through the binary, against
/// figures worked out by hand. Months start on the 25th, today is 2027-01-10 (`BUDGET_TODAY`),
/// and bars are off (`COLUMNS=20`: no room for them).
final class SummaryCompareEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        budget.environment["BUDGET_TODAY"] = "2027-01-10"
        budget.environment["COLUMNS"] = "20"
    }

    /// By hand, with food limited to ¥20,000 a month:
    ///
    /// | budget month | days | income | expenses |
    /// |---|---|---|---|
    /// | 2026-01 | 2025-12-25 to 2026-01-24 | 290,000 | 75,000 |
    /// | 2025-12 | 2025-11-25 to 2025-12-24 | 0 | 0 |
    /// | 2026-12 | 2026-11-25 to 2026-12-24 | 300,000 | 106,000 |
    /// | 2027-01 | 2026-12-25 to 2027-01-24 | 360,000 | 102,500 |
    ///
    /// 2026-12's expenses are housing 80,000, food 17,000 (weekly 12,000) and fun 9,000 (xmas); 2027-01's are
    /// housing 80,000 and food 22,500 (xmas 6,000, weekly 14,500).
    ///
    /// Up to today, 2027-01-10 (16 days after 2026-12-25), 2027-01 has 360,000 and 86,000
    /// (housing 80,000, food 6,000); the same 16 days of 2026-12 (to 2026-12-11) 300,000 and
    /// 97,000 (housing 80,000, food 17,000).
    private func budgetOverPaydayMonths() throws {
        try budget.succeed("config", "set", "display.currency", "JPY")
        try budget.succeed("config", "set", "period.month-start", "25")
        try budget.succeed("limit", "set", "food", "20,000")
        for arguments in [
            ["income", "Salary", "290,000", "--date", "2025-12-25"],
            ["expense", "Rent", "75,000", "--category", "housing", "--date", "2026-01-20"],
            ["income", "Salary", "300,000", "--date", "2026-11-25"],
            ["expense", "Snack", "5,000", "--category", "food", "--date", "2026-11-30"],
            ["expense", "Rent", "80,000", "--category", "housing", "--date", "2026-12-05"],
            ["expense", "Groceries", "12,000", "--category", "food", "--date", "2026-12-10", "--tag", "weekly"],
            ["expense", "Gifts", "9,000", "--category", "fun", "--date", "2026-12-24", "--tag", "xmas"],
            ["income", "Salary", "310,000", "--date", "2026-12-25"],
            ["income", "Bonus", "50,000", "--date", "2027-01-05"],
            ["expense", "Party", "6,000", "--category", "food", "--date", "2026-12-31", "--tag", "xmas"],
            ["expense", "Rent", "80,000", "--category", "housing", "--date", "2027-01-04"],
            ["expense", "Groceries", "14,500", "--category", "food", "--date", "2027-01-15", "--tag", "weekly"],
            ["expense", "Snack", "2,000", "--category", "food", "--date", "2027-01-24"],
        ] {
            XCTAssertEqual(try budget.run(["add"] + arguments).code, 0, "\(arguments)")
        }
    }

    func testCompare_ThisBudgetMonthToDateAgainstTheSameDaysOfTheMonthBefore() throws {
        try budgetOverPaydayMonths()
        // 60,000 / 300,000 = 20 %; -11,000 / 97,000 = -11.34 %; 71,000 / 203,000 = 34.98 %;
        // savings 274,000 / 360,000 = 76.11 % and 203,000 / 300,000 = 67.67 %. The limit is the
        // whole month's, against every food expense of it (6,000 + 14,500 + 2,000 = 22,500).
        let expected = """
            Summary, 2027-01 (2026-12-25 to 2027-01-24), compared with 2026-12 (2026-11-25 to 2026-12-24)
            Compared to date: 2026-12-25 to 2027-01-10 against 2026-11-25 to 2026-12-11.
                        AMOUNT  PREVIOUS  DIFFERENCE  CHANGE
            Income    ¥360,000  ¥300,000    +¥60,000  +20.0%
            Expenses   ¥86,000   ¥97,000    -¥11,000  -11.3%
            Balance   ¥274,000  ¥203,000    +¥71,000  +35.0%
            Savings rate 76.1% (previous 67.7%)

            CATEGORY    SPENT  PREVIOUS  DIFFERENCE  CHANGE  SHARE    LIMIT  REMAINING    USED
            housing   ¥80,000   ¥80,000          ¥0    0.0%  93.0%
            food       ¥6,000   ¥17,000    -¥11,000  -64.7%   7.0%  ¥20,000    -¥2,500  112.5%  over

            """
        XCTAssertEqual(try budget.run("summary", "--compare", "previous").stdout, expected)
        XCTAssertEqual(try budget.run("summary", "--month", "this", "--compare", "previous").stdout, expected)

        // The same numbers in the machine formats.
        XCTAssertEqual(try budget.run("summary", "--compare", "previous", "--format", "tsv").stdout, """
            kind\tname\tamount\tshare\tlimit\tremaining\tused\tcompared\tdifference\tchange
            total\tincome\t360000\t\t\t\t\t300000\t60000\t20.0
            total\texpenses\t86000\t\t\t\t\t97000\t-11000\t-11.3
            total\tbalance\t274000\t\t\t\t\t203000\t71000\t35.0
            category\thousing\t80000\t93.0\t\t\t\t80000\t0\t0.0
            category\tfood\t6000\t7.0\t20000\t-2500\t112.5\t17000\t-11000\t-64.7

            """)
        let json = try budget.run("summary", "--compare", "previous", "--format", "json").stdout
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["from"] as? String, "2026-12-25")
        XCTAssertEqual(object["to"] as? String, "2027-01-10")
        XCTAssertEqual(object["balance"] as? Int, 274_000)
        XCTAssertEqual(object["savings_rate"] as? String, "76.1")
        let compare = try XCTUnwrap(object["compare"] as? [String: Any])
        XCTAssertEqual(compare["with"] as? String, "previous")
        XCTAssertEqual(compare["to_date"] as? Bool, true)
        XCTAssertEqual(
            compare["period"] as? [String: String], ["month": "2027-01", "from": "2026-12-25", "to": "2027-01-24"])
        XCTAssertEqual(
            compare["compared_period"] as? [String: String],
            ["month": "2026-12", "from": "2026-11-25", "to": "2026-12-24"])
        XCTAssertEqual(compare["from"] as? String, "2026-11-25")
        XCTAssertEqual(compare["to"] as? String, "2026-12-11")
        XCTAssertEqual(compare["income"] as? Int, 300_000)
        XCTAssertEqual(compare["balance"] as? Int, 203_000)
        XCTAssertEqual(compare["savings_rate"] as? String, "67.7")
        XCTAssertEqual(
            compare["difference"] as? [String: Int], ["income": 60_000, "expenses": -11_000, "balance": 71_000])
        XCTAssertEqual(
            compare["change"] as? [String: String], ["income": "20.0", "expenses": "-11.3", "balance": "35.0"])
        let categories = try XCTUnwrap(object["categories"] as? [[String: Any]])
        XCTAssertEqual(categories.map { $0["category"] as? String }, ["housing", "food"])
        let food = try XCTUnwrap(categories[1]["compare"] as? [String: Any])
        XCTAssertEqual(food["spent"] as? Int, 17_000)
        XCTAssertEqual(food["difference"] as? Int, -11_000)
        XCTAssertEqual(food["change"] as? String, "-64.7")
    }

    func testCompare_AWholeMonthAgainstAnEmptyOneLastYear() throws {
        try budgetOverPaydayMonths()
        let income = try budget.run("summary", "--month", "2026-12", "--compare", "last-year", "--by", "income").stdout
        XCTAssertEqual(income, """
            Summary, 2026-12 (2026-11-25 to 2026-12-24), compared with 2025-12 (2025-11-25 to 2025-12-24)
                        AMOUNT  LAST YEAR  DIFFERENCE  CHANGE
            Income    ¥300,000         ¥0   +¥300,000       —
            Expenses  ¥106,000         ¥0   +¥106,000       —
            Balance   ¥194,000         ¥0   +¥194,000       —
            Savings rate 64.7% (last year —)

            SOURCE  RECEIVED  LAST YEAR  DIFFERENCE  CHANGE   SHARE
            Salary  ¥300,000         ¥0   +¥300,000       —  100.0%

            """)
        let json = try budget.run("summary", "--month", "2026-12", "--compare", "last-year", "--format", "json").stdout
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let compare = try XCTUnwrap(object["compare"] as? [String: Any])
        XCTAssertEqual(compare["to_date"] as? Bool, false)
        XCTAssertTrue(compare["savings_rate"] is NSNull, "no income, no rate")
        XCTAssertTrue(
            (compare["change"] as? [String: Any])?.values.allSatisfy { $0 is NSNull } ?? false, "no base, no change")
        // On 2027-03-01, 2027-01 is over: it is compared whole with 2026-01 (290,000 and 75,000).
        // 70,000 / 290,000 = 24.14 %; 27,500 / 75,000 = 36.67 %; 42,500 / 215,000 = 19.77 %.
        let whole = try budget.run(
            ["summary", "--month", "2027-01", "--compare", "last-year", "--format", "csv", "--no-header"],
            environment: ["BUDGET_TODAY": "2027-03-01"])
        XCTAssertEqual(whole.stdout, """
            total,income,360000,,,,,290000,70000,24.1\r
            total,expenses,102500,,,,,75000,27500,36.7\r
            total,balance,257500,,,,,215000,42500,19.8\r
            category,housing,80000,78.0,,,,75000,5000,6.7\r
            category,food,22500,22.0,20000,-2500,112.5,0,22500,\r

            """)
    }

    func testCompare_TagAndMonthRowsOfEitherPeriod() throws {
        try budgetOverPaydayMonths()
        // weekly was spent on only before today's cut (2026-12-10); xmas only since.
        XCTAssertEqual(try budget.run("summary", "--compare", "previous", "--by", "tag", "--format", "tsv").stdout, """
            kind\tname\texpenses\tamount\tshare\tcompared_expenses\tcompared\tdifference\tchange
            total\texpenses\t\t86000\t\t\t97000\t-11000\t-11.3
            tag\txmas\t1\t6000\t7.0\t0\t0\t6000\t
            tag\tweekly\t0\t0\t0.0\t1\t12000\t-12000\t-100.0

            """)
        let csv = try budget.run("summary", "--compare", "previous", "--by", "month", "--format", "csv").stdout
        XCTAssertEqual(csv, """
            month,income,expenses,balance,compared_month,compared_income,compared_expenses,compared_balance,\
            income_difference,expenses_difference,balance_difference,income_change,expenses_change,balance_change\r
            2027-01,360000,86000,274000,2026-12,300000,97000,203000,60000,-11000,71000,20.0,-11.3,35.0\r
            total,360000,86000,274000,,300000,97000,203000,60000,-11000,71000,20.0,-11.3,35.0\r

            """)
        // The calendar year 2027 against 2026, up to today: 2027-01-01 to 2027-01-10 (Rent and
        // Bonus; the Salary of 2026-12-25 is before it) against 2026-01-01 to 2026-01-10 (none),
        // the budget month 2027-01 beside 2026-01.
        let months = try budget.run(
            "summary", "--year", "2027", "--compare", "last-year", "--by", "month", "--format", "tsv", "--no-header"
        ).stdout
        XCTAssertEqual(
            months.split(separator: "\n").map {
                $0.split(separator: "\t", omittingEmptySubsequences: false).prefix(5).joined(separator: " ")
            },
            ["2027-01 50000 80000 -30000 2026-01", "total 50000 80000 -30000 "])
    }

    func testCompare_DaysAgainstAsManyDaysBefore() throws {
        try budgetOverPaydayMonths()
        // 22 days; the 22 before are 2026-11-28 to 2026-12-19 (Snack, Rent, Groceries: 97,000).
        let csv = try budget.run(
            "summary", "--from", "2026-12-20", "--to", "2027-01-10", "--compare", "previous", "--format", "csv",
            "--no-header"
        ).stdout
        XCTAssertEqual(csv.split(separator: "\r\n").prefix(3), [
            "total,income,360000,,,,,0,360000,", "total,expenses,95000,,,,,97000,-2000,-2.1",
            "total,balance,265000,,,,,-97000,362000,373.2",
        ])
        let table = try budget.run(
            "summary", "--from", "2026-12-20", "--to", "2027-01-10", "--compare", "last-year").stdout
        XCTAssertTrue(
            table.hasPrefix(
                "Summary, 2026-12-20 to 2027-01-10, compared with 2025-12-20 to 2026-01-10\n            AMOUNT"),
            table)
        XCTAssertFalse(
            table.contains("Compared to date"), "today is the last day, and the year before as long: nothing is cut")
    }

    func testFilters_CountOnlyWhatListWouldList() throws {
        try budgetOverPaydayMonths()
        let filtered = try budget.run(
            "summary", "--month", "2027-01", "--category", "food", "--tag", "weekly", "--search", "GROC"
        ).stdout
        XCTAssertEqual(filtered, """
            Summary, 2027-01 (2026-12-25 to 2027-01-24)
            Filters: category food (expenses only), tag weekly, search "GROC"
            Income          ¥0
            Expenses   ¥14,500
            Balance   -¥14,500

            CATEGORY    SPENT   SHARE    LIMIT  REMAINING    USED
            food      ¥14,500  100.0%  ¥20,000    -¥2,500  112.5%  over

            """)
        let list = try budget.run("list", "all", "--month", "2027-01", "--tag", "xmas", "--format", "ids").stdout
        XCTAssertEqual(list, "expense-00000006\n")
        let tagged = try budget.run(
            "summary", "--month", "2027-01", "--tag", "xmas", "--tag", "weekly", "--format", "json").stdout
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(tagged.utf8)) as? [String: Any])
        XCTAssertEqual(object["expenses"] as? Int, 20_500, "Party and the Groceries of 2027-01-15: any of the tags")
        XCTAssertEqual(object["income"] as? Int, 0)
        XCTAssertTrue(object["savings_rate"] is NSNull)
        let searched = try budget.run("summary", "--all", "--search", "salary", "--format", "json").stdout
        let salaries = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(searched.utf8)) as? [String: Any])
        XCTAssertEqual(salaries["income"] as? Int, 900_000)
        XCTAssertEqual(salaries["savings_rate"] as? String, "100.0")
    }

    func testUsageErrors_NameTheOption() throws {
        for (arguments, message) in [
            (["--compare", "previous", "--all"],
             "'--compare' cannot be combined with '--all': all dates have no period before them"),
            (["--compare", "previous", "--from", "2026-11-01"],
             "'--compare' needs both '--from' and '--to': a period with an open end has no period to compare with"),
            (["--compare", "previous", "--to", "2026-11-01"],
             "'--compare' needs both '--from' and '--to': a period with an open end has no period to compare with"),
            (["--compare", "yesterday"],
             "invalid value 'yesterday' for '--compare <period>': expected previous or last-year"),
            (["--by", "income", "--category", "food"], "'--category' applies to expenses; incomes have no category"),
            (["--compare", "previous", "--month", "0001-01"], "there is no period before 0001-01-01 to compare with"),
        ] {
            let result = try budget.run(["summary"] + arguments)
            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("budget: error: \(message)\n"), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
        }
    }
}
