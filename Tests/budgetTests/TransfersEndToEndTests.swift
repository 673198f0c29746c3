import Foundation
import XCTest

/// Transfers, balances, reconciliation and statements imported into accounts, through the built
/// binary (issue #29): the money moved between one's own accounts is never spending, the
/// balances agree with the bank's, and a statement that disagrees is refused by line.
final class TransfersEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        try budget.succeed("account", "add", "楽天銀行", "--type", "bank")
        try budget.succeed(
            "account", "add", "楽天カード", "--type", "card", "--closing", "last", "--withdrawal", "27",
            "--from", "楽天銀行")
        try budget.succeed("account", "add", "PayPay", "--type", "emoney")
    }

    /// Runs a command that must fail, and checks that the data file did not change.
    @discardableResult
    private func refused(_ arguments: String..., code: Int32) throws -> BudgetProcess.Result {
        let before = budget.dataBytes()
        let result = try budget.run(arguments)
        XCTAssertEqual(result.code, code, "\(arguments): \(result.stderr)")
        XCTAssertEqual(budget.dataBytes(), before, "\(arguments) changed the file")
        return result
    }

    /// The accounts' balances, by name, from `accounts --format tsv` (the bank's terms).
    private func balances(_ extra: String...) throws -> [String: String] {
        let rows = Listing(tsv: try budget.run(["accounts", "--format", "tsv"] + extra).stdout)
        return Dictionary(uniqueKeysWithValues: rows.rows.map { ($0["account"] ?? "?", $0["balance"] ?? "?") })
    }

    /// The spending of a month, from `summary --format json`.
    private func spending(_ month: String) throws -> Int {
        let json = try XCTUnwrap(JSONSerialization.jsonObject(
            with: Data(try budget.succeed("summary", "--month", month, "--format", "json").stdout.utf8))
            as? [String: Any])
        return try XCTUnwrap(json["expenses"] as? Int, "\(json)")
    }

    /// A Rakuten Bank statement (CP932) of these rows: day, signed amount, balance after, text.
    private func rakutenBank(_ rows: [(String, Int, Int, String)], name: String = "bank.csv") throws {
        var text = "取引日,入出金(円),取引後残高(円),入出金内容\r\n"
        for (day, amount, balance, what) in rows { text += "\(day),\(amount),\(balance),\(what)\r\n" }
        let bytes = try XCTUnwrap(text.data(using: .shiftJIS))
        try bytes.write(to: budget.directory.appendingPathComponent(name))
    }

    // MARK: Transfers

    func testTransfer_IsNeverSpendingAndListsWithTransfers() throws {
        try budget.succeed("add", "expense", "Amazon", "4200", "--account", "楽天カード", "--date", "2026-11-10")
        try budget.succeed("add", "expense", "ｾﾌﾞﾝ", "1800", "--account", "楽天カード", "--date", "2026-11-20")
        let id = try budget.succeed(
            "transfer", "楽天銀行", "楽天カード", "6,000", "--date", "2026-12-27", "--name", "ｶｰﾄﾞ ﾗｸﾃﾝｶｰﾄﾞ").stdout
        XCTAssertEqual(id, "00000001\n")
        XCTAssertEqual(try spending("2026-11"), 6000)
        XCTAssertEqual(try spending("2026-12"), 0, "a card's withdrawal is no spending: never 12,000")
        XCTAssertEqual(try budget.succeed("list", "--transfers", "--format", "ids").stdout, "00000001\n")
        XCTAssertEqual(
            try budget.succeed("list", "all", "--format", "ids").stdout,
            "expense-00000001\nexpense-00000002\ntransfer-00000001\n")
        XCTAssertEqual(try budget.succeed("list", "expenses", "--format", "ids").stdout, "00000001\n00000002\n")
        let listed = try budget.succeed("list", "transfers", "--format", "tsv").stdout
        let row = try XCTUnwrap(Listing(tsv: listed).rows.first)
        XCTAssertEqual(row["from"], "楽天銀行")
        XCTAssertEqual(row["to"], "楽天カード")
        XCTAssertEqual(row["amount"], "6000")
        // The bank's balance falls by 6,000 on 12-27; the card owes nothing after it.
        XCTAssertEqual(try balances("--as-of", "2026-12-26"), ["楽天銀行": "0", "楽天カード": "6000", "PayPay": "0"])
        XCTAssertEqual(try balances(), ["楽天銀行": "-6000", "楽天カード": "0", "PayPay": "0"])
    }

    func testTransfer_EditDeleteAndUndoAsForRecords() throws {
        try budget.succeed("transfer", "楽天銀行", "ＰａｙＰａｙ", "3000", "--date", "2026-11-05")
        XCTAssertEqual(try budget.succeed("show", "transfer-1", "--format", "json").stdout.contains("\"PayPay\""), true)
        try budget.succeed("edit", "transfer", "1", "--amount", "3500")
        XCTAssertEqual(try balances()["PayPay"], "3500")
        try refused("edit", "transfer", "1", "--to", "楽天銀行", code: 1)
        try refused("edit", "transfer", "1", "--category", "food", code: 64)
        try refused("edit", "transfer", "1", "--to", "no such", code: 1)
        try budget.succeed("undo")
        XCTAssertEqual(try balances()["PayPay"], "3000")
        try budget.succeed("delete", "transfer-00000001")
        XCTAssertEqual(try balances()["PayPay"], "0")
        try budget.succeed("undo")
        XCTAssertEqual(try balances()["PayPay"], "3000")
    }

    func testTransfer_RefusesUnknownAndSameAccounts() throws {
        let unknown = try refused("transfer", "楽天銀行", "Suica", "100", code: 1)
        XCTAssertTrue(unknown.stderr.hasPrefix("budget: error: no account named 'Suica'"), unknown.stderr)
        let same = try refused("transfer", "PayPay", "ｐａｙｐａｙ", "100", code: 1)
        XCTAssertTrue(same.stderr.contains("is both"), same.stderr)
        try refused("transfer", "PayPay", "楽天銀行", "-100", code: 64)
        try refused("transfer", "PayPay", "楽天銀行", code: 64)
    }

    // MARK: Balances

    func testPayPay_ChargeAndPurchase_CountOnlyThePurchase() throws {
        try budget.succeed("transfer", "楽天銀行", "PayPay", "5000", "--date", "2026-11-05", "--name", "チャージ")
        try budget.succeed(
            "add", "expense", "ランチ", "1200", "--account", "PayPay", "--category", "食費", "--date", "2026-11-06")
        XCTAssertEqual(try spending("2026-11"), 1200)
        XCTAssertEqual(try balances()["PayPay"], "3800")
        let json = try budget.succeed("accounts", "--format", "json").stdout
        XCTAssertTrue(json.contains("\"net\": 3800"), json)
        let table = try budget.succeed("accounts").stdout
        XCTAssertTrue(table.contains("Net worth"), table)
    }

    func testAccounts_OpeningBalanceAndCardsInNetWorth() throws {
        try budget.succeed("account", "edit", "楽天銀行", "--opening", "100000", "--as-of", "2026-11-01")
        try budget.succeed("add", "expense", "Old", "999", "--account", "楽天銀行", "--date", "2026-10-31")
        try budget.succeed("add", "expense", "Amazon", "4200", "--account", "楽天カード", "--date", "2026-11-10")
        let rows = Listing(csv: try budget.succeed("accounts", "--format", "csv").stdout).rows
        let bank = try XCTUnwrap(rows.first { $0["account"] == "楽天銀行" })
        XCTAssertEqual(bank["balance"], "100000", "a record before the opening day is in the opening balance")
        let card = try XCTUnwrap(rows.first { $0["account"] == "楽天カード" })
        XCTAssertEqual(card["balance"], "4200")
        XCTAssertEqual(card["net"], "-4200")
        let table = try budget.succeed("accounts").stdout
        XCTAssertTrue(table.contains("Net worth") && table.contains("95,800"), table)
    }

    // MARK: Reconcile

    func testReconcile_AgreesExitsZero_DiffersExitsOne_AdjustMakesThemAgree() throws {
        try budget.succeed("account", "edit", "楽天銀行", "--opening", "100000", "--as-of", "2026-11-01")
        try budget.succeed("add", "expense", "家賃", "80000", "--account", "楽天銀行", "--date", "2026-11-10")
        let agrees = try budget.run("reconcile", "楽天銀行", "--balance", "20000", "--date", "2026-11-30")
        XCTAssertEqual(agrees.code, 0, agrees.stderr)
        XCTAssertTrue(agrees.stdout.contains("difference") && agrees.stdout.contains("家賃"), agrees.stdout)
        XCTAssertTrue(try budget.succeed("accounts").stdout.contains("2026-11-30"))
        let differs = try refused("reconcile", "楽天銀行", "--balance", "19,500", "--date", "2026-11-30", code: 1)
        XCTAssertTrue(differs.stderr.hasPrefix("budget: error: 楽天銀行 does not agree"), differs.stderr)
        XCTAssertTrue(differs.stderr.contains("500 more than the bank"), differs.stderr)
        let adjusted = try budget.run(
            "reconcile", "楽天銀行", "--balance", "19500", "--date", "2026-11-30", "--adjust")
        XCTAssertEqual(adjusted.code, 0, adjusted.stderr)
        XCTAssertEqual(try balances()["楽天銀行"], "19500")
        // Agreeing as last remembered changes nothing: the file is not written again.
        let remembered = budget.dataBytes()
        XCTAssertEqual(try budget.run("reconcile", "楽天銀行", "--balance", "19500", "--date", "2026-11-30").code, 0)
        XCTAssertEqual(budget.dataBytes(), remembered)
        let listed = try budget.succeed("list", "transfers", "--format", "tsv").stdout
        let transfer = try XCTUnwrap(Listing(tsv: listed).rows.first)
        XCTAssertEqual(transfer["name"], "残高調整")
        XCTAssertEqual(transfer["to"], "(adjustment)")
        XCTAssertEqual(try spending("2026-11"), 80000, "an adjustment is no spending")
        // One undo step takes the adjustment and the reconciliation back.
        try budget.succeed("undo")
        XCTAssertEqual(try balances()["楽天銀行"], "20000")
    }

    func testReconcile_ShowsTheLatestRecordsSinceTheOpeningAndSaysHowManyMore() throws {
        try budget.succeed("account", "edit", "楽天銀行", "--opening", "100000", "--as-of", "2026-11-01")
        for day in 1...25 {
            try budget.succeed(
                "add", "expense", "Lunch \(day)", "100", "--account", "楽天銀行", "--date",
                "2026-11-" + String(format: "%02d", day))
        }
        let agrees = try budget.run("reconcile", "楽天銀行", "--balance", "97500", "--date", "2026-11-30")
        XCTAssertEqual(agrees.code, 0, agrees.stderr)
        XCTAssertEqual(agrees.stdout.components(separatedBy: "Lunch ").count - 1, 20, agrees.stdout)
        XCTAssertTrue(agrees.stdout.contains("Lunch 25") && !agrees.stdout.contains("Lunch 5 "), agrees.stdout)
        XCTAssertTrue(
            agrees.stderr.contains(
                "5 earlier records are not shown ('budget list all --account 楽天銀行 --from 2026-11-01 "
                    + "--to 2026-11-30 --sort date' lists every one)."),
            agrees.stderr)
        try budget.succeed("undo")  // the reconciliation: the records are again since the opening
        let all = try budget.run("reconcile", "楽天銀行", "--balance", "97500", "--date", "2026-11-30", "--limit", "30")
        XCTAssertEqual(all.stdout.components(separatedBy: "Lunch ").count - 1, 25, all.stdout)
        XCTAssertFalse(all.stderr.contains("not shown"), all.stderr)
        // Since the last reconciliation: nothing after it yet.
        let again = try budget.run("reconcile", "楽天銀行", "--balance", "97500", "--date", "2026-11-30")
        XCTAssertFalse(again.stdout.contains("Lunch"), again.stdout)
        XCTAssertEqual(try budget.run("reconcile", "楽天銀行", "--balance", "1", "--limit", "x").code, 64)
    }

    func testReconcile_ThatDiffers_ListsItsRecordsWhole_AndSchedulesDueAreRecordedFirst() throws {
        // A check that differs reads the budget without the fields balances never use, and
        // its listed records whole: every column as `list` shows it.
        budget.environment["BUDGET_TODAY"] = "2026-11-20"
        try budget.succeed("account", "edit", "楽天銀行", "--opening", "100000", "--as-of", "2026-11-01")
        try budget.succeed(
            "add", "expense", "ｾﾌﾞﾝ", "800", "--category", "食費", "--note", "おにぎり", "--tag", "近所",
            "--account", "楽天銀行", "--date", "2026-11-03")
        try budget.succeed("add", "expense", "Other", "100", "--account", "楽天カード", "--date", "2026-11-04")
        try budget.succeed("transfer", "楽天銀行", "PayPay", "3000", "--date", "2026-11-05", "--note", "チャージ")
        let listed = try budget.succeed(
            "list", "all", "--account", "楽天銀行", "--sort", "date", "--format", "tsv").stdout
        let differs = try refused("reconcile", "楽天銀行", "--balance", "1", "--date", "2026-11-30", code: 1)
        let rows = Listing(tsv: listed).rows
        XCTAssertEqual(rows.count, 2)
        for row in rows {
            for field in ["name", "category", "note", "tags"] where !(row[field] ?? "").isEmpty {
                XCTAssertTrue(differs.stdout.contains(row[field] ?? ""), "\(field) \(row): \(differs.stdout)")
            }
        }
        XCTAssertTrue(differs.stdout.contains("おにぎり") && differs.stdout.contains("チャージ"), differs.stdout)
        XCTAssertFalse(differs.stdout.contains("Other"), differs.stdout)
        XCTAssertTrue(differs.stderr.contains("budget counts 96,200"), differs.stderr)
        // A schedule with an occurrence due: recorded first (the transaction), then the check.
        try budget.succeed(
            "recur", "add", "expense", "家賃", "80000", "--every", "month", "--on", "25", "--from", "2026-11-25",
            "--account", "楽天銀行", "--yes")
        budget.environment["BUDGET_TODAY"] = "2026-11-26"
        let before = budget.dataBytes()
        let due = try budget.run("reconcile", "楽天銀行", "--balance", "1", "--date", "2026-11-30")
        XCTAssertEqual(due.code, 1, due.stderr)
        XCTAssertNotEqual(budget.dataBytes(), before, "the occurrence due was recorded")
        XCTAssertTrue(due.stderr.contains("budget counts 16,200"), due.stderr)
        XCTAssertTrue(due.stdout.contains("家賃"), due.stdout)
    }

    // MARK: Statements into accounts

    func testImport_BalanceCheckRefusesAMissingRowByLine_AndTheWholeFileEndsAtTheStatedBalance() throws {
        let rows = [
            ("20261101", 300_000, 350_000, "給与"), ("20261105", -3000, 347_000, "PayPay チャージ"),
            ("20261110", -80000, 267_000, "家賃"), ("20261127", -6000, 261_000, "ｶｰﾄﾞ ﾗｸﾃﾝｶｰﾄﾞ"),
        ]
        try rakutenBank(rows.enumerated().filter { $0.offset != 2 }.map(\.element), name: "missing.csv")
        let missing = try refused("import", "missing.csv", "--account", "楽天銀行", code: 65)
        XCTAssertTrue(missing.stderr.contains("line 4"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("-80,000"), missing.stderr)
        try budget.succeed("rule", "add", "ﾗｸﾃﾝｶｰﾄﾞ", "--transfer-to", "楽天カード")
        try budget.succeed("rule", "add", "PayPay チャージ", "--transfer-to", "PayPay")
        try rakutenBank(rows)
        let imported = try budget.succeed("import", "bank.csv", "--account", "楽天銀行", "--save-profile", "rakuten")
        XCTAssertTrue(imported.stderr.contains("2 transfers between accounts"), imported.stderr)
        XCTAssertTrue(imported.stderr.contains("opening balance taken from the statement: 50,000"), imported.stderr)
        XCTAssertEqual(try balances(), ["楽天銀行": "261000", "楽天カード": "-6000", "PayPay": "3000"])
        XCTAssertEqual(try spending("2026-11"), 80000, "charges and the card's withdrawal are no spending")
        // The profile stands for the account: the next statement is checked against it too.
        try rakutenBank(rows + [("20261128", -1000, 260_000, "ATM")], name: "next.csv")
        let doubled = try refused("import", "next.csv", "--profile", "rakuten", "--allow-duplicates", code: 65)
        XCTAssertTrue(doubled.stderr.contains("budget counts"), doubled.stderr)
        let next = try budget.succeed("import", "next.csv", "--profile", "rakuten")
        XCTAssertTrue(next.stderr.contains("4 rows already there"), next.stderr)
        XCTAssertEqual(try balances()["楽天銀行"], "260000")
        // --no-balance-check imports what disagrees, said by the user.
        try rakutenBank([("20261129", -500, 1, "x")], name: "wrong.csv")
        try refused("import", "wrong.csv", "--profile", "rakuten", code: 65)
        try budget.succeed("import", "wrong.csv", "--profile", "rakuten", "--no-balance-check")
    }

    func testImport_TheBanksCardRowAndTheCardsStatement_CountTheSpendingOnce() throws {
        try budget.succeed("rule", "add", "ﾗｸﾃﾝｶｰﾄﾞ", "--transfer-to", "楽天カード")
        try rakutenBank([("20261201", 10000, 10000, "入金"), ("20261227", -6000, 4000, "ｶｰﾄﾞ ﾗｸﾃﾝｶｰﾄﾞ")])
        try budget.succeed("import", "bank.csv", "--account", "楽天銀行")
        let card = "\u{FEFF}\"利用日\",\"利用店名・商品名\",\"利用者\",\"支払方法\",\"利用金額\",\"支払手数料\",\"支払総額\"\n"
            + "\"2026/11/10\",\"Amazon\",\"本人\",\"1回払い\",\"4200\",\"0\",\"4200\"\n"
            + "\"2026/11/20\",\"ｾﾌﾞﾝ\",\"本人\",\"1回払い\",\"1800\",\"0\",\"1800\"\n"
        try Data(card.utf8).write(to: budget.directory.appendingPathComponent("card.csv"))
        let mistaken = try budget.succeed("import", "card.csv", "--account", "楽天銀行", "--dry-run")
        XCTAssertTrue(
            mistaken.stderr.hasPrefix("budget: warning: a Rakuten Card statement is of a card account, but 楽天銀行"),
            mistaken.stderr)
        let intoCard = try budget.succeed("import", "card.csv", "--account", "楽天カード")
        XCTAssertFalse(intoCard.stderr.contains("warning"), intoCard.stderr)
        XCTAssertEqual(try spending("2026-11"), 6000)
        XCTAssertEqual(try spending("2026-12"), 0)
        XCTAssertEqual(try balances(), ["楽天銀行": "4000", "楽天カード": "0", "PayPay": "0"])
        // A withdrawal typed in before is the bank row's: linked, not counted twice.
        try budget.succeed("undo")
        try budget.succeed("undo")
        try budget.succeed("transfer", "楽天銀行", "楽天カード", "6000", "--date", "2026-12-26")
        let linked = try budget.succeed("import", "bank.csv", "--account", "楽天銀行")
        XCTAssertTrue(linked.stderr.contains("1 row linked to transfers already there"), linked.stderr)
        // (The undone import's transfer had 00000001: IDs are never given out again.)
        XCTAssertEqual(try budget.succeed("list", "transfers", "--format", "ids").stdout, "00000002\n")
    }

    func testImport_APayPayHistoryIntoItsAccount_RecordsItsChargesAsTransfersFromWhereTheyCome() throws {
        let history = "\u{FEFF}取引日,出金金額（円）,入金金額（円）,海外出金金額,通貨,変換レート（円）,利用国,取引内容,取引先,"
            + "取引方法,支払い区分,利用者,取引番号\n"
            + "2026/11/05 10:00:00,-,5000,-,-,-,-,チャージ,-,銀行口座,-,-,T1\n"
            + "2026/11/06 12:00:00,1200,-,-,-,-,-,支払い,ローソン,PayPay残高,-,-,T2\n"
            + "2026/11/07 12:00:00,500,-,-,-,-,-,口座送金,-,PayPay残高,-,-,T3\n"
        try Data(history.utf8).write(to: budget.directory.appendingPathComponent("paypay.csv"))
        // Where the charges come from is not known yet: they are left out, and said.
        let unknown = try budget.succeed("import", "paypay.csv", "--account", "PayPay", "--dry-run")
        XCTAssertTrue(unknown.stderr.contains("2 transfers (a charge) left out"), unknown.stderr)
        try budget.succeed("account", "edit", "PayPay", "--from", "楽天銀行")
        let imported = try budget.succeed("import", "paypay.csv", "--account", "PayPay")
        XCTAssertTrue(imported.stderr.contains("2 transfers between accounts recorded"), imported.stderr)
        let transfers = Listing(tsv: try budget.succeed("list", "transfers", "--format", "tsv").stdout).rows
        XCTAssertEqual(transfers.map { [$0["from"], $0["to"], $0["amount"]] }, [
            ["楽天銀行", "PayPay", "5000"], ["PayPay", "楽天銀行", "500"],
        ])
        XCTAssertEqual(try spending("2026-11"), 1200, "only the purchase is spending")
        XCTAssertEqual(try balances()["PayPay"], "3300")
        // Without an account, the same history leaves its charges out as before.
        let plain = try BudgetProcess()
        try Data(history.utf8).write(to: plain.directory.appendingPathComponent("paypay.csv"))
        XCTAssertTrue(try plain.succeed("import", "paypay.csv").stderr.contains("2 transfers skipped"))
    }

    // MARK: Files without accounts

    func testBudgetWithoutAccounts_ReadsWritesAndReportsAsBefore() throws {
        let plain = try BudgetProcess()
        try plain.succeed("add", "expense", "Lunch", "900", "--category", "food", "--date", "2026-11-21")
        try plain.succeed("add", "income", "Pay", "1000", "--date", "2026-11-21")
        let file = try XCTUnwrap(plain.dataBytes())
        let text = String(decoding: file, as: UTF8.self)
        XCTAssertFalse(text.contains("transfer") || text.contains("account"), text)
        XCTAssertEqual(
            try plain.succeed("list", "all", "--format", "tsv").stdout.split(separator: "\n").first,
            "kind\tid\torder\tdate\tname\tcategory\tamount\tnote\ttags\tsource\tschedule")
        XCTAssertFalse(try plain.succeed("export").stdout.contains("account"))
        XCTAssertEqual(plain.dataBytes(), file, "reading changed nothing")
        let accounts = try plain.run("accounts")
        XCTAssertEqual(accounts.code, 0)
        XCTAssertEqual(accounts.stdout, "")
        XCTAssertTrue(accounts.stderr.hasPrefix("No accounts yet"), accounts.stderr)
    }
}
