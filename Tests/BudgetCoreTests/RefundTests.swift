import XCTest
@testable import BudgetCore

/// Refunds: expenses with a negative amount (`Expense.isRefund`), from a card statement, typed
/// in or imported, and what every report does with them, against figures worked out by hand.
final class RefundTests: XCTestCase {
    private let today = Day(year: 2026, month: 11, day: 24)!
    private func day(_ text: String) -> Day { Day(iso: text)! }

    /// 衣服: a 5,000 shirt on 11-03, 2,000 of it back on 11-05 (a refund); food 800 on 11-06;
    /// salary 10,000 on 11-01.
    private func november() throws -> BudgetDocument {
        var document = BudgetDocument()
        try document.addIncome(name: "Salary", amount: 10_000, date: day("2026-11-01"))
        try document.addExpense(name: "ユニクロ", amount: 5_000, category: "衣服", date: day("2026-11-03"))
        try document.addExpense(name: "返品 ユニクロ", amount: 2_000, category: "衣服", date: day("2026-11-05"), refund: true)
        try document.addExpense(name: "ローソン", amount: 800, category: "food", date: day("2026-11-06"))
        return document
    }

    private func query(_ from: String, _ to: String) -> RecordQuery {
        var query = RecordQuery()
        query.period = DateRange(from: day(from), to: day(to))
        return query
    }

    // MARK: Reading a card statement

    func testCardStatement_ANegativeAmountIsARefundInItsCategory() throws {
        // Rakuten Card: spending is positive, a refund negative. It used to become an income
        // named after the shop, and the shirt's category kept the whole 5,000.
        let reader = StatementReader(
            layout: StatementPreset.rakutenCard.layout, preset: .rakutenCard, kind: nil, signDecidesKind: true,
            minorDigits: 0, today: today)
        let text = "利用日,利用店名・商品名,利用金額\n2026/11/03,ユニクロ,\"5,000\"\n2026/11/05,ユニクロ,\"-2,000\"\n2026/11/06,ローソン,800\n"
        let entries = try reader.read(text).entries
        XCTAssertEqual(entries.map(\.kind), [.expense, .expense, .expense])
        XCTAssertEqual(entries.map(\.amount), [5_000, 2_000, 800])
        XCTAssertEqual(entries.map(\.isRefund), [false, true, false])
        // The refund's identity is the one it had as an income, so a statement imported before
        // is still recognised.
        XCTAssertEqual(entries[1].identity, "2026-11-05|income|2000|1|ユニクロ")

        var document = BudgetDocument()
        try document.addIncome(name: "Salary", amount: 10_000, date: day("2026-11-01"))
        try document.setLimit(4_000, for: "衣服")
        let settings = StatementImport(origin: "rakuten-card") { entry in
            entry.name == "ユニクロ" ? .init(category: "衣服", rename: nil, tags: Tags(), skip: false) : nil
        }
        let result = try document.importStatement(entries, settings)
        XCTAssertEqual(result.added.map(\.description), ["expense-00000001", "expense-00000002", "expense-00000003"])
        XCTAssertEqual(result.categorizedByRule, 2, "the rule files the refund where the purchase is")
        XCTAssertEqual(document.expenses.records.map(\.amount), [5_000, -2_000, 800])
        XCTAssertEqual(document.expenses.records.map(\.category), ["衣服", "衣服", "uncategorized"])
        XCTAssertTrue(document.incomes.records.count == 1, "no income named after the shop")
        XCTAssertEqual(try document.importStatement(entries, settings).alreadyThere, 3)

        // Income 10,000; expenses 5,000 − 2,000 + 800 = 3,800; savings 6,200 of 10,000 = 62.0%
        // (the refund as an income made it 12,000 and 8,200: 68.3%).
        let summary = try Summary(document: document, query: query("2026-11-01", "2026-11-30"))
        XCTAssertEqual([summary.income, summary.expenses, summary.balance], [10_000, 3_800, 6_200])
        XCTAssertEqual(summary.savingsRate?.description, "62.0")
        XCTAssertEqual(summary.categories.first { $0.category == "衣服" }?.spent, 3_000)
        XCTAssertEqual(
            summary.categories.first { $0.category == "衣服" }?.remaining, 1_000, "4,000 − 3,000: within the limit")
        XCTAssertEqual(summary.categories.first { $0.category == "衣服" }?.isOver, false)
    }

