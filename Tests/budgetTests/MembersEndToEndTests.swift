import Foundation
import XCTest

/// Members, who paid and settle-up through the built binary (issue #30): `member`, `share`,
/// `settle` and the record options `--paid-by`, `--split`, `--for`, `--personal`, `--part`.
final class MembersEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        try budget.succeed("member", "add", "夫")
        try budget.succeed("member", "add", "妻")
    }

    /// Runs a command that must fail, and checks that the data file did not change.
    @discardableResult
    private func refused(_ arguments: String..., code: Int32 = 1) throws -> BudgetProcess.Result {
        let before = budget.dataBytes()
        let result = try budget.run(arguments)
        XCTAssertEqual(result.code, code, "\(arguments): \(result.stderr)")
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("budget: error: ") || code == 64, result.stderr)
        XCTAssertEqual(budget.dataBytes(), before, "\(arguments) changed the file")
        return result
    }

    private func balances() throws -> [String: String] {
        let result = try budget.run("settle", "--format", "tsv")
        XCTAssertEqual(result.code, 0, result.stderr)
        return Dictionary(
            uniqueKeysWithValues: Listing(tsv: result.stdout).rows.map { ($0["member"] ?? "", $0["balance"] ?? "") })
    }

    func testPaidForOneMember_RecordedSettlementBringsEveryBalanceToZero_AndUndoBringsThemBack() throws {
        try budget.succeed("add", "expense", "本", "3000", "--paid-by", "妻", "--for", "夫", "--date", "2026-11-15")
        XCTAssertEqual(try balances(), ["夫": "-3000", "妻": "3000"])
        let payments = try budget.succeed("settle", "--payments", "--format", "tsv").stdout
        XCTAssertEqual(payments, "from\tto\tamount\n夫\t妻\t3000\n")
        let recorded = try budget.succeed("settle", "--record")
        XCTAssertTrue(recorded.stderr.contains("夫 paid 妻 3,000"), recorded.stderr)
        XCTAssertEqual(try balances(), ["夫": "0", "妻": "0"])
        let transfers = Listing(tsv: try budget.succeed("list", "transfers", "--format", "tsv").stdout).rows
        XCTAssertEqual(transfers.map { [$0["name"], $0["from"], $0["to"], $0["amount"]] }, [["精算", "夫", "妻", "3000"]])
        let summary = try budget.succeed("summary", "--month", "2026-11", "--format", "json").stdout
        XCTAssertTrue(summary.contains("\"expenses\" : 3000") || summary.contains("\"expenses\": 3000"), summary)
        try budget.succeed("undo")
        XCTAssertEqual(try balances(), ["夫": "-3000", "妻": "3000"])
    }

    func testAMemberTypedInAnotherCanonicalSpellingIsStoredAsTheBudgetSpellsIt() throws {
        // `か` + U+3099 is `が` as some keyboards and file names write it: the record must name
        // the member as the budget does, or settle and the members' summary leave it out.
        try budget.succeed("member", "add", "が子")
        let decomposed = "\u{304B}\u{3099}子"
        try budget.succeed("add", "expense", "s", "1000", "--paid-by", "夫", "--split", "\(decomposed)=3,夫=1",
                           "--date", "2026-11-01")
        try budget.succeed("add", "expense", "e", "100", "--paid-by", decomposed, "--date", "2026-11-01")
        try budget.succeed("add", "expense", "f", "200", "--paid-by", "夫", "--for", decomposed, "--date", "2026-11-01")
        let listed = try budget.succeed("list", "expenses", "--format", "tsv").stdout
        XCTAssertFalse(listed.unicodeScalars.contains("\u{3099}"), listed)
        let settled = try budget.succeed("settle", "--month", "2026-11")
        XCTAssertFalse(settled.stderr.contains("no member"), settled.stderr)
        // 100 paid, less 750 of the split, 200 paid for them and a third of their own 100.
        XCTAssertEqual(try balances()["が子"], "-884")
    }

    func testPartsAreReadInTheBudgetsCurrency() throws {
        try budget.succeed("config", "set", "display.currency", "USD")
        try budget.succeed("add", "expense", "Groceries", "7.00", "--paid-by", "夫", "--part", "2.00=妻")
        XCTAssertEqual(try balances(), ["夫": "4.50", "妻": "-4.50"])
        try refused("edit", "expense", "1", "--part", "9.00=妻")
        let edited = try budget.run("edit", "expense", "1", "--amount", "1.00")
        XCTAssertEqual(edited.code, 1, "an amount below its parts is refused: \(edited.stderr)")
    }

    func testRefusedChangesLeaveTheFileAsItWas() throws {
        try budget.succeed("account", "add", "家計", "--type", "bank")
        try refused("member", "add", "家計")
        try refused("account", "add", "妻", "--type", "cash")
        try refused("member", "add", "ｘ\u{202E}evil", code: 64)
        try refused("member", "add", "a=b", code: 64)
        try refused("add", "expense", "x", "100", "--paid-by", "誰か")
        try refused("add", "expense", "x", "100", "--paid-by", "夫", "--part", "200=妻")
        try refused("add", "expense", "x", "100", "--split", "夫=1", "--for", "妻", code: 64)
        try refused("share", "set", "食費", "夫=1,誰か=1")
        try refused("config", "set", "share.食費", "誰か=1")
        let mixed = try refused("transfer", "夫", "家計", "100")
        XCTAssertTrue(mixed.stderr.contains("'夫' is a member and '家計' is no member"), mixed.stderr)
        try budget.succeed("share", "set", "食費", "夫=6,妻=4")
        let named = try refused("member", "remove", "妻")
        XCTAssertTrue(named.stderr.contains("share.食費"), named.stderr)
        try budget.succeed("add", "expense", "x", "100", "--paid-by", "妻")
        let used = try refused("member", "remove", "夫")
        XCTAssertTrue(used.stderr.contains("share.食費"), used.stderr)
    }

    func testAnOwnedAccountPaysItsRecords_AndSettlementsAreNoAccountsMoney() throws {
        try budget.succeed("account", "add", "妻のカード", "--type", "card", "--owner", "妻")
        try budget.succeed("add", "expense", "スーパー", "7000", "--account", "妻のカード", "--part", "2,000=妻")
        let listed = Listing(tsv: try budget.succeed("list", "expenses", "--format", "tsv").stdout).rows
        XCTAssertEqual(listed.first?["paid_by"], "妻")
        XCTAssertEqual(listed.first?["parts"], "2000=妻")
        XCTAssertEqual(try balances(), ["夫": "-2500", "妻": "2500"])
        try budget.succeed("settle", "--record")
        let accounts = try budget.succeed("accounts")
        XCTAssertFalse(accounts.stderr.contains("no account"), "a settlement is between members: \(accounts.stderr)")
        XCTAssertTrue(accounts.stdout.contains("7,000"), accounts.stdout)
    }

    func testAStatementLinksOnlyRecordsOfItsAccountOrNone_AndAnUnnamedOneTakesTheAccountAndOwner() throws {
        try budget.succeed("account", "add", "A", "--type", "bank", "--opening", "10000", "--as-of", "2026-11-01",
                           "--owner", "夫")
        try budget.succeed("account", "add", "B", "--type", "bank")
        try budget.succeed("add", "expense", "typed", "1000", "--account", "B", "--date", "2026-11-05")
        try budget.succeed("add", "expense", "noacct", "500", "--date", "2026-11-06")
        let file = budget.directory.appendingPathComponent("rb.csv")
        let statement = "取引日,入出金(円),取引後残高(円),入出金内容\n20261105,-1000,9000,コンビニ\n"
            + "20261106,-500,8500,コンビニ2\n"
        try Data(statement.utf8).write(to: file)
        let imported = try budget.run("import", file.path, "--account", "A")
        XCTAssertEqual(imported.code, 0, imported.stderr)
        let rows = Listing(tsv: try budget.succeed("list", "expenses", "--format", "tsv").stdout).rows
        let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] ?? "", $0) })
        XCTAssertEqual(byName["typed"]?["account"], "B", "a record of another account is other money")
        XCTAssertEqual(byName["コンビニ"]?["account"], "A")
        XCTAssertEqual([byName["noacct"]?["account"], byName["noacct"]?["paid_by"]], ["A", "夫"])
    }

    func testBudgetsOwnFileImportedIntoAnOwnedAccount_IsPaidByTheOwner() throws {
        try budget.succeed("account", "add", "夫の銀行", "--type", "bank", "--owner", "夫")
        let file = budget.directory.appendingPathComponent("bills.csv")
        try Data("date,name,amount\n2026-11-01,電気代,8000\n".utf8).write(to: file)
        try budget.succeed("import", "expenses", file.path, "--account", "夫の銀行")
        let listed = Listing(tsv: try budget.succeed("list", "expenses", "--format", "tsv").stdout).rows
        XCTAssertEqual([listed.first?["account"], listed.first?["paid_by"]], ["夫の銀行", "夫"])
        try refused("import", "expenses", file.path, "--account", "どこか", code: 65)
    }

    func testADevicesDefaultMemberPaysWhatIsAddedWithoutSaying() throws {
        try budget.succeed("account", "add", "妻の銀行", "--type", "bank", "--owner", "妻")
        let device = ["BUDGET_MEMBER": "夫"]
        for arguments in [["a"], ["b", "--account", "妻の銀行"], ["c", "--paid-by", "妻"]] {
            let result = try budget.run(["add", "expense"] + [arguments[0], "100"] + arguments.dropFirst(),
                                        environment: device)
            XCTAssertEqual(result.code, 0, result.stderr)
        }
        let payers = Listing(tsv: try budget.succeed("list", "expenses", "--format", "tsv").stdout).rows.map {
            $0["paid_by"] ?? ""
        }
        XCTAssertEqual(payers, ["夫", "妻", "妻"], "the device's member, the account's owner, the one given")
        let stranger = try budget.run(["add", "expense", "d", "100"], environment: ["BUDGET_MEMBER": "誰"])
        XCTAssertEqual(stranger.code, 1)
        XCTAssertTrue(stranger.stderr.contains("BUDGET_MEMBER"), stranger.stderr)
    }

    func testExplainInMachineFormatsIsOneTable_AndSummaryByMemberIsEachOnesShare() throws {
        try budget.succeed("member", "add", "amount")
        try budget.succeed("add", "expense", "x", "300", "--paid-by", "夫", "--date", "2026-11-10")
        let json = try budget.succeed("settle", "--explain", "--format", "json").stdout
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        let row = try XCTUnwrap(parsed?.first)
        XCTAssertEqual(row["amount"] as? Int, 300, "a member named amount is its own column")
        XCTAssertEqual(row["share:amount"] as? Int, 100)
        let byMember = try budget.succeed("summary", "--by", "member", "--month", "2026-11", "--format", "tsv").stdout
        XCTAssertEqual(
            byMember, "member\tshare\tpercent\tpaid\namount\t100\t33.3\t0\n夫\t100\t33.3\t300\n妻\t100\t33.3\t0\n")
        // In a table the part is a percentage, right-aligned, as every summary shows one.
        let table = try budget.succeed("summary", "--by", "member", "--month", "2026-11").stdout
        XCTAssertTrue(table.contains("MEMBER  SHARE  PERCENT  PAID\n"), table)
        XCTAssertTrue(table.contains("夫        100    33.3%   300\n"), table)
        try refused("summary", "--by", "member", "--per", "month", code: 64)
    }

    func testRenameMovesEveryRecordAndTheShares() throws {
        try budget.succeed("share", "set", "食費", "夫=6,妻=4")
        try budget.succeed("add", "expense", "x", "1000", "--category", "食費", "--paid-by", "夫", "--part", "100=夫")
        try budget.succeed("member", "rename", "夫", "Taro")
        let listed = Listing(tsv: try budget.succeed("list", "expenses", "--format", "tsv").stdout).rows
        XCTAssertEqual([listed.first?["paid_by"], listed.first?["parts"]], ["Taro", "100=Taro"])
        let shares = try budget.succeed("share", "list", "--format", "tsv").stdout
        XCTAssertEqual(shares, "category\tshare\n食費\tTaro=6,妻=4\n")
        try budget.succeed("categories", "rename", "食費", "食料")
        let moved = try budget.succeed("share", "list", "--format", "tsv").stdout
        XCTAssertEqual(moved, "category\tshare\n食料\tTaro=6,妻=4\n")
        // Merging into a category shared otherwise would silently re-share its expenses.
        try budget.succeed("share", "set", "趣味", "妻=1")
        try budget.succeed("add", "expense", "y", "100", "--category", "趣味", "--paid-by", "妻")
        let merge = try refused("categories", "rename", "食料", "趣味")
        XCTAssertTrue(merge.stderr.contains("食料 is shared Taro=6,妻=4 and 趣味 妻=1"), merge.stderr)
    }
}
