import XCTest
@testable import BudgetCore

/// `card.count-at` and what counts a card's spending (issue #29): the setting, `SpendingCalendar`,
/// summaries, period tables, limits, the forecast's coming withdrawals and the withdrawal
/// warnings.
final class CardCountingTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text)! }

    /// 楽天銀行 (bank, 100,000 from 2026-11-01), 楽天カード (closing last, withdrawal 27, from
    /// 楽天銀行); ¥4,200 and ¥1,800 on the card in November, ¥500 in cash on 11-10.
    private func sample(countAt: CardCounting = .purchase) throws -> BudgetDocument {
        var document = BudgetDocument()
        try document.addAccount(Account(name: "楽天銀行", type: .bank, opening: 100_000, asOf: day("2026-11-01")))
        try document.addAccount(
            Account(name: "楽天カード", type: .card, closing: .last, withdrawal: 27, funding: "楽天銀行"))
        try addExpense(&document, "Lunch", 4200, "2026-11-05", account: "楽天カード")
        try addExpense(&document, "Books", 1800, "2026-11-30", account: "楽天カード")
        try addExpense(&document, "Cash", 500, "2026-11-10", account: nil)
        if countAt == .withdrawal {
            try document.setSetting(try SettingsCatalog.key(toSet: "card.count-at"), to: "withdrawal")
        }
        return document
    }

    private func addExpense(
        _ document: inout BudgetDocument, _ name: String, _ amount: Int, _ date: String, account: String?
    ) throws {
        var values = RecordValues()
        values["name"] = .text(name)
        values["amount"] = .amount(amount)
        values["date"] = .day(day(date))
        values["category"] = .text("food")
        if let account { values["account"] = .optionalText(account) }
        try document.add(Expense.self, values, today: day(date))
    }

    private func transfer(_ document: inout BudgetDocument, _ amount: Int, _ date: String) throws -> Transfer {
        var values = RecordValues()
        values["from"] = .text("楽天銀行")
        values["to"] = .text("楽天カード")
        values["amount"] = .amount(amount)
        values["date"] = .day(day(date))
        return try document.addTransfer(values, today: day(date))
    }

    private func month(_ text: String) -> RecordQuery {
        var query = RecordQuery()
        query.period = DateRange.month(of: day(text + "-01"))
        return query
    }

    // MARK: The setting

    func testSetting_DefaultsToPurchaseAndTakesWithdrawal() throws {
        var document = BudgetDocument()
        XCTAssertEqual(document[settings: CardKeys.self][CardKeys.countAt], .purchase)
        let key = try SettingsCatalog.key(toSet: "card.count-at")
        XCTAssertEqual(key.storedKey, "card.count-at")
        XCTAssertEqual(try document.setSetting(key, to: "withdrawal").value, "withdrawal")
        XCTAssertEqual(document[settings: CardKeys.self][CardKeys.countAt], .withdrawal)
        XCTAssertThrowsError(try document.setSetting(key, to: "payday"))
        XCTAssertTrue(SettingsCatalog.fixedKeys.contains { $0.storedKey == "card.count-at" })
    }

    // MARK: Counting

    func testPurchase_CountsEachExpenseOnItsOwnDay() throws {
        let document = try sample()
        XCTAssertTrue(document.spendingCalendar.countsOnOwnDates)
        XCTAssertEqual(try Summary(document: document, query: month("2026-11")).expenses, 6500)
        XCTAssertEqual(try Summary(document: document, query: month("2026-12")).expenses, 0)
    }

    func testWithdrawal_CountsCardSpendingOnTheWithdrawalDayNeverTwice() throws {
        var document = try sample(countAt: .withdrawal)
        _ = try transfer(&document, 6000, "2026-12-27")
        XCTAssertEqual(document.countedExpenses.map(\.date.iso), ["2026-12-27", "2026-12-27", "2026-11-10"])
        XCTAssertEqual(document.expenses.records.map(\.date.iso), ["2026-11-05", "2026-11-30", "2026-11-10"])
        XCTAssertEqual(try Summary(document: document, query: month("2026-11")).expenses, 500)
        XCTAssertEqual(try Summary(document: document, query: month("2026-12")).expenses, 6000)
        var all = RecordQuery()
        all.period = DateRange(from: day("2026-11-01"), to: day("2026-12-31"))
        let summary = try Summary(document: document, query: all)
        XCTAssertEqual(summary.expenses, 6500)
        XCTAssertEqual(summary.months.map(\.expenses), [500, 6000])
        let table = try PeriodTable(document: document, query: all, grouping: .category, per: .month)
        XCTAssertEqual(table.total.amounts, [500, 6000])
    }

    func testWithdrawal_LimitsCountTheMonthTheMoneyLeaves() throws {
        var document = try sample(countAt: .withdrawal)
        _ = try document.setLimit(5000, for: "food")
        let ledger = LimitLedger(document: document)
        let calendar = document.budgetCalendar
        let november = try ledger.status(.category("food"), in: calendar.period(containing: day("2026-11-15")))
        let december = try ledger.status(.category("food"), in: calendar.period(containing: day("2026-12-15")))
        XCTAssertEqual(november?.spent, 500)
        XCTAssertEqual(december?.spent, 6000)
        XCTAssertEqual(december?.isOver, true)
        let before = document
        try addExpense(&document, "More", 100, "2026-11-20", account: "楽天カード")
        XCTAssertEqual(document.limitWarnings(since: before).map(\.month), ["2026-12"])
    }

    // MARK: Withdrawals

    func testForecast_ListsTheComingWithdrawalAndTheBankBalanceAfterIt() throws {
        let document = try sample()
        let forecast = try Forecast(document: document, today: day("2026-12-01"), months: 2)
        XCTAssertEqual(forecast.withdrawals.count, 1)
        let withdrawal = try XCTUnwrap(forecast.withdrawals.first)
        XCTAssertEqual(withdrawal.card, "楽天カード")
        XCTAssertEqual(withdrawal.funding, "楽天銀行")
        XCTAssertEqual(withdrawal.day, day("2026-12-27"))
        XCTAssertEqual(withdrawal.amount, 6000)
        XCTAssertEqual(withdrawal.balanceAfter, 94_000)
        var paid = document
        _ = try transfer(&paid, 6000, "2026-12-27")
        XCTAssertEqual(try Forecast(document: paid, today: day("2026-12-01"), months: 2).withdrawals, [])
        XCTAssertEqual(try AccountBalances(paid, through: day("2026-12-27")).row("楽天カード")?.balance, 0)
        XCTAssertEqual(try AccountBalances(paid, through: day("2026-12-27")).row("楽天銀行")?.balance, 94_000)
    }

    func testForecast_WithoutCardsHasNoWithdrawals() throws {
        var document = BudgetDocument()
        try document.addExpense(name: "Lunch", amount: 900, date: day("2026-11-01"))
        XCTAssertEqual(try Forecast(document: document, today: day("2026-11-02"), months: 3).withdrawals, [])
    }

    func testWarnings_NameTheDifferenceFromTheStatement() throws {
        var document = try sample()
        var before = document
        let exact = try transfer(&document, 6000, "2026-12-27")
        XCTAssertEqual(document.cardWithdrawalWarnings(since: before), [])
        before = document
        let more = try transfer(&document, 6500, "2026-12-28")
        let warnings = document.cardWithdrawalWarnings(since: before)
        XCTAssertEqual(warnings.count, 1)
        let warning = try XCTUnwrap(warnings.first)
        XCTAssertEqual(warning.transferID, more.id)
        XCTAssertNotEqual(warning.transferID, exact.id)
        XCTAssertEqual(warning.billed, 6000)
        XCTAssertEqual(warning.difference, 500)
        XCTAssertEqual(
            warning.message(document.moneyFormat),
            "the withdrawal of 6,500 to 楽天カード on 2026-12-28 is 500 more than its purchases of 2026-11-01 to "
                + "2026-11-30 (6,000): 分割払い or an annual fee?")
        before = document
        _ = try transfer(&document, 1000, "2026-12-10")
        XCTAssertEqual(document.cardWithdrawalWarnings(since: before), [], "no statement is withdrawn near 12-10")
    }
}
