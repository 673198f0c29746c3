import Foundation
import XCTest

/// Cards through the built binary (issue #29): the example played exactly. 楽天カード
/// closes on the month's last day and is paid on the 27th from 楽天銀行; ¥4,200 and ¥1,800 spent
/// on it in November are withdrawn on 12-27. November's spending is ¥6,000 and December's ¥0
/// (with `card.count-at withdrawal`, December ¥6,000 and November ¥0), never ¥12,000; the
/// forecast lists the coming withdrawal, and a withdrawal that is not the statement's total warns.
final class CardsEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        budget.environment["BUDGET_TODAY"] = "2026-12-01"
        try budget.succeed("account", "add", "楽天銀行", "--type", "bank", "--opening", "100000")
        try budget.succeed(
            "account", "add", "楽天カード", "--type", "card", "--closing", "last", "--withdrawal", "27", "--from",
            "楽天銀行")
        try budget.succeed(
            "add", "expense", "Groceries", "4200", "--category", "food", "--account", "楽天カード", "--date",
            "2026-11-08")
        try budget.succeed(
            "add", "expense", "Books", "1800", "--category", "books", "--account", "楽天カード", "--date",
            "2026-11-30")
    }

    /// The `total expenses` of `summary --month <month> --format tsv`.
    private func spending(_ month: String) throws -> String {
        let result = try budget.run("summary", "--month", month, "--format", "tsv")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertFalse(result.stdout.contains("12000"), result.stdout)
        let row = result.stdout.split(separator: "\n").first { $0.hasPrefix("total\texpenses\t") }
        return row.map { String($0.split(separator: "\t")[2]) } ?? ""
    }

    private func transfer(_ amount: String) throws -> BudgetProcess.Result {
        try budget.run("transfer", "楽天銀行", "楽天カード", amount, "--date", "2026-12-27")
    }

    func testWithdrawal_IsNoSpendingAndEmptiesTheCard() throws {
        let result = try transfer("6000")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "00000001\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try spending("2026-11"), "6000")
        XCTAssertEqual(try spending("2026-12"), "0")
        let months = try budget.run("summary", "--from", "2026-11-01", "--to", "2026-12-31", "--per", "month",
                                    "--format", "tsv")
        XCTAssertEqual(months.code, 0, months.stderr)
        XCTAssertFalse(months.stdout.contains("12000"), months.stdout)
    }

    func testCountAtWithdrawal_CountsTheCardInTheMonthTheBankPays() throws {
        XCTAssertEqual(try transfer("6000").code, 0)
        let set = try budget.run("config", "set", "card.count-at", "withdrawal")
        XCTAssertEqual(set.code, 0, set.stderr)
        XCTAssertEqual(set.stdout, "")
        XCTAssertEqual(try budget.run("config", "get", "card.count-at").stdout, "withdrawal\n")
        XCTAssertTrue(try budget.run("config", "list").stdout.contains("card.count-at"))
        XCTAssertEqual(try spending("2026-11"), "0")
        XCTAssertEqual(try spending("2026-12"), "6000")
        let byCategory = try budget.run("summary", "--month", "2026-12", "--by", "category", "--format", "tsv")
        XCTAssertTrue(byCategory.stdout.contains("category\tfood\t4200\t"), byCategory.stdout)
        XCTAssertTrue(byCategory.stdout.contains("category\tbooks\t1800\t"), byCategory.stdout)
        // `list` keeps each record's own date.
        let listed = Listing(tsv: try budget.run("list", "expenses", "--format", "tsv").stdout).rows
        XCTAssertEqual(listed.map { $0["date"] }, ["2026-11-08", "2026-11-30"])
        XCTAssertEqual(
            try budget.run("list", "expenses", "--from", "2026-12-01", "--format", "ids").stdout, "")
        try budget.succeed("config", "set", "card.count-at", "purchase")
        XCTAssertEqual(try spending("2026-11"), "6000")
        XCTAssertEqual(try spending("2026-12"), "0")
    }

    func testCountAt_RefusesOtherValues() throws {
        let before = budget.dataBytes()
        let result = try budget.run("config", "set", "card.count-at", "payday")
        XCTAssertEqual(result.code, 64, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("purchase or withdrawal"), result.stderr)
        XCTAssertEqual(budget.dataBytes(), before)
    }

    func testWithdrawalNotTheStatementsTotal_Warns() throws {
        let result = try transfer("6500")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "00000001\n")
        XCTAssertEqual(
            result.stderr,
            "budget: warning: the withdrawal of 6,500 to 楽天カード on 2026-12-27 is 500 more than its purchases of "
                + "2026-11-01 to 2026-11-30 (6,000): 分割払い or an annual fee?\n")
        XCTAssertEqual(try spending("2026-11"), "6000")
        XCTAssertEqual(try spending("2026-12"), "0")
    }

    func testForecast_ListsTheComingWithdrawalAndTheBankBalanceAfterIt() throws {
        let table = try budget.run("forecast", "--months", "2")
        XCTAssertEqual(table.code, 0, table.stderr)
        XCTAssertTrue(table.stdout.contains("Card withdrawals:\n"), table.stdout)
        XCTAssertTrue(
            table.stdout.contains("2026-12-27  楽天カード  2026-11-01 to 2026-11-30   6,000  楽天銀行         94,000\n"),
            table.stdout)
        let rows = Listing(tsv: try budget.run("forecast", "--months", "2", "--format", "tsv").stdout).rows
        let withdrawal = try XCTUnwrap(rows.first { $0["card"] == "楽天カード" })
        XCTAssertEqual(withdrawal["from"], "2026-12-27")
        XCTAssertEqual(withdrawal["withdrawal"], "6000")
        XCTAssertEqual(withdrawal["funding"], "楽天銀行")
        XCTAssertEqual(withdrawal["funding_balance_after"], "94000")
        let json = try budget.run("forecast", "--months", "2", "--format", "json").stdout
        XCTAssertTrue(json.contains("\"withdrawals\""), json)
        // Once the withdrawal is recorded, it is no longer to come.
        XCTAssertEqual(try transfer("6000").code, 0)
        let paid = try budget.run("forecast", "--months", "2")
        XCTAssertFalse(paid.stdout.contains("Card withdrawals"), paid.stdout)
    }

    func testForecast_WithoutCardsIsAsBefore() throws {
        let plain = try BudgetProcess()
        plain.environment["BUDGET_TODAY"] = "2026-12-01"
        try plain.succeed("add", "expense", "Lunch", "900", "--date", "2026-11-08")
        let tsv = try plain.run("forecast", "--months", "1", "--format", "tsv").stdout
        XCTAssertTrue(tsv.hasPrefix("period\tfrom\tto\tcurrent\topening_balance\t"), tsv)
        XCTAssertTrue(tsv.split(separator: "\n").first?.hasSuffix("\tprojected_balance") ?? false, tsv)
        XCTAssertFalse(try plain.run("forecast", "--format", "json").stdout.contains("withdrawals"))
    }
}
