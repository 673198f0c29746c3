import BudgetCore
import XCTest
@testable import budget

/// The HTML report's writer, words and language, in process (the browser's checks are in
/// `ReportBrowserEndToEndTests`).
final class HTMLReportTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text) ?? .epoch }

    func testEscape_WritesTheFiveCharactersAsReferences() {
        XCTAssertEqual(HTMLWriter.escape(#"<script>alert("x" & 'y')</script>"#),
                       "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;")
        XCTAssertEqual(HTMLWriter.escape("家賃 ｾﾌﾞﾝ ＡＭＡＺＯＮ"), "家賃 ｾﾌﾞﾝ ＡＭＡＺＯＮ")
        var page = HTMLWriter()
        page.element("td", class: "a\"b", [("aria-label", "<x>")], text: "&amp;")
        XCTAssertEqual(page.html, #"<td class="a&quot;b" aria-label="&lt;x&gt;">&amp;amp;</td>"#)
    }

    func testLanguage_IsBudgetLangElseTheFirstSetLocaleVariable() {
        XCTAssertEqual(ReportLanguage.from(environment: [:]), .english)
        XCTAssertEqual(ReportLanguage.from(environment: ["LANG": "ja_JP.UTF-8"]), .japanese)
        XCTAssertEqual(ReportLanguage.from(environment: ["LANG": "ja_JP.UTF-8", "LC_ALL": "C"]), .english)
        XCTAssertEqual(ReportLanguage.from(environment: ["LC_ALL": "", "LC_MESSAGES": "ja", "LANG": "en"]), .japanese)
        XCTAssertEqual(ReportLanguage.from(environment: ["BUDGET_LANG": "en", "LANG": "ja_JP"]), .english)
        XCTAssertEqual(ReportLanguage.from(environment: ["BUDGET_LANG": "ja-JP", "LC_ALL": "en_US"]), .japanese)
        XCTAssertEqual(ReportLanguage.from(environment: ["LANG": "jam"]), .english, "not a prefix match")
    }

    func testWords_FillTheirPlaceholdersInEitherLanguage() {
        XCTAssertEqual(ReportWord.against.text(.english, "2026-10"), "against 2026-10:")
        XCTAssertEqual(ReportWord.against.text(.japanese, "2026-10"), "2026-10比")
        XCTAssertEqual(ReportWord.leftOfIncome.text(.japanese, "¥5,000", "7日"), "収入の残り ¥5,000、あと 7日")
        XCTAssertEqual(ReportWord.range.text(.english, "a", "b"), "a to b")
        XCTAssertEqual(ReportWord.points.text(.english, "50%"), "50% pt", "a % in an argument is the argument's")
        for word in ReportWord.allCases {
            XCTAssertFalse(word.text(.english).isEmpty)
            XCTAssertFalse(word.text(.japanese).isEmpty)
        }
    }

    private func page(
        _ document: BudgetDocument, language: ReportLanguage = .english, today: String = "2026-11-24"
    ) throws -> String {
        let november = BudgetCalendar.calendarMonths.period(containing: day("2026-11-01"))
        let report = try HouseholdReport(document: document, span: .month(november), today: day(today))
        return HTMLReport(
            report: report, money: document.moneyFormat, dates: .iso, language: language, currencyCode: nil
        ).render()
    }

    func testPage_EscapesEveryNameAndFetchesNothing() throws {
        var document = BudgetDocument()
        let hostile = #"<script>alert(1)</script>"#
        try document.addExpense(name: hostile, amount: 700, category: hostile, date: day("2026-11-09"))
        try document.addExpense(name: "x", amount: 300, category: #"a"b'c&d<img src=x>"#, date: day("2026-11-10"))
        let html = try page(document)
        XCTAssertFalse(html.contains("<script"), "a category named <script> is text")
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertFalse(html.contains("<img"))
        XCTAssertTrue(html.contains("a&quot;b&#39;c&amp;d&lt;img src=x&gt;"))
        XCTAssertNil(html.range(of: "https?:", options: .regularExpression))
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta http-equiv=\"Content-Security-Policy\" "
            + "content=\"default-src 'none'; style-src 'unsafe-inline'\">"), "the CSP comes first")
        XCTAssertFalse(html.contains(" style="), "classes, not style attributes")
    }

    func testPage_IsTheSameBytesEachTimeAndInJapaneseWhenAsked() throws {
        var document = BudgetDocument()
        try document.addIncome(name: "給与", amount: 300_000, date: day("2026-11-20"))
        try document.addExpense(name: "家賃", amount: 80_000, category: "住居", date: day("2026-11-01"))
        XCTAssertEqual(try page(document), try page(document))
        let japanese = try page(document, language: .japanese)
        XCTAssertTrue(japanese.contains("<html lang=\"ja\">"))
        XCTAssertTrue(japanese.contains("<h2>カテゴリ別の支出</h2>"))
        XCTAssertTrue(try page(document).contains("<h2>Spending by category</h2>"))
    }

    func testPage_MarksAnOverLimitBarInWordsAndDrawsTheLimitAsATick() throws {
        var document = BudgetDocument()
        try document.setSetting(try SettingsCatalog.key(toSet: "budget.limit.食費"), to: "40000")
        try document.addExpense(name: "外食", amount: 46_000, category: "食費", date: day("2026-11-08"))
        try document.addExpense(name: "本", amount: 46_000 / 2, category: "娯楽", date: day("2026-11-08"))
        let html = try page(document)
        XCTAssertTrue(html.contains(#"<rect class="bar over" x="0" y="2" width="1000" height="8">"#), html)
        XCTAssertTrue(html.contains(#"<line class="tick" x1="870" x2="870""#), "40,000 of 46,000 is 870 of 1000")
        XCTAssertTrue(html.contains(#"<span class="note">over the limit 6,000</span>"#))
        XCTAssertTrue(html.contains(#"<rect class="bar" x="0" y="2" width="500" height="8">"#))
    }

    func testPage_NamesTheDaysItComparesAndCountsDaysInWords() throws {
        var document = BudgetDocument()
        try document.addExpense(name: "a", amount: 1_000, category: "x", date: day("2026-10-05"))
        try document.addExpense(name: "b", amount: 9_000, category: "x", date: day("2026-10-28"))
        try document.addExpense(name: "c", amount: 2_000, category: "x", date: day("2026-11-05"))
        try document.addIncome(name: "給与", amount: 300_000, date: day("2026-11-20"))
        let html = try page(document)
        XCTAssertTrue(html.contains(
            #"against 2026-10-01 to 2026-10-24: <span class="figure-change">+1,000 (+100.0%)</span>"#), html)
        XCTAssertTrue(try page(document, today: "2026-11-30").contains(", 1 day to go"))
        XCTAssertTrue(html.contains(", 7 days to go"))
        let japanese = try page(document, language: .japanese)
        XCTAssertTrue(japanese.contains("2026-10-01〜2026-10-24比"), japanese)
        XCTAssertTrue(japanese.contains("あと 7日"))
    }

    func testPage_SaysWhatCardsOweAsAccountsDoes_NotAsACredit() throws {
        var document = BudgetDocument()
        try document.addAccount(Account(name: "銀行", type: .bank, opening: 100_000, asOf: day("2026-10-01")))
        try document.addAccount(Account(name: "カード", type: .card, asOf: day("2026-10-01")))
        try document.expenses.add { id in
            Expense(id: id, name: "Amazon", amount: 4_200, date: self.day("2026-11-10"), account: "カード")
        }
        let html = try page(document)
        // As `budget accounts` shows them: the card's balance -4,200, what cards owe 4,200.
        XCTAssertTrue(html.contains(#"<th scope="row" colspan="2">Cards owe</th><td class="num">4,200</td>"#), html)
        XCTAssertTrue(html.contains(#"<th scope="row" colspan="2">Net worth</th><td class="num">95,800</td>"#))
        XCTAssertTrue(html.contains(#"<th scope="row">2026-11-24</th><td class="num">100,000</td>"#
            + #"<td class="num">4,200</td><td class="num">95,800</td>"#), "and at each month's end")
    }

    func testPage_DrawsOnlyTheLimitsOfItsPeriod() throws {
        var document = BudgetDocument()
        try document.setSetting(try SettingsCatalog.key(toSet: "budget.limit.住居"), to: "1000000;per=year")
        try document.addExpense(name: "家賃", amount: 80_000, category: "住居", date: day("2026-11-01"))
        let html = try page(document)
        XCTAssertFalse(html.contains("class=\"tick\""), "a yearly limit is no tick in a month's report")
        XCTAssertTrue(html.contains(#"<rect class="bar" x="0" y="2" width="1000" height="8">"#))
    }

    func testHeat_StepsUpToTheHighestCell() {
        XCTAssertEqual([0, 1, 250, 251, 500, 750, 1000].map { HTMLReport.heat($0, high: 1000) }, [0, 1, 1, 2, 2, 3, 4])
        XCTAssertEqual(HTMLReport.heat(-5, high: 1000), 0, "a refund month is not hot")
        XCTAssertEqual(HTMLReport.position(5, low: -5, high: 5), 1000)
        XCTAssertEqual(HTMLReport.position(0, low: 0, high: 0), 0)
    }
}
