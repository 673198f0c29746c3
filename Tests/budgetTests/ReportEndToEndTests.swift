import Foundation
import XCTest
@testable import budget

final class ReportEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        try budget.succeed("config", "set", "display.currency", "JPY")
        try budget.succeed("add", "income", "Salary", "300000", "--date", "2026-11-25")
        for (name, amount, category, date) in [
            ("家賃", "80000", "住居", "2026-11-01"), ("Groceries", "38000", "食費（食料品）", "2026-11-03"),
            ("Snack", "3200", "食費（食料品）", "2026-11-30"), ("Bus", "6400", "transport", "2026-12-01"),
            ("Leap", "100", "transport", "2024-02-29"),
        ] {
            XCTAssertEqual(
                try budget.run("add", "expense", name, amount, "--category", category, "--date", date).code, 0)
        }
        try budget.succeed("limit", "set", "食費（食料品）", "40000")
    }

    func testSummary_TableBarsFitEveryWidthWithWideCategoryNames() throws {
        for width in [72, 80, 120] {
            let result = try budget.run(["summary", "--month", "2026-11"], environment: ["COLUMNS": "\(width)"])
            XCTAssertEqual(result.code, 0)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), width, "\(width): \(line)") }
            let food = try XCTUnwrap(lines.first { $0.hasPrefix("食費（食料品）") })
            XCTAssertTrue(food.hasSuffix("  over"), food)
            let rent = try XCTUnwrap(lines.first { $0.hasPrefix("住居") })
            XCTAssertTrue(rent.hasSuffix("█"), "the largest category fills its bar: \(rent)")
            XCTAssertEqual(DisplayWidth.of(food.components(separatedBy: "  ").first ?? ""), DisplayWidth.of("食費（食料品）"))
            let barColumn = { (line: String) in DisplayWidth.of(String(line.prefix { $0 != "█" && $0 != "▏" })) }
            XCTAssertEqual(barColumn(food), barColumn(rent), "bars start in one column")
        }
        let narrow = try budget.run(["summary", "--month", "2026-11"], environment: ["COLUMNS": "40"]).stdout
        XCTAssertFalse(narrow.contains("█"), "no room, no bars")
        XCTAssertTrue(narrow.contains("103.0%  over\n"), narrow)
        let text = try budget.run(["summary", "--month", "2026-11"], environment: ["COLUMNS": "80"]).stdout
        XCTAssertTrue(
            text.hasPrefix(
                "Summary, 2026-11-01 to 2026-11-30\nIncome    ¥300,000\nExpenses  ¥121,200\nBalance   ¥178,800\n"),
            text)
    }

    func testBar_UsesEighthCells() {
        XCTAssertEqual(Bar.render(8, of: 8, width: 4), "████")
        XCTAssertEqual(Bar.render(1, of: 8, width: 4), "▌")
        XCTAssertEqual(Bar.render(3, of: 32, width: 4), "▍")
        XCTAssertEqual(Bar.render(17, of: 32, width: 4), "██▏")
        XCTAssertEqual(Bar.render(1, of: 1_000_000, width: 4), "▏", "a tiny value still shows")
        XCTAssertEqual(Bar.render(0, of: 8, width: 4), "")
    }

    func testSummary_MachineFormatsParseBackWithTheSameNumbers() throws {
        let tsv = try budget.run("summary", "--month", "2026-11", "--format", "tsv").stdout
        let rows = tsv.split(separator: "\n")
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(
            rows[0],
            [
                "kind", "name", "amount", "share", "limit", "remaining", "used", "carried_in", "available", "per",
                "limit_spent",
            ])
        XCTAssertEqual(
            rows[1...3].map { [$0[1], $0[2]] }, [["income", "300000"], ["expenses", "121200"], ["balance", "178800"]])
        XCTAssertEqual(rows[4], ["category", "住居", "80000", "66.0", "", "", "", "", "", "", ""])
        XCTAssertEqual(
            rows[5],
            ["category", "食費（食料品）", "41200", "34.0", "40000", "-1200", "103.0", "0", "40000", "month", "41200"])

        let csv = try budget.run("summary", "--year", "2026", "--by", "month", "--format", "csv").stdout
        let csvRows = csv.split(separator: "\r\n")
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(csvRows.count, 14, "header, 12 months, total")
        XCTAssertEqual(csvRows[11], ["2026-11", "300000", "121200", "178800"])
        XCTAssertEqual(csvRows[12], ["2026-12", "0", "6400", "-6400"])
        XCTAssertEqual(csvRows[13], ["total", "300000", "127600", "172400"])

        let json = try budget.run("summary", "--all", "--format", "json").stdout
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["expenses"] as? Int, 127_700)
        XCTAssertEqual(object["balance"] as? Int, 172_300)
        XCTAssertEqual(object["from"] as? String, "2024-02-29")
        let categories = try XCTUnwrap(object["categories"] as? [[String: Any]])
        XCTAssertEqual(categories.map { $0["category"] as? String }, ["住居", "食費（食料品）", "transport"])
        XCTAssertTrue(categories[1]["limit"] is NSNull, "a limit is monthly: no comparison over an irregular period")

        let sources = try budget.run("summary", "--month", "2026-11", "--by", "income", "--format", "tsv").stdout
        XCTAssertEqual(sources, "kind\tname\tamount\tshare\ntotal\tincome\t300000\t\nsource\tSalary\t300000\t100.0\n")
    }

    func testCategories_ListsCountsTotalsAndLimits() throws {
        try budget.succeed("limit", "set", "unused", "5000")
        XCTAssertEqual(try budget.run("categories", "--format", "tsv").stdout, """
        category\texpenses\ttotal\tlimit\tper
        transport\t2\t6500\t\t
        unused\t0\t0\t5000\tmonth
        住居\t1\t80000\t\t
        食費（食料品）\t2\t41200\t40000\tmonth

        """)
        let json = try budget.run("categories", "--format", "json").stdout
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        XCTAssertEqual(array.count, 4)
    }

    func testList_FiltersFromTheCommandLine() throws {
        XCTAssertEqual(
            try budget.run("list", "expenses", "--month", "2026-11", "--format", "ids").stdout,
            "00000001\n00000002\n00000003\n")
        XCTAssertEqual(
            try budget.run("list", "expenses", "--from", "2026-11-30", "--to", "2026-12-01", "--format", "ids").stdout,
            "00000003\n00000004\n")
        XCTAssertEqual(try budget.run("list", "expenses", "--year", "2024", "--format", "ids").stdout, "00000005\n")
        let largest = try budget.run("list", "all", "--sort", "amount", "--reverse", "--limit", "2", "--format", "tsv",
                                     "--no-header").stdout
        XCTAssertEqual(Listing(tsv: largest, header: ListingColumns.all).column("name"), ["Salary", "家賃"])
        XCTAssertEqual(try budget.run("list", "expenses", "--search", "SNACK", "--format", "ids").stdout, "00000003\n")
        XCTAssertEqual(
            try budget.run("list", "expenses", "--min", "¥6,400", "--max", "38000", "--format", "ids").stdout,
            "00000002\n00000004\n")
    }

    func testList_ContradictoryOrMalformedFiltersNameTheOption() throws {
        let cases: [([String], String)] = [
            (["--from", "2026-13-01"],
             "budget: error: "
                 + "invalid value '2026-13-01' for '--from <day>': it is not a day (months run from 01 to 12)"),
            (["--to", "13/01/2026"],
             "budget: error: invalid value '13/01/2026' for '--to <day>': expected YYYY-MM-DD "
                 + "(or YYYY/MM/DD), today or yesterday"),
            (["--from", "2026-12-01", "--to", "2026-11-01"], "budget: error: "
                + "'--from 2026-12-01' is after '--to 2026-11-01'"),
            (["--month", "2026-11", "--from", "2026-11-01"],
             "budget: error: '--month' cannot be combined with '--from' or '--to'"),
            (["--month", "11"], "budget: error: "
                + "invalid value '11' for '--month <month>': expected YYYY-MM, this or last"),
            (["--year", "26"], "budget: error: invalid value '26' for '--year <year>': expected YYYY"),
            (["--year", "2026", "--month", "this"], "budget: error: '--month' and '--year' cannot be combined"),
            (["--sort", "price"],
             "budget: error: invalid value 'price' for '--sort <key>': expected order, date, amount or name"),
            (["--limit", "-1"], "budget: error: invalid value '-1' for '--limit <n>': expected a whole number"),
            (["--min", "500", "--max", "100"], "budget: error: '--min 500' is more than '--max 100'"),
        ]
        for (options, message) in cases {
            let result = try budget.run(["list", "expenses"] + options)
            XCTAssertEqual(result.code, 64, "\(options)")
            XCTAssertEqual(result.stderr.split(separator: "\n").first.map(String.init), message)
        }
        XCTAssertEqual(try budget.run("summary", "--all", "--month", "this").code, 64)
        XCTAssertEqual(try budget.run("summary", "--by", "week").code, 64)
    }

    /// The rows of a tsv report by their first two cells (`total income`, `category 住居`),
    /// each a dictionary by column name.
    private func tsvRows(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws -> [String: [String: String]] {
        let result = try budget.run(arguments + ["--format", "tsv"], environment: environment)
        XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [:] }
        var rows: [String: [String: String]] = [:]
        for line in lines.dropFirst() {
            rows[line.prefix(2).joined(separator: " ")] = Dictionary(uniqueKeysWithValues: zip(header, line))
        }
        return rows
    }

    func testRefund_TakesFromItsCategoryInEveryReport() throws {
        // 食費（食料品）: 38,000 + 3,200 = 41,200 of 40,000, over. 2,000 of the groceries back:
        // 39,200, 800 left. Expenses of November: 121,200 − 2,000 = 119,200; income 300,000.
        let added = try budget.run(
            "add", "expense", "返品 Groceries", "2,000", "--category", "食費（食料品）", "--refund", "--date", "2026-11-10")
        XCTAssertEqual([added.code], [0], added.stderr)
        XCTAssertEqual(added.stdout, "00000006\n")
        XCTAssertEqual(added.stderr, "", "it takes the category back under its limit: no warning")
        let summary = try tsvRows(["summary", "--month", "2026-11"])
        XCTAssertEqual(summary["total income"]?["amount"], "300000")
        XCTAssertEqual(summary["total expenses"]?["amount"], "119200")
        XCTAssertEqual(summary["category 食費（食料品）"]?["amount"], "39200")
        XCTAssertEqual(summary["category 食費（食料品）"]?["remaining"], "800")
        let limits = try budget.run(
            ["limit", "list", "--format", "tsv", "--no-header"], environment: ["BUDGET_TODAY": "2026-11-20"]).stdout
        XCTAssertTrue(limits.hasPrefix("食費（食料品）\t40000\t39200\t800\t"), limits)
        let listed = try budget.run("list", "expenses", "--month", "2026-11").stdout
        XCTAssertTrue(listed.contains("返品 Groceries  食費（食料品）  refund -¥2,000"), listed)
        XCTAssertTrue(listed.contains("Total (3 expenses, 1 refund)"), listed)
        // The forecast from 11-20 counts it among November's recorded expenses, and plans
        // what the limit leaves: 40,000 − 39,200 = 800.
        let forecast = try budget.run(
            ["forecast", "--months", "1", "--format", "json"], environment: ["BUDGET_TODAY": "2026-11-20"]).stdout
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(forecast.utf8)) as? [String: Any])
        let month = try XCTUnwrap((object["months"] as? [[String: Any]])?.first)
        XCTAssertEqual((month["recorded"] as? [String: Any])?["expenses"] as? Int, 119_200)
        XCTAssertEqual((month["planned"] as? [String: Any])?["spending"] as? Int, 800)
        XCTAssertEqual(
            (object["opening"] as? [String: Any])?["expenses"] as? Int, 100, "the 2024 bus ride, before November")

        // Editing: the amount is the size, and a refund stays one unless told otherwise.
        func amount() throws -> [String] {
            Listing(tsv: try budget.run("show", "expense", "6", "--format", "tsv").stdout).column("amount")
        }
        try budget.succeed("edit", "expense", "6", "--amount", "3,000")
        XCTAssertEqual(try amount(), ["-3000"])
        try budget.succeed("edit", "expense", "6", "--no-refund")
        XCTAssertEqual(try amount(), ["3000"])
        try budget.succeed("edit", "expense", "6", "--refund", "--amount", "2000")
        XCTAssertEqual(try amount(), ["-2000"])

        // A plain negative amount is refused and says how to record a refund; an income has none.
        let before = budget.dataBytes()
        let negative = try budget.run("add", "expense", "返品", "--", "-2000")
        XCTAssertEqual(negative.code, 64)
        XCTAssertTrue(
            negative.stderr.hasPrefix(
                "budget: error: invalid amount '-2000': amounts cannot be negative; "
                    + "for money back on a purchase, give its amount with --refund\n"),
            negative.stderr)
        XCTAssertEqual(try budget.run("add", "income", "x", "5", "--refund").code, 64)
        XCTAssertEqual(try budget.run("edit", "income", "1", "--refund").code, 64)
        XCTAssertEqual(try budget.run("edit", "expense", "6", "--refund", "--no-refund").code, 64)
        XCTAssertTrue(
            try budget.run("edit", "expense", "6", "--amount=-5").stderr
                .hasPrefix("budget: error: "
                    + "invalid amount '-5': amounts cannot be negative; a refund's amount is its size"))
        XCTAssertEqual(budget.dataBytes(), before)

        // December: transport 6,400 and 10,000 back: −3,600, below zero, and every report
        // computes; shares below zero are left empty.
        try budget.succeed(
            "add", "expense", "返金 定期", "10,000", "--category", "transport", "--refund", "--date", "2026-12-02")
        let december = try tsvRows(["summary", "--month", "2026-12"])
        XCTAssertEqual(december["total expenses"]?["amount"], "-3600")
        XCTAssertEqual(december["category transport"]?["amount"], "-3600")
        XCTAssertEqual(december["category transport"]?["share"], "")
        for arguments in [
            ["summary", "--month", "2026-12"], ["summary", "--month", "2026-12", "--compare", "previous"],
            ["summary", "--per", "month", "--year", "2026"], ["summary", "--by", "month", "--year", "2026"],
            ["categories"], ["list", "all"], ["summary", "--month", "2026-12", "--format", "json"],
        ] {
            for width in ["40", "100"] {
                let result = try budget.run(arguments, environment: ["COLUMNS": width, "BUDGET_TODAY": "2026-12-20"])
                XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
            }
        }
        let table = try budget.run(["summary", "--month", "2026-12"], environment: ["COLUMNS": "100"]).stdout
        XCTAssertTrue(
            table.split(separator: "\n").contains { $0.hasPrefix("transport ") && $0.hasSuffix(" -¥3,600") }, table)

        // What export writes, import reads back: the refunds are refunds again.
        let csv = try budget.succeed("export", "--format", "csv").stdout
        let copy = try BudgetProcess()
        XCTAssertEqual(try copy.run(["import", "-"], stdin: csv).code, 0)
        let copied = try copy.run("list", "expenses", "--format", "tsv", "--no-header").stdout
        let amounts = Listing(tsv: copied, header: ListingColumns.expenses).column("amount")
        XCTAssertEqual(amounts.filter { $0.hasPrefix("-") }, ["-2000", "-10000"])
    }

    /// `--search` folds width and kana as rules do: `セブン` finds `ｾﾌﾞﾝｲﾚﾌﾞﾝ`, in lists and summaries.
    func testSearch_FoldsWidthAndKanaAsRulesDo() throws {
        try budget.succeed("add", "expense", "ｾﾌﾞﾝｲﾚﾌﾞﾝ", "450", "--category", "food", "--date", "2026-11-21")
        try budget.succeed("add", "expense", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", "2980", "--category", "shopping", "--date", "2026-11-21")
        let ids = { (text: String) throws -> String in
            try self.budget.run("list", "expenses", "--search", text, "--format", "ids").stdout
        }
        let seven = try budget.run("list", "expenses", "--search", "ｾﾌﾞﾝｲﾚﾌﾞﾝ", "--format", "ids").stdout
        XCTAssertEqual(seven.split(separator: "\n").count, 1)
        XCTAssertEqual(try ids("セブン"), seven)
        XCTAssertEqual(try ids("amazon.co.jp"), try ids("ＡＭＡＺＯＮ"))
        XCTAssertEqual(try ids("amazon.co.jp").split(separator: "\n").count, 1)
        let summary = try budget.run("summary", "--search", "セブン", "--all", "--format", "tsv").stdout
        XCTAssertTrue(summary.contains("food\t"), summary)
        XCTAssertFalse(summary.contains("shopping"), summary)
    }

    /// A category filter or rename finds a category typed in another case or width, as input
    /// files it: `--category food` keeps the expenses under `Food`.
    func testCategoryFiltersAndRename_FindTheCategoryInAnotherCaseOrWidth() throws {
        let budget = try BudgetProcess()
        try budget.succeed("add", "expense", "a", "100", "--category", "Food", "--date", "2026-11-01")
        try budget.succeed("add", "expense", "b", "5", "--category", "住居", "--date", "2026-11-01")
        XCTAssertEqual(try budget.run("list", "expenses", "--category", "food", "--format", "ids").stdout, "00000001\n")
        XCTAssertEqual(
            try budget.run("export", "--category", "ｆｏｏｄ", "--format", "tsv").stdout.split(separator: "\n").count,
            2,
            "the header and Food's expense")
        XCTAssertTrue(
            try budget.run("summary", "--category", "FOOD", "--all", "--format", "tsv").stdout
                .contains("total\texpenses\t100\t"))
        XCTAssertEqual(
            try budget.run("categories", "rename", "ｆｏｏｄ", "Groceries").stderr,
            "Renamed category Food to Groceries (1 expense).\n")
        // Two spellings in use that fold alike: a rename must name one exactly.
        try budget.succeed("add", "expense", "c", "1", "--category", "Groceries")
        let exact = try budget.run("categories", "rename", "groceries", "x")
        XCTAssertEqual(exact.code, 0, exact.stderr)
    }

    /// `Food` and `ｆｏｏｄ` typed where `food` is in use are `food`: one category with one
    /// limit, whichever command takes the category (and an import's rows and default).
    func testCategory_TypedInAnotherCaseOrWidthTakesTheSpellingInUse() throws {
        let budget = try BudgetProcess()
        try budget.succeed("add", "expense", "Lunch", "900", "--category", "food", "--date", "2026-11-01")
        try budget.succeed("add", "expense", "Snack", "200", "--category", "Food", "--date", "2026-11-02")
        try budget.succeed("add", "expense", "Tea", "100", "--category", "ｆｏｏｄ", "--date", "2026-11-03")
        try budget.succeed("add", "expense", "Rent", "80000", "--category", "住居", "--date", "2026-11-01")
        try budget.succeed("edit", "expense", "4", "--category", "ＦＯＯＤ")
        XCTAssertEqual(
            try budget.run("limit", "set", "FOOD", "5000").stderr.hasPrefix("Set the monthly limit of food to"), true)
        XCTAssertEqual(
            try budget.run("rule", "add", "ｾﾌﾞﾝ", "--category", "Ｆｏｏｄ").stderr,
            "Added rule 1: ｾﾌﾞﾝ → category food (expenses).\n")
        try budget.succeed(
            "recur", "add", "expense", "Rice", "3000", "--category", "FOOD", "--every", "month", "--from", "2026-12-01")
        let statement = budget.directory.appendingPathComponent("card.csv")
        try Data("日付,内容,金額,区分\n2026/11/05,ｾﾌﾞﾝ,450,\n2026/11/06,ﾛｰｿﾝ,300,Ｆｏｏｄ\n2026/11/07,ﾊﾟﾝ,250,\n".utf8)
            .write(to: statement)
        try budget.succeed(
            "import", statement.path, "--map", "date=日付", "--map", "name=内容", "--map", "amount=金額", "--map",
            "category=区分", "--sign", "expense-positive", "--category", "fOOD")
        let tsv = try budget.run("list", "expenses", "--format", "tsv").stdout
        let header = tsv.split(separator: "\n").first?.split(separator: "\t").map(String.init) ?? []
        let column = try XCTUnwrap(header.firstIndex(of: "category"))
        let categories = Set(
            tsv.split(separator: "\n").dropFirst()
                .map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[column]) })
        XCTAssertEqual(categories, ["food"])
        XCTAssertEqual(
            try budget.run("limit", "list", "--format", "tsv", "--no-header").stdout.split(separator: "\t").first,
            "food")
        XCTAssertTrue(try budget.run("config", "get", "rule.1").stdout.contains("category=food"))
    }
}
