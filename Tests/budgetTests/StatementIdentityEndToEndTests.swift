import Foundation
import XCTest

/// When an imported row is already in the budget, through the built binary: repeated IDs in
/// one statement, a profile saved later, deleted imported records, rows linked to scheduled
/// and typed-in records (the README's workflow), and limit warnings of imports and schedules.
final class StatementIdentityEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        budget.environment["BUDGET_TODAY"] = "2026-12-01"
    }

    /// Writes a statement file and returns its path.
    private func statement(_ name: String, _ text: String) throws -> String {
        let url = budget.directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The rows of `list <kind> --format tsv`, each by its column names.
    private func rows(_ kind: String = "all") throws -> [[String: String]] {
        Listing(tsv: try budget.succeed("list", kind, "--format", "tsv").stdout).rows
    }

    private static let bankHeader = "取引日,入出金(円),取引後残高(円),入出金内容\n"

    // MARK: Item 2

    func testRepeatedIDs_EveryRowOfTheStatementIsImported() throws {
        // An anonymised MoneyForward export: every ID is `hoge`.
        let text = """
            "計算対象","日付","内容","金額（円）","保有金融機関","大項目","中項目","メモ","振替","ID"
            "1","2026/11/30","hoge","-972","hoge","食費","コンビニ","hoge","0","hoge"
            "1","2026/11/30","hoge","-210","hoge","食費","コンビニ","hoge","0","hoge"
            "1","2026/11/28","hoge","-3055","hoge","住宅","通信","hoge","0","hoge"

            """
        let path = try statement("mf.csv", text)
        let first = try budget.run("import", path)
        XCTAssertEqual(first.code, 0, first.stderr)
        XCTAssertEqual(first.stdout.split(separator: "\n").count, 3, first.stderr)
        XCTAssertEqual(try rows("expenses").compactMap { $0["amount"] }.sorted(), ["210", "3055", "972"])
        XCTAssertEqual(
            try budget.run("import", path).stderr,
            "Imported nothing from a MoneyForward ME export (3 rows already there).\n")
    }

    // MARK: Item 4

    func testSavingAProfileOnALaterImport_AddsOnlyTheNewRows() throws {
        try budget.succeed(
            "import",
            try statement("oct.csv", Self.bankHeader + "2026/10/10,-10000,90000,ATM\n2026/10/12,-480,89520,ﾛｰｿﾝ\n"))
        let november = try statement(
            "nov.csv", Self.bankHeader + "2026/10/12,-480,89520,ﾛｰｿﾝ\n2026/11/02,-300,89220,ｺｰﾋｰ\n")
        let saved = try budget.run("import", november, "--save-profile", "mybank")
        XCTAssertEqual(saved.stdout, "expense-00000003\n", saved.stderr)
        XCTAssertTrue(saved.stderr.contains("(1 row already there;"), saved.stderr)
        // A profile saved from that one reads the same account.
        let derived = try budget.run(
            "import", november, "--profile", "mybank", "--save-profile", "mybank2", "--category", "daily")
        XCTAssertEqual(derived.stdout, "", derived.stderr)
        XCTAssertEqual(
            derived.stderr,
            "Imported nothing from a Rakuten Bank statement (2 rows already there; of those, 1 through rakuten-bank). "
                + "Saved the options as the profile 'mybank2', which reads the account of 'mybank' "
                + "(rows imported through either are the same rows; another account's profile is saved from the preset "
                + "or without --profile).\n")
        XCTAssertTrue(try budget.succeed("profile", "show", "mybank2").stdout.contains("account"))
        XCTAssertEqual(try rows().count, 3)
    }

    func testTwoAccountsOfOneBank_EachSavedFromTheFirstImport_KeepTheirIdenticalRows() throws {
        let withdrawal = Self.bankHeader + "2026/11/10,-10000,90000,ATM\n"
        try budget.succeed("import", try statement("his.csv", withdrawal), "--save-profile", "his")
        let hers = try budget.run("import", try statement("hers.csv", withdrawal), "--save-profile", "hers")
        XCTAssertEqual(hers.stdout, "expense-00000002\n", hers.stderr)
        XCTAssertEqual(try budget.run("import", try statement("hers.csv", withdrawal), "--profile", "hers").stdout, "")
        XCTAssertEqual(
            try rows("expenses").map { $0["source"] },
            ["his:2026-11-10|expense|10000|1|ATM", "hers:2026-11-10|expense|10000|1|ATM"])
        // A third account saved from the preset by name is new too.
        XCTAssertEqual(
            try budget.run(
                "import", try statement("third.csv", withdrawal), "--profile", "rakuten-bank", "--save-profile",
                "third").stdout,
            "expense-00000003\n")
        // Without a profile the statement names no account: the row is taken for one already
        // there, and the confirmation says through which profile.
        let forgot = try budget.run("import", try statement("fourth.csv", withdrawal))
        XCTAssertEqual(forgot.stdout, "")
        XCTAssertEqual(
            forgot.stderr,
            "Imported nothing from a Rakuten Bank statement (1 row already there; of those, 1 through his).\n")
    }

    func testTwoAccountsOfOneBank_ImportedIntoTheirAccountsWithoutProfiles_KeepTheirIdenticalRows() throws {
        // Each import names its budget account: the same payment from both is two payments, and
        // each account's balance agrees with its statement.
        for account in ["夫口座", "妻口座"] {
            try budget.succeed(
                "account", "add", account, "--type", "bank", "--opening", "100000", "--as-of", "2026-11-01")
        }
        let purchase = Self.bankHeader + "2026/11/10,-500,99500,ｽﾀﾊﾞ\n"
        XCTAssertEqual(
            try budget.run("import", try statement("his.csv", purchase), "--account", "夫口座").stdout,
            "expense-00000001\n")
        let hers = try budget.run("import", try statement("hers.csv", purchase), "--account", "妻口座")
        XCTAssertEqual(hers.stdout, "expense-00000002\n", hers.stderr)
        // Each statement again, into its own account, adds nothing; without an account, the row
        // is one already there, as before.
        for (file, account) in [("his.csv", "夫口座"), ("hers.csv", "妻口座")] {
            let again = try budget.run("import", try statement(file, purchase), "--account", account)
            XCTAssertEqual(again.stdout, "", again.stderr)
            XCTAssertTrue(again.stderr.contains("(1 row already there)"), again.stderr)
        }
        XCTAssertEqual(try budget.run("import", try statement("third.csv", purchase)).stdout, "")
        XCTAssertEqual(try rows("expenses").map { $0["account"] }, ["夫口座", "妻口座"])
    }

    // MARK: Item 5

    func testADeletedImportedRecord_DoesNotComeBackUntilAllowed() throws {
        let path = try statement(
            "bank.csv", Self.bankHeader + "2026/11/03,-80000,100000,ﾔﾁﾝ\n2026/11/04,-500,99500,ｺﾝﾋﾞﾆ\n")
        try budget.succeed("import", path)
        let deleted = try budget.succeed("delete", "expense", "00000002")
        XCTAssertEqual(
            deleted.stderr,
            "Deleted expense 00000002 (ｺﾝﾋﾞﾆ). Imports will leave out its statement row "
                + "(import --include-deleted imports it again).\n")
        let again = try budget.run("import", path)
        XCTAssertEqual(again.stdout, "")
        XCTAssertEqual(
            again.stderr,
            "Imported nothing from a Rakuten Bank statement (1 row already there; 1 row of deleted records left out). "
                + "Deleting an imported record keeps its row out of imports; "
                + "--include-deleted imports such rows again.\n")
        XCTAssertEqual(try budget.run("check").code, 0)
        // Editing the other keeps it the row.
        try budget.succeed("edit", "expense", "00000001", "--amount", "81000", "--date", "2026-11-05")
        XCTAssertTrue(try budget.run("import", path).stderr.contains("(1 row already there;"))
        // The setting is the delete's: config refuses it, with the usage.
        let set = try budget.run("config", "unset", "import.deleted.2026-11")
        XCTAssertEqual(set.code, 64)
        XCTAssertTrue(
            set.stderr.hasPrefix(
                "budget: error: import.deleted.2026-11 remembers the statement rows of deleted imported records"),
            set.stderr)
        // Undo of the delete forgets it: the record is back, and the row is there again.
        try budget.succeed("undo")  // the edit
        let undone = try budget.succeed("undo")
        XCTAssertEqual(undone.stderr, "Undid: delete expense 00000002 (ｺﾝﾋﾞﾆ).\n")
        XCTAssertEqual(
            try budget.run("import", path).stderr,
            "Imported nothing from a Rakuten Bank statement (2 rows already there).\n")
        // Deleted again, --include-deleted brings back that row alone (the rent stays once);
        // --allow-duplicates would import every row again.
        try budget.succeed("delete", "expense", "00000002")
        let back = try budget.succeed("import", path, "--include-deleted")
        XCTAssertEqual(back.stdout, "expense-00000003\n")
        XCTAssertEqual(
            back.stderr,
            "Imported 1 expense from a Rakuten Bank statement (1 row already there; "
                + "expenses filed 1 under the default category).\n")
        XCTAssertEqual(try budget.run("config", "get", "import.deleted.2026-11").stdout, "none\n")
        XCTAssertEqual(
            try budget.run("import", path).stderr,
            "Imported nothing from a Rakuten Bank statement (2 rows already there).\n")
        try budget.succeed("delete", "expense", "00000003")
        XCTAssertEqual(try budget.succeed("import", path, "--allow-duplicates").stdout.split(separator: "\n").count, 2)
        XCTAssertEqual(try budget.run("config", "get", "import.deleted.2026-11").stdout, "none\n")
    }

    func testBulkDeleteOfImportedRecords_RemembersEveryRowAndTheExportKeepsThem() throws {
        let lines = (1...300).map { "2026/\(10 + $0 % 2)/\(String(format: "%02d", $0 % 28 + 1)),-\($0),1,Shop \($0)" }
        let path = try statement("bulk.csv", Self.bankHeader + lines.joined(separator: "\n") + "\n")
        try budget.succeed("import", path)
        let ids = try budget.succeed("list", "expenses", "--format", "ids").stdout
        let deleted = try budget.succeed("delete", "expense", "-", stdin: ids)
        XCTAssertEqual(
            deleted.stderr,
            "Deleted 300 expenses. Imports will leave out their statement rows "
                + "(import --include-deleted imports them again).\n")
        XCTAssertTrue(try budget.run("import", path).stderr.contains("300 rows of deleted records left out"))
        // An export restored elsewhere keeps them.
        let export = try budget.succeed("export").stdout
        let copy = budget.directory.appendingPathComponent("copy.json").path
        let exportPath = try statement("export.json", export)
        try budget.succeed("--file", copy, "restore", exportPath)
        XCTAssertTrue(
            try budget.run("--file", copy, "import", path).stderr.contains("300 rows of deleted records left out"))
    }

    // MARK: Item 7: the README's workflow

    func testReadmeWorkflow_ScheduledSalaryAndRentThenTheBankStatement_NothingCountedTwice() throws {
        try budget.succeed(
            "recur", "add", "expense", "家賃", "80000", "--category", "住居", "--every", "month", "--on", "25", "--weekend",
            "before", "--from", "2026-10-01")
        try budget.succeed(
            "recur", "add", "income", "Salary", "300,000", "--every", "month", "--on", "25", "--from", "2026-10-01")
        // October 25th is a Sunday: the rent was recorded on Friday the 23rd; the bank paid the salary on
        // Monday the 26th.
        let path = try statement("bank.csv", Self.bankHeader + """
            2026/10/23,-80000,100000,ﾌﾘｺﾐ ﾔﾁﾝ
            2026/10/26,300000,400000,ｷﾕｳﾖ ABC
            2026/11/25,-80000,320000,ﾌﾘｺﾐ ﾔﾁﾝ
            2026/11/25,300000,620000,ｷﾕｳﾖ ABC
            2026/11/27,-1500,618500,ｺﾝﾋﾞﾆ

            """)
        let dryRun = try budget.succeed("import", path, "--dry-run")
        XCTAssertEqual(dryRun.stderr.split(separator: "\n").map(String.init), [
            "Would import 1 expense from a Rakuten Bank statement (4 rows matched to records already there; "
                + "expenses filed 1 under the default category); nothing was changed (--dry-run).",
            "Would link 4 rows to records already there, which keep their names, categories and dates "
                + "(--no-match adds such rows instead):",
            "  line 2 (2026-10-23 ﾌﾘｺﾐ ﾔﾁﾝ) → expense 00000001 (家賃)",
            "  line 3 (2026-10-26 ｷﾕｳﾖ ABC) → income 00000001 (Salary)",
            "  line 4 (2026-11-25 ﾌﾘｺﾐ ﾔﾁﾝ) → expense 00000002 (家賃)",
            "  line 5 (2026-11-25 ｷﾕｳﾖ ABC) → income 00000002 (Salary)",
        ])
        let imported = try budget.succeed("import", path)
        XCTAssertEqual(imported.stdout, "expense-00000003\n")
        XCTAssertTrue(
            imported.stderr.hasPrefix(
                "Imported 1 expense from a Rakuten Bank statement (4 rows matched to records already there;"),
            imported.stderr)
        let records = try rows()
        XCTAssertEqual(records.count, 5)
        XCTAssertEqual(records.filter { $0["kind"] == "income" }.map { $0["amount"] }, ["300000", "300000"])
        XCTAssertEqual(records.filter { $0["name"] == "家賃" }.map { $0["category"] }, ["住居", "住居"])
        XCTAssertTrue(records.allSatisfy { !($0["source"] ?? "").isEmpty })
        XCTAssertEqual(
            try budget.run("import", path).stderr,
            "Imported nothing from a Rakuten Bank statement (5 rows already there).\n")
        // November holds one salary and one rent.
        let november = records.filter { $0["date"]?.hasPrefix("2026-11") ?? false }
        XCTAssertEqual(november.map { $0["amount"] ?? "" }.sorted(), ["1500", "300000", "80000"])
        // Undo takes the links back; --no-match adds every row.
        try budget.succeed("undo")
        XCTAssertTrue(try rows().filter { $0["kind"] == "income" }.allSatisfy { ($0["source"] ?? "").isEmpty })
        XCTAssertEqual(try budget.succeed("import", path, "--no-match").stdout.split(separator: "\n").count, 5)
    }

    func testReadmeWorkflow_TheStatementBeforeTheSchedulesRecord_NothingCountedTwice() throws {
        budget.environment["BUDGET_TODAY"] = "2026-10-24"
        try budget.succeed(
            "recur", "add", "income", "Salary", "300,000", "--every", "month", "--on", "25", "--from", "2026-10-01")
        try budget.succeed("import", try statement("early.csv", Self.bankHeader + "2026/10/23,300000,1,ｷﾕｳﾖ\n"))
        budget.environment["BUDGET_TODAY"] = "2026-10-26"
        XCTAssertEqual(
            try budget.succeed("recur", "run", "--dry-run").stderr,
            "1 of them would be linked to the imported record already there instead of recorded: "
                + "income-00000001 Salary on 2026-10-25 (the imported record already there).\n")
        let run = try budget.succeed("recur", "run")
        XCTAssertEqual(run.stdout, "", "no record made")
        XCTAssertEqual(
            run.stderr,
            "Recorded 1 scheduled occurrence due through 2026-10-26: "
                + "income-00000001 Salary on 2026-10-25 (the imported record already there).\n")
        let incomes = try rows("incomes")
        XCTAssertEqual(incomes.map { $0["schedule"] }, ["00000001@2026-10-25"])
        XCTAssertEqual(incomes.map { $0["amount"] }, ["300000"])
    }

    func testNoMatch_IsForStatementsOnly() throws {
        let path = try statement("own.csv", "date,name,amount,category\n2026-11-01,Tea,5,food\n")
        let result = try budget.run("import", "expenses", path, "--no-match")
        XCTAssertEqual(result.code, 64)
        XCTAssertTrue(result.stderr.hasPrefix("budget: error: '--no-match' is for statements"), result.stderr)
    }

    // MARK: Limit warnings

    func testImportAndSchedules_WarnWhenTheyTakeACategoryOverItsLimit() throws {
        try budget.succeed("limit", "set", "住居", "70000")
        let recorded = try budget.succeed(
            "recur", "add", "expense", "家賃", "80000", "--category", "住居", "--every", "month", "--on", "25", "--from",
            "2026-11-01")
        XCTAssertTrue(
            recorded.stderr.contains("budget: warning: 住居 is over its monthly limit for 2026-11: 80,000 of 70,000\n"),
            recorded.stderr)
        budget.environment["BUDGET_TODAY"] = "2026-12-26"
        let run = try budget.succeed("recur", "run")
        XCTAssertTrue(
            run.stderr.contains("budget: warning: 住居 is over its monthly limit for 2026-12: 80,000 of 70,000\n"),
            run.stderr)
        // Recorded first by another change.
        budget.environment["BUDGET_TODAY"] = "2027-01-26"
        let automatic = try budget.succeed("add", "income", "Gift", "1000")
        XCTAssertTrue(
            automatic.stderr.contains("budget: warning: 住居 is over its monthly limit for 2027-01: 80,000 of 70,000\n"),
            automatic.stderr)
        try budget.succeed("limit", "set", "food", "1000")
        let card = try statement("card.csv", Self.bankHeader + "2027/01/02,-1500,1,ｺﾝﾋﾞﾆ\n")
        let dryRun = try budget.succeed("import", card, "--category", "food", "--dry-run")
        XCTAssertTrue(
            dryRun.stderr.hasSuffix(
                "budget: warning: once imported, food is over its monthly limit for 2027-01: 1,500 of 1,000\n"),
            dryRun.stderr)
        let imported = try budget.succeed("import", card, "--category", "food")
        XCTAssertTrue(
            imported.stderr.hasSuffix("budget: warning: food is over its monthly limit for 2027-01: 1,500 of 1,000\n"),
            imported.stderr)
    }
}