    func testBankStatement_ADepositStaysAnIncome() throws {
        // A bank writes money out as negative: a positive amount is money in, not a refund.
        let reader = StatementReader(
            layout: StatementPreset.rakutenBank.layout, preset: .rakutenBank, kind: nil, signDecidesKind: true,
            minorDigits: 0, today: today)
        let entries = try reader.read(
            "取引日,入出金(円),取引後残高(円),入出金内容\n20261101,2000,12000,返金 ﾕﾆｸﾛ\n20261102,-500,11500,ATM\n").entries
        XCTAssertEqual(entries.map(\.kind), [.income, .expense])
        XCTAssertEqual(entries.map(\.isRefund), [false, false])
    }

    // MARK: Reports

    func testReports_ARefundTakesFromItsCategoryEverywhere() throws {
        var document = try november()
        try document.setLimit(
            try SpendingLimit(amount: 4_000, rollover: .surplus, since: SpendingLimit.start("2026-11", per: .month)),
            for: .category("衣服"))
        try document.addExpense(name: "返品 2", amount: 500, category: "衣服", date: day("2026-12-02"), refund: true)
        try document.addExpense(name: "Coat", amount: 1_000, category: "衣服", date: day("2026-12-10"))
        let calendar = document.budgetCalendar
        let nov = calendar.period(containing: day("2026-11-01")), dec = calendar.period(containing: day("2026-12-01"))
        // 衣服: November 5,000 − 2,000 = 3,000 of 4,000: 1,000 carried into December, which
        // spends 1,000 − 500 = 500 of 5,000 available: 4,500 left.
        XCTAssertEqual(try document.total(category: "衣服", in: nov), 3_000)
        let ledger = LimitLedger(document: document)
        let status = try XCTUnwrap(try ledger.status(.category("衣服"), in: dec))
        XCTAssertEqual([status.carriedIn, status.available, status.spent, status.remaining], [1_000, 5_000, 500, 4_500])
        // The forecast from 12-20: December plans what its own 4,000 leaves, 4,000 − 500.
        let forecast = try Forecast(document: document, today: day("2026-12-20"), months: 1)
        XCTAssertEqual(forecast.openingExpenses, 3_800)
        XCTAssertEqual(forecast.months[0].recordedExpenses, 500)
        XCTAssertEqual(forecast.months[0].plannedSpending, 3_500)
        // Tables over time and the comparison with the month before.
        let table = try PeriodTable(
            document: document, query: query("2026-11-01", "2026-12-31"), grouping: .category, per: .month)
        XCTAssertEqual(table.rows.first { $0.name == "衣服" }?.amounts, [3_000, 500])
        XCTAssertEqual(table.total.amounts, [3_800, 500])
        let comparison = try XCTUnwrap(
            try SummaryComparison(
                document: document, query: RecordQuery(), period: .month(dec), basis: .previous,
                today: day("2026-12-31")))
        XCTAssertEqual(comparison.expenses.amount, 500)
        XCTAssertEqual(comparison.expenses.compared, 3_800)
    }

    func testReports_ACategoryBelowZeroComputes() throws {
        // A refund larger than the month's purchases (the purchase was in October): the
        // category is at −2,000, the expenses at −1,200, and nothing fails.
        var document = BudgetDocument()
        try document.setLimit(
            try SpendingLimit(amount: 1_000, rollover: .all, since: SpendingLimit.start("2026-10", per: .month)),
            for: .category("衣服"))
        try document.addExpense(name: "Coat", amount: 3_000, category: "衣服", date: day("2026-10-10"))
        try document.addExpense(name: "返品 Coat", amount: 2_000, category: "衣服", date: day("2026-11-05"), refund: true)
        try document.addExpense(name: "ローソン", amount: 800, category: "food", date: day("2026-11-06"))
        let summary = try Summary(document: document, query: query("2026-11-01", "2026-11-30"))
        XCTAssertEqual(summary.expenses, -1_200)
        XCTAssertEqual(summary.categories.map(\.category), ["food", "衣服"])
        XCTAssertEqual(summary.categories.map(\.spent), [800, -2_000])
        XCTAssertNil(Percent.share(-2_000, of: -1_200), "no share below zero")
        // October overspent 2,000 (all carries it): November has 1,000 − 2,000 = −1,000 and
        // spends −2,000: 1,000 left.
        XCTAssertEqual(summary.categories.last?.remaining, 1_000)
        // The forecast plans no more than the month's own amount: 1,000 − 1,000 carried − (−2,000)
        // would be 2,000; it plans 1,000.
        let forecast = try Forecast(document: document, today: day("2026-11-20"), months: 1)
        XCTAssertEqual(forecast.months[0].planned.map(\.unspent), [1_000])
    }

