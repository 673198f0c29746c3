import Foundation
import XCTest

/// Accounts through the built binary (issue #29): `account add|edit|list|show|rename|close`,
/// a record's `--account`, the `--account` filter, `expense.default-account`, completion, and
/// the data file unchanged by a refused command.
final class AccountsEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        try budget.succeed("account", "add", "楽天銀行", "--type", "bank", "--opening", "120000", "--as-of", "2026-11-01")
        try budget.succeed(
            "account", "add", "楽天カード", "--type", "card", "--opening", "5000", "--closing", "last",
            "--withdrawal", "27", "--from", "楽天銀行")
        try budget.succeed("account", "add", "PayPay", "--type", "emoney")
    }

    /// Runs a command that must fail, and checks that the data file did not change.
    private func refused(_ arguments: String..., code: Int32) throws -> BudgetProcess.Result {
        let before = budget.dataBytes()
        let result = try budget.run(arguments)
        XCTAssertEqual(result.code, code, "\(arguments): \(result.stderr)")
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(budget.dataBytes(), before, "\(arguments) changed the file")
        return result
    }

    func testAdd_ConfirmsOnStderrAndStoresOneSettingPerAccount() throws {
        let result = try budget.run("account", "add", "Cash", "--type", "cash")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "Added account Cash (cash).\n")
        let file = String(decoding: try XCTUnwrap(budget.dataBytes()), as: UTF8.self)
        XCTAssertTrue(
            file.contains("\"account.楽天カード\" : \"type=card;opening=5000;closing=last;withdrawal=27;from=楽天銀行\""),
            file)
        XCTAssertEqual(try budget.run("config", "get", "account.Cash").stdout, "type=cash\n")
    }

    func testList_EveryFormatShowsTheAccountsNotTheirBalances() throws {
        XCTAssertEqual(
            try budget.run("account", "list", "--format", "tsv").stdout,
            "name\ttype\topening\tas_of\tclosed\tcard_cycle\treconciled\treconciled_balance\n"
                + "PayPay\temoney\t0\t\t\t\t\t\n"
                + "楽天カード\tcard\t5000\t\t\tclosing=last withdrawal=27 from=楽天銀行\t\t\n"
                + "楽天銀行\tbank\t120000\t2026-11-01\t\t\t\t\n")
        let table = try budget.run("account", "list").stdout
        XCTAssertTrue(table.hasPrefix("NAME"), table)
        XCTAssertTrue(table.contains("120,000"), table)
        let json = try budget.run("account", "list", "--format", "json").stdout
        XCTAssertTrue(json.contains("\"name\": \"PayPay\""), json)
        XCTAssertEqual(
            try budget.run("account", "show", "ｐａｙｐａｙ").stdout, "name=PayPay\ntype=emoney\nopening=0\n")
    }

    func testRecords_NameAnAccountOfTheBudgetAndFilterByIt() throws {
        try budget.succeed("add", "expense", "Lunch", "800", "--account", "ｐａｙｐａｙ", "--date", "2026-11-02")
        try budget.succeed("add", "expense", "Rent", "80000", "--account", "楽天銀行", "--date", "2026-11-03")
        try budget.succeed("add", "income", "Pay", "300000", "--date", "2026-11-04")
        XCTAssertEqual(
            try budget.run("list", "expenses", "--account", "paypay", "--format", "ids").stdout, "00000001\n")
        XCTAssertEqual(
            try budget.run("list", "all", "--account", "楽天銀行", "--account", "PayPay", "--format", "ids").stdout,
            "expense-00000001\nexpense-00000002\n")
        let rows = Listing(tsv: try budget.run("list", "expenses", "--format", "tsv").stdout).rows
        XCTAssertEqual(rows.map { $0["account"] }, ["PayPay", "楽天銀行"])
        let exported = Listing(csv: try budget.run("export", "--account", "paypay", "--format", "csv").stdout).rows
        XCTAssertEqual(exported.map { $0["name"] }, ["Lunch"])
        let summary = try budget.run("summary", "--all", "--account", "楽天銀行", "--format", "tsv")
        XCTAssertEqual(summary.code, 0, summary.stderr)
        XCTAssertTrue(summary.stdout.contains("80000"), summary.stdout)
        XCTAssertFalse(summary.stdout.contains("\t800\n"), summary.stdout)
        let journal = try budget.run("export", "--format", "ledger").stdout
        XCTAssertTrue(journal.contains("    Assets:PayPay\n"), journal)
        try budget.succeed("edit", "expense-00000002", "--account", "")
        _ = try refused("edit", "expense-00000001", "--account", "Suica", code: 1)
        try budget.succeed("edit", "expense-00000001", "--account", "楽天カード")
        XCTAssertEqual(
            Listing(tsv: try budget.run("list", "expenses", "--format", "tsv").stdout).rows
                .map { $0["account"] },
            ["楽天カード", ""])
    }

    func testUnknownAccount_IsRefusedListingTheKnownOnesAndNothingChanges() throws {
        let result = try refused("add", "expense", "Lunch", "800", "--account", "Suica", code: 1)
        XCTAssertEqual(
            result.stderr, "budget: error: no account named 'Suica'; known accounts: PayPay, 楽天カード, 楽天銀行\n")
        _ = try refused("account", "add", "PayPay", "--type", "cash", code: 1)
        _ = try refused("account", "add", "a;b", "--type", "cash", code: 64)
        _ = try refused("account", "add", "Visa", "--type", "card", "--from", "PayPay", code: 1)
        let usage = try refused("account", "add", "Cash", "--type", "cash", "--closing", "5", code: 64)
        XCTAssertTrue(usage.stderr.contains("'--closing' is for a card account"), usage.stderr)
        _ = try refused("account", "add", "Cash", code: 64)
        _ = try refused("account", "add", "Visa", "--type", "card", "--closing", "32", code: 64)
        _ = try refused("account", "show", "Suica", code: 1)
    }

    func testDefaultAccount_RenameAndClose() throws {
        try budget.succeed("config", "set", "expense.default-account", "楽天カード")
        try budget.succeed("add", "expense", "Book", "1200", "--date", "2026-11-05")
        let renamed = try budget.run("account", "rename", "楽天カード", "Rakuten Card")
        XCTAssertEqual(renamed.code, 0, renamed.stderr)
        XCTAssertEqual(renamed.stderr, "Renamed account 楽天カード to Rakuten Card on 1 record.\n")
        XCTAssertEqual(try budget.run("config", "get", "expense.default-account").stdout, "Rakuten Card\n")
        XCTAssertEqual(
            Listing(tsv: try budget.run("list", "expenses", "--format", "tsv").stdout).rows
                .map { $0["account"] },
            ["Rakuten Card"])
        try budget.succeed("account", "close", "PayPay", "--date", "2026-11-10")
        let late = try refused(
            "add", "expense", "Late", "100", "--account", "PayPay", "--date", "2026-11-11", code: 1)
        XCTAssertEqual(
            late.stderr,
            "budget: error: the account PayPay was closed on 2026-11-10; a record dated 2026-11-11 cannot use it\n")
        try budget.succeed("add", "expense", "Last", "100", "--account", "PayPay", "--date", "2026-11-10")
    }

    func testImport_TakesTheBudgetsAccountsAndRefusesOthersByLine() throws {
        let good = budget.directory.appendingPathComponent("good.csv")
        try "date,name,amount,category,account\n2026-11-02,Lunch,800,food,ｐａｙｐａｙ\n"
            .write(to: good, atomically: true, encoding: .utf8)
        try budget.succeed("import", "expenses", good.path)
        XCTAssertEqual(
            Listing(tsv: try budget.run("list", "expenses", "--format", "tsv").stdout).rows.map { $0["account"] },
            ["PayPay"])
        let statement = budget.directory.appendingPathComponent("statement.csv")
        try "日付,内容,金額,財布\n2026/11/03,コンビニ,500,paypay\n2026/11/04,駅,300,Suica\n"
            .write(to: statement, atomically: true, encoding: .utf8)
        let result = try refused(
            "import", "expenses", statement.path, "--map", "date=日付", "--map", "name=内容", "--map", "amount=金額",
            "--map", "account=財布", code: 65)
        XCTAssertEqual(
            result.stderr,
            "budget: error: line 3, column 'account': no account named 'Suica'; known accounts: PayPay, 楽天カード, "
                + "楽天銀行; nothing was imported\n")
    }

    func testSchedules_NameOneOfTheBudgetsAccountsAndTheirRecordsTakeIt() throws {
        try budget.succeed(
            "recur", "add", "expense", "Rent", "80000", "--every", "month", "--on", "25", "--from", "2026-10-25",
            "--account", "楽天銀行", "--yes")
        let records = Listing(tsv: try budget.run("list", "expenses", "--format", "tsv").stdout).rows
        XCTAssertFalse(records.isEmpty)
        XCTAssertEqual(Set(records.map { $0["account"] }), ["楽天銀行"])
        let result = try refused(
            "recur", "add", "expense", "Gym", "5000", "--every", "month", "--account", "Suica", code: 1)
        XCTAssertEqual(
            result.stderr, "budget: error: no account named 'Suica'; known accounts: PayPay, 楽天カード, 楽天銀行\n")
        try budget.succeed("account", "rename", "楽天銀行", "みずほ")
        let schedules = Listing(tsv: try budget.run("recur", "list", "--format", "tsv").stdout).rows
        XCTAssertEqual(schedules.map { $0["account"] }, ["みずほ"])
    }

    func testEdit_ChangesAndRemovesValuesWithTheCardRules() throws {
        let result = try budget.run("account", "edit", "楽天銀行", "--as-of", "", "--opening", "-500")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stderr, "Changed account 楽天銀行 (bank).\n")
        XCTAssertEqual(try budget.run("config", "get", "account.楽天銀行").stdout, "type=bank;opening=-500\n")
        try budget.succeed("account", "edit", "楽天カード", "--closing", "15", "--from", "")
        XCTAssertEqual(
            try budget.run("account", "show", "楽天カード").stdout,
            "name=楽天カード\ntype=card\nopening=5000\nclosing=15\nwithdrawal=27\n")
        let refused = try refused("account", "edit", "PayPay", "--withdrawal", "10", code: 1)
        XCTAssertEqual(
            refused.stderr,
            "budget: error: PayPay is not a card (its type is emoney); only a card has a closing day, a withdrawal "
                + "day and an account it is paid from\n")
        _ = try self.refused("account", "edit", "Suica", "--opening", "1", code: 1)
    }

    func testCompletion_OffersTheAccounts() throws {
        XCTAssertEqual(
            try budget.run("__complete", "fish", "budget account show ").stdout, "words\nPayPay\n楽天カード\n楽天銀行\n")
        XCTAssertEqual(
            try budget.run("__complete", "fish", "budget add expense x 1 --account P").stdout, "words\nPayPay\n")
    }
}
