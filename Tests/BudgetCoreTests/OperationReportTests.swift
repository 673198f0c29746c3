import XCTest
@testable import BudgetCore

/// The reports behind `categories`, `limit list` and the totals of `list`.
final class OperationReportTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text)! }

    private func sample() throws -> BudgetDocument {
        var document = BudgetDocument()
        try document.addExpense(name: "Lunch", amount: 900, category: "food", date: day("2026-11-05"))
        try document.addExpense(name: "Dinner", amount: 1200, category: "food", date: day("2026-10-06"))
        try document.addExpense(name: "家賃", amount: 80_000, category: "住居", date: day("2026-11-01"))
        try document.addIncome(name: "Salary", amount: 300_000, date: day("2026-11-25"))
        try document.setLimit(1000, for: "food")
        try document.setLimit(5000, for: "fun")
        return document
    }

    func testCategoryReport_ListsEveryCategoryWithCountTotalAndLimit() throws {
        let rows = try CategoryReport(document: try sample()).rows
        XCTAssertEqual(rows, [
            CategoryReport.Row(
                category: "food", expenses: 2, total: 2100, limit: 1000,
                spendingLimit: try SpendingLimit(monthly: 1000)),
            CategoryReport.Row(
                category: "fun", expenses: 0, total: 0, limit: 5000, spendingLimit: try SpendingLimit(monthly: 5000)),
            CategoryReport.Row(category: "住居", expenses: 1, total: 80_000, limit: nil),
        ])
        XCTAssertEqual(try sample().categoryNames, ["food", "fun", "住居"])
        XCTAssertEqual(try CategoryReport(document: BudgetDocument()).rows, [])
    }

    func testCategoryReport_AnOverflowingTotalIsAnError() throws {
        var document = BudgetDocument()
        try document.addExpense(name: "a", amount: Int.max, category: "x", date: day("2026-11-01"))
        try document.addExpense(name: "b", amount: 1, category: "x", date: day("2026-11-01"))
        XCTAssertThrowsError(try CategoryReport(document: document)) {
            XCTAssertEqual($0 as? BudgetError, .totalOverflow)
        }
    }

    func testLimitReport_ShowsTheMonthOfTheDayGiven() throws {
        let report = try LimitReport(document: try sample(), month: day("2026-11-30"))
        XCTAssertEqual(report.month, day("2026-11-01"))
        XCTAssertEqual(report.rows.map(\.category), ["food", "fun"])
        XCTAssertEqual(report.rows.map(\.spent), [900, 0])
        XCTAssertEqual(report.rows.map(\.remaining), [100, 5000])
        XCTAssertEqual(
            try LimitReport(document: try sample(), month: day("2026-10-01")).rows.map(\.isOver), [true, false])
    }

    func testRecordTotals_AreExact() throws {
        let document = try sample()
        let totals = try RecordTotals(incomes: document.incomes.records, expenses: document.expenses.records)
        XCTAssertEqual([totals.income, totals.expenses, totals.balance], [300_000, 82_100, 217_900])
        XCTAssertThrowsError(try RecordTotals(incomeAmounts: [Int.max, 1], expenseAmounts: [])) {
            XCTAssertEqual($0 as? BudgetError, .totalOverflow)
        }
    }

    func testSettings_SetFromTextWithTheRulesOfEveryKey() throws {
        var document = BudgetDocument()
        let color = try SettingsCatalog.key(toSet: "display.color")
        XCTAssertEqual(
            try document.setSetting(color, to: "never"),
            SettingChange(key: "display.color", wasSet: false, changed: true, value: "never"))
        XCTAssertEqual(try document.setSetting(color, to: "never").changed, false)
        XCTAssertEqual(document.settingText(color), "never")
        XCTAssertThrowsError(try document.setSetting(color, to: "never", rescale: true)) {
            XCTAssertEqual($0 as? SettingsError, .rescaleNotApplicable(key: "display.color"))
        }
        XCTAssertThrowsError(try document.setSetting(color, to: "sometimes")) { XCTAssertTrue($0 is ValueError) }
        XCTAssertEqual(
            try document.setSetting(color, to: nil),
            SettingChange(key: "display.color", wasSet: true, changed: true, value: nil))
        XCTAssertEqual(document.settingText(color), "auto")

        let limit = try SettingsCatalog.key(toSet: "budget.limit. 食費 ")
        XCTAssertEqual(limit.storedKey, "budget.limit.食費", "a limit's category is read like a category")
        XCTAssertThrowsError(try SettingsCatalog.key(toSet: "budget.limit.\u{202E}x")) {
            XCTAssertTrue($0 is ValueError)
        }
        XCTAssertThrowsError(try SettingsCatalog.key(toSet: "display.colour")) {
            XCTAssertEqual($0 as? SettingsError, .unknownKey("display.colour", suggestion: nil))
        }
        XCTAssertThrowsError(try SettingsCatalog.key(toSet: "import.profile.a b")) {
            XCTAssertEqual($0 as? ValueError, .invalidProfileName("a b"), "a profile's name is no tag")
            XCTAssertEqual(
                ($0 as? ValueError)?.description,
                "the profile name 'a b' contains white space or a comma; a profile name is one word "
                    + "(use - or _ to join words)")
        }
        XCTAssertThrowsError(try SettingsCatalog.key(toSet: "import.profile. ")) {
            XCTAssertEqual($0 as? ValueError, .empty(field: "profile name"))
        }
        XCTAssertEqual(try SettingsCatalog.key(toSet: "import.profile.my-bank").storedKey, "import.profile.my-bank")

        let currency = try SettingsCatalog.key(toSet: "display.currency")
        try document.addExpense(name: "Lunch", amount: 900, date: day("2026-11-01"))
        XCTAssertThrowsError(try document.setSetting(currency, to: "USD")) { XCTAssertTrue($0 is SettingsError) }
        XCTAssertEqual(try document.setSetting(currency, to: "usd", rescale: true).value, "USD")
        XCTAssertEqual(document.expenses.records[0].amount, 90_000)
        XCTAssertEqual(
            try document.setSetting(currency, to: " None ", rescale: true).value, nil, "none means no currency")
        XCTAssertEqual(document.expenses.records[0].amount, 900)
    }

    func testSettingEntries_AreEveryFixedKeyThenEachLimit() throws {
        let entries = try sample().settingEntries
        XCTAssertEqual(
            entries.map(\.key.storedKey),
            [
                "display.currency", "display.color", "display.date-format", "expense.default-category",
                "expense.default-account", "card.count-at", "budget.total-limit", "period.month-start",
                "period.weekend", "recur.auto", "budget.limit.food", "budget.limit.fun",
            ])
        XCTAssertEqual(
            entries.map(\.value),
            ["none", "auto", "iso", "uncategorized", "none", "purchase", "none", "1", "keep", "on", "1000", "5000"])
        XCTAssertEqual(
            entries.map(\.isSet), [false, false, false, false, false, false, false, false, false, false, true, true])
    }

    func testLimits_SetAndRemoveWithTheCategoryRules() throws {
        var document = BudgetDocument()
        XCTAssertEqual(try document.setLimit(40_000, for: " 食費"), "食費")
        XCTAssertEqual(document[settings: BudgetKeys.self][BudgetKeys.limit("食費")], try SpendingLimit(monthly: 40_000))
        XCTAssertThrowsError(try document.setLimit(-1, for: "x"))
        XCTAssertTrue(try document.removeLimit(for: "食費 "))
        XCTAssertFalse(try document.removeLimit(for: "食費"))
    }
}