    func testLedgerJournal_PostsARefundNegativeToItsCategory() throws {
        let journal = try LedgerJournal.write(try november(), query: RecordQuery())
        XCTAssertTrue(
            journal.contains(
                "2026-11-05 返品 ユニクロ\n    ; id: expense-00000002\n    Expenses:衣服  -2000\n    Assets:Cash\n"),
            journal)
    }

    // MARK: The totals rule

    func testTotals_ARefundCountsByItsSizeOnBothSides() throws {
        var document = BudgetDocument()
        try document.addExpense(name: "x", amount: Int.max - 10, category: "a", date: today)
        try document.addExpense(name: "r", amount: 10, category: "a", date: today, refund: true)
        XCTAssertNoThrow(try document.checkTotals(), "sizes: Int.max − 10 + 10")
        var more = document
        try more.addExpense(name: "r", amount: 1, category: "a", date: today, refund: true)
        XCTAssertThrowsError(try more.checkTotals()) { XCTAssertEqual($0 as? BudgetError, .totalTooLarge(.expense)) }
        // Income with refunds: 10 of refunds leave Int.max − 10 for the incomes, so that
        // income less expenses (which a refund raises) always fits.
        var incomes = document
        try incomes.addIncome(name: "pay", amount: Int.max - 10, date: today)
        XCTAssertNoThrow(try incomes.checkTotals())
        try incomes.addIncome(name: "pay", amount: 1, date: today)
        XCTAssertThrowsError(try incomes.checkTotals()) { XCTAssertEqual($0 as? BudgetError, .totalTooLarge(.income)) }
    }

    // MARK: Input, editing and the file

    func testAddingAndEditing_ARefundStaysOneUnlessToldOtherwise() throws {
        var document = try november()
        XCTAssertThrowsError(
            try document.addExpense(name: "x", amount: -5, date: today), "a refund is its size with refund: true")
        var edit = try RecordEdit()
        try edit.setAmount(1_500)
        _ = try document.edit([RecordReference(kind: .expense, id: "00000002")], with: edit)
        XCTAssertEqual(document.expenses.records[1].amount, -1_500, "the amount given is the size")
        edit = try RecordEdit()
        edit.refund = false
        _ = try document.edit([RecordReference(kind: .expense, id: "00000002")], with: edit)
        XCTAssertEqual(document.expenses.records[1].amount, 1_500)
        edit.refund = true
        _ = try document.edit([RecordReference(kind: .expense, id: "00000001")], with: edit)
        XCTAssertEqual(document.expenses.records[0].amount, -5_000)
        XCTAssertThrowsError(try edit.check(for: .income))
    }

    func testTheFile_BothReadersReadARefundAndTheHistoryKeepsIt() throws {
        var document = try november()
        let before = document
        try document.expenses.remove(ids: ["00000002"])
        document.recordChange(since: before)
        let bytes = FastDocumentCodec.encode(document)
        XCTAssertTrue(
            String(decoding: bytes, as: UTF8.self).contains(#""amount":-2000"#), "the history holds the removed refund")
        let fast = try XCTUnwrap(FastDocumentCodec.decode(bytes), "the fast reader reads it, without falling back")
        XCTAssertEqual(fast, try DocumentCodec.decodeStrictly(bytes))
        var undone = fast
        try undone.undoLastChange()
        XCTAssertEqual(undone.expenses.records.map(\.amount), [5_000, -2_000, 800])
        let written = String(decoding: FastDocumentCodec.encode(before), as: UTF8.self)
        XCTAssertTrue(written.contains(#""amount" : -2000"#), written)
        // An income is never negative, and no amount is Int.min, in either reader.
        for bad in [written.replacingOccurrences(of: #""amount" : 10000"#, with: #""amount" : -10000"#),
                    written.replacingOccurrences(of: #""amount" : -2000"#, with: #""amount" : -9223372036854775808"#)] {
            XCTAssertNil(FastDocumentCodec.decode(Array(bad.utf8)))
            XCTAssertThrowsError(try DocumentCodec.decodeStrictly(Array(bad.utf8)))
        }
    }
}
