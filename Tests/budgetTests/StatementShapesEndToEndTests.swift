import Foundation
import XCTest

/// Statements' shapes through the binary: lines without a transaction listed by `--dry-run`, a
/// type column given meanings with `--kind-value` (and saved in a profile), and files that are
/// no statements refused in one line.
final class StatementShapesEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        budget.environment["BUDGET_TODAY"] = "2026-11-25"
    }

    private func statement(_ name: String, _ text: String) throws -> String {
        let url = budget.directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A bank export with a text line after the header, a section line, a total and a charge
    /// without an amount: `--dry-run` lists each with why, and the import counts them.
    func testLinesWithoutATransaction_AreListedByADryRunAndCounted() throws {
        let path = try statement("bank.csv", """
            Date,Description,Amount
            Posted Transactions
            2026-11-01,Coffee,-150
            ****-****-****-1234 山田 太郎
            ,Total,-150
            2026-11-02,<VIEW>\u{1B}[31m,

            """)
        let map = ["--map", "date=Date", "--map", "name=Description", "--map", "amount=Amount"]
        let dry = try budget.run(["import", path, "--dry-run"] + map)
        XCTAssertEqual(dry.code, 0, dry.stderr)
        let lines = dry.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, """
            Would import 1 expense from the statement (4 lines without a transaction skipped; expenses filed 1 \
            under the default category); nothing was changed (--dry-run).
            """)
        XCTAssertEqual(Array(lines.dropFirst()), [
            "4 lines would become no record:",
            "  line 2: no date (a total, a section, a note or a title): Posted Transactions",
            "  line 4: no date (a total, a section, a note or a title): ****-****-****-1234 山田 太郎",
            "  line 5: no date (a total, a section, a note or a title): Total | -150",
            "  line 6: no amount: 2026-11-02 | <VIEW>\\u{1B}[31m",
        ], "listed, and a statement's text is escaped")
        XCTAssertFalse(FileManager.default.fileExists(atPath: budget.dataFile.path), "a dry run writes nothing")
        let result = try budget.run(["import", path] + map)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("would become no record"), "only a dry run lists them")
    }

    /// A dry run lists the first 100 lines that would become no record, then how many more.
    func testDryRun_ListsAtMostAHundredLinesWithoutATransaction() throws {
        var text = "Date,Description,Amount\n2026-11-01,Coffee,-150\n"
        for number in 1...250 { text += "Section \(number)\n" }
        let path = try statement("long.csv", text)
        let map = ["--map", "date=Date", "--map", "name=Description", "--map", "amount=Amount"]
        let dry = try budget.run(["import", path, "--dry-run"] + map)
        XCTAssertEqual(dry.code, 0, dry.stderr)
        let lines = dry.stderr.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].contains("(250 lines without a transaction skipped;"), lines[0])
        XCTAssertEqual(lines[1], "250 lines would become no record:")
        let listed = lines.filter { $0.hasPrefix("  line ") }
        XCTAssertEqual(listed.count, 100, dry.stderr)
        XCTAssertEqual(listed.first, "  line 3: no date (a total, a section, a note or a title): Section 1")
        XCTAssertEqual(listed.last, "  line 102: no date (a total, a section, a note or a title): Section 100")
        XCTAssertEqual(lines.last, "  … and 150 more")
        XCTAssertEqual(lines.count, 103, "the confirmation, the heading, 100 lines and the rest counted")
    }

    /// An amount grouped otherwise than by threes (`12,50` with a decimal point) is refused,
    /// never read 100 times too large; the hint fits a preset's file as well as `--map`.
    func testAmounts_GroupedLooselyAreRefused() throws {
        let path = try statement("euro.csv", """
            Date,Description,Amount
            2026-11-01,Coffee,"-12,50"

            """)
        try budget.succeed("config", "set", "display.currency", "EUR")
        let map = ["--map", "date=Date", "--map", "name=Description", "--map", "amount=Amount"]
        let refused = try budget.run(["import", path] + map)
        XCTAssertEqual(refused.code, 65, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("'-12,50' is not an amount"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("(check --decimal-mark, and the columns --map names)"), refused.stderr)
        let result = try budget.run(["import", path, "--decimal-mark", ","] + map)
        XCTAssertEqual(result.code, 0, result.stderr)
        let rows = Listing(tsv: try budget.run("list", "all", "--format", "tsv").stdout).rows
        XCTAssertEqual(rows.map { $0["amount"] }, ["12.50"])
    }

    /// Mint's positive amounts with a debit/credit column, and a WAON-like type column where a
    /// charge is a transfer and a cancelled payment money back; saved in a profile, read back.
    func testKindValues_GiveATypeColumnItsMeaningsAndAreSavedInAProfile() throws {
        let mint = try statement("mint.csv", """
            "Date","Description","Amount","Transaction Type"
            "2026-11-02","Starbucks","2.45","debit"
            "2026-11-03","Refund","1.00","credit"

            """)
        try budget.succeed("config", "set", "display.currency", "USD")
        let options = [
            "--map", "date=Date", "--map", "name=Description", "--map", "amount=Amount",
            "--map", "kind=Transaction Type",
        ]
        let refused = try budget.run(["import", mint] + options)
        XCTAssertEqual(refused.code, 65)
        XCTAssertTrue(refused.stderr.contains("unknown kind 'debit' (known: income, expense); give it one with "
            + "--kind-value <text>=income|expense|transfer|skip"), refused.stderr)
        let result = try budget.run(
            ["import", mint, "--kind-value", "debit=expense", "--kind-value", "credit=income", "--save-profile", "mint"]
                + options)
        XCTAssertEqual(result.code, 0, result.stderr)
        let rows = Listing(tsv: try budget.run("list", "all", "--format", "tsv").stdout).rows
        XCTAssertEqual(rows.map { [$0["kind"], $0["name"], $0["amount"]] }, [
            ["income", "Refund", "1.00"], ["expense", "Starbucks", "2.45"],
        ])
        let shown = try budget.run("profile", "show", "mint")
        XCTAssertTrue(shown.stdout.contains("kind-value"), shown.stdout)
        XCTAssertTrue(try budget.run("import", mint, "--profile", "mint").stderr.hasPrefix("Imported nothing"))

        let bad = try budget.run(["import", mint, "--kind-value", "debit=spend"] + options)
        XCTAssertEqual(bad.code, 64)
        XCTAssertTrue(
            bad.stderr.hasPrefix("budget: error: "
                + "invalid value 'debit=spend' for '--kind-value <text=kind>'"), bad.stderr)
    }

    /// Two kind values that fold to one text (`ｵｰﾄ` is `オート`) with two meanings are a usage
    /// error; the same meaning twice is harmless.
    func testKindValues_OneTextWithTwoMeaningsIsRefused() throws {
        let waon = try statement("waon.csv", """
            日付,内容,金額,区分
            2026-11-02,ｵｰﾄ,1000,ｵｰﾄ
            2026-11-03,Lunch,900,支払

            """)
        let options = [
            "--map", "date=日付", "--map", "name=内容", "--map", "amount=金額", "--map", "kind=区分",
            "--sign", "expense-positive", "--kind-value", "支払=expense",
        ]
        let refused = try budget.run(
            ["import", waon, "--kind-value", "オート=transfer", "--kind-value", "ｵｰﾄ=expense"] + options)
        XCTAssertEqual(refused.code, 64, refused.stderr)
        XCTAssertTrue(refused.stderr.hasPrefix(
            "budget: error: invalid value 'ｵｰﾄ=expense' for '--kind-value <text=kind>': 'オート' is the same value "
                + "(compared folded), and it means transfer"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: budget.dataFile.path), "nothing is written")
        let result = try budget.run(
            ["import", waon, "--kind-value", "オート=transfer", "--kind-value", "ｵｰﾄ=transfer", "--save-profile", "mywaon"]
                + options)
        XCTAssertEqual(result.code, 0, result.stderr)
        let rows = Listing(tsv: try budget.run("list", "all", "--format", "tsv").stdout).rows
        XCTAssertEqual(rows.map { $0["name"] }, ["Lunch"], "the charge is a transfer")
        let saved = try budget.run("config", "get", "import.profile.mywaon").stdout
        XCTAssertEqual(saved.components(separatedBy: "kind-value=").count, 3, "the same meaning is kept once: \(saved)")
    }
}
