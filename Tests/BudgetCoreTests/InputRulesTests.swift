import XCTest
@testable import BudgetCore

/// How typed values are read: labels, counts, days, amounts in every input form, the totals
/// rule, and how untrusted text is made safe to show.
final class InputRulesTests: XCTestCase {
    private func format(_ code: String?) -> MoneyFormat {
        MoneyFormat(currency: code.flatMap(Currency.init(code:)))
    }

    private func reason(_ body: () throws -> Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            switch error as? ValueError {
            case .invalidAmount(_, let reason)?, .invalidNumber(_, let reason)?: return reason
            default: return "\(error)"
            }
        }
    }

    // MARK: Labels

    func testLabel_TrimsSurroundingWhiteSpace() throws {
        XCTAssertEqual(try FieldRules.label(" food ", field: "category"), "food")
        XCTAssertEqual(try FieldRules.label("food", field: "category"), "food")
        XCTAssertEqual(try FieldRules.label("\u{3000}食費\u{00A0}", field: "category"), "食費")
        XCTAssertEqual(try FieldRules.label("eating out", field: "category"), "eating out", "inner spaces stay")
        XCTAssertThrowsError(try FieldRules.label("   ", field: "name")) { error in
            XCTAssertEqual(error as? ValueError, .empty(field: "name"))
        }
    }

    func testLabel_RefusesBidiControlsAndInvisibleNames() {
        for text in ["a\u{202E}b", "\u{202A}x", "x\u{2066}y\u{2069}", "\u{2067}"] {
            XCTAssertThrowsError(try FieldRules.label(text, field: "name"), text) { error in
                guard case .bidiControl(field: "name", _)? = error as? ValueError else { return XCTFail("\(error)") }
            }
        }
        for text in ["\u{200B}", "\u{FEFF}", "\u{2060}", "\u{200B} \u{200D}", " \u{200C} ", "\u{3164}"] {
            XCTAssertThrowsError(try FieldRules.label(text, field: "category"), text.debugDescription) { error in
                guard case .invisible(field: "category", _)? = error as? ValueError else { return XCTFail("\(error)") }
            }
        }
        XCTAssertEqual(ValueError.invisible(field: "name", value: "\u{200B}").description, "the name '\\u{200B}' has no visible characters")
        XCTAssertEqual(try FieldRules.label("👨‍👩‍👧", field: "name"), "👨‍👩‍👧", "a joiner between visible characters is fine")
    }

    func testCheckLabel_DataFileRulesAreUnchanged() {
        // Files written by earlier versions keep opening: the readers use checkLabel alone.
        XCTAssertNoThrow(try FieldRules.checkLabel(" food", field: "category"))
        XCTAssertNoThrow(try FieldRules.checkLabel("a\u{202E}b", field: "name"))
        XCTAssertNoThrow(try FieldRules.checkLabel("\u{200B}", field: "name"))
    }

    // MARK: Numbers and days

    func testWholeNumber_DigitsOnlyLikeIDsAndAmounts() throws {
        XCTAssertEqual(try FieldRules.parseWholeNumber("12"), 12)
        XCTAssertEqual(try FieldRules.parseWholeNumber("１２"), 12)
        for text in ["+1", "-1", "1.5", "", " 1", "0x1"] {
            XCTAssertEqual(reason { try FieldRules.parseWholeNumber(text) }, "expected a whole number such as 1, without a sign", text)
        }
        XCTAssertEqual(reason { try FieldRules.parseWholeNumber("99999999999999999999") }, "the number is too large")
    }

    func testParseDay_ReadsFullWidthDigitsAndDashes() throws {
        let day = Day(iso: "2026-11-22")
        XCTAssertEqual(try FieldRules.parseDay("２０２６-１１-２２"), day)
        XCTAssertEqual(try FieldRules.parseDay("２０２６－１１－２２"), day)
        XCTAssertEqual(try FieldRules.parseDay("2026−11−22"), day)
        XCTAssertThrowsError(try FieldRules.parseDay("２０２６-１３-０１"))
    }

    // MARK: Amounts

    func testParse_AcceptsWhatAJapaneseInputMethodTypes() throws {
        for code in [nil, "JPY"] as [String?] {
            for text in ["１２,３４５", "１２，３４５", "12,345円", "１２３４５円", "￥12,345", "¥１２，３４５", "￥ 12345 円"] {
                XCTAssertEqual(try format(code).parse(text), 12_345, "\(code ?? "none") \(text)")
                XCTAssertNoThrow(try MoneyFormat.precheck(text), text)
            }
        }
        XCTAssertEqual(try format("USD").parse("１２．５０"), 1_250)
        XCTAssertThrowsError(try format("USD").parse("12円"))
        XCTAssertThrowsError(try format("USD").parse("￥12"))
    }

    func testParse_HintsFitTheCase() {
        XCTAssertEqual(reason { try self.format(nil).parse("abc") }, "an amount is a whole number such as 1200")
        XCTAssertEqual(reason { try self.format("USD").parse("abc") }, "an amount is a number such as 1200 or 12.50")
        XCTAssertEqual(reason { try self.format("USD").parse("€5") }, "'€' is not the currency of this budget (USD: write 12.50 or $12.50)")
        XCTAssertEqual(reason { try self.format(nil).parse("$5") },
                       "this budget has no currency, so amounts are plain whole numbers such as 1200 (set display.currency to use '$')")
        XCTAssertEqual(reason { try self.format("USD").parse("5.") }, "expected digits after the decimal point")
        XCTAssertEqual(reason { try MoneyFormat.precheck("abc") }, "an amount is a number such as 1200")
        XCTAssertEqual(reason { try MoneyFormat.precheck("5.") }, "expected digits after the decimal point")
        XCTAssertEqual(reason { try MoneyFormat.precheck("1.2345") }, "no currency has more than 3 decimals")
        XCTAssertEqual(reason { try MoneyFormat.precheck("99999999999999999999") }, "the number is too large")
        XCTAssertNil(reason { try MoneyFormat.precheck("€5") }, "the budget's currency decides")
    }

    // MARK: Totals

    func testCheckTotals_EachKindMustAddUpWithinInt64() throws {
        var document = BudgetDocument()
        try document.expenses.add { Expense(id: $0, name: "A", amount: Int.max, category: "x", date: Day(iso: "2026-11-01")!) }
        try document.incomes.add { Income(id: $0, name: "A", amount: Int.max, date: Day(iso: "2026-11-01")!) }
        XCTAssertNoThrow(try document.checkTotals())
        try document.expenses.add { Expense(id: $0, name: "B", amount: 1, category: "y", date: Day(iso: "2025-01-01")!) }
        XCTAssertThrowsError(try document.checkTotals()) { error in
            XCTAssertEqual(error as? BudgetError, .totalTooLarge(.expense))
        }
    }

    func testSetCurrency_RefusesARescaleWhoseTotalWouldNotFit() throws {
        var document = BudgetDocument()
        for name in ["A", "B"] {
            try document.expenses.add { Expense(id: $0, name: name, amount: Int.max / 150, category: "x", date: Day(iso: "2026-11-01")!) }
        }
        XCTAssertThrowsError(try document.setCurrency(Currency(code: "USD"), rescale: true)) { error in
            guard case .cannotRescale? = error as? SettingsError else { return XCTFail("\(error)") }
        }
    }

    // MARK: Showing untrusted text

    func testTerminalText_EscapesEveryControlCharacterOnce() {
        XCTAssertEqual(TerminalText.escaped("\u{1B}[2J5"), "\\u{1B}[2J5")
        XCTAssertEqual(TerminalText.escaped("\u{1B}]0;title\u{07}"), "\\u{1B}]0;title\\u{7}")
        XCTAssertEqual(TerminalText.escaped("a\tb\nc\rd"), "a\\tb\\nc\\rd")
        XCTAssertEqual(TerminalText.escaped("\u{9B}2J \u{7F} \u{2028} x\u{202E}y \u{2066}"), "\\u{9B}2J \\u{7F} \\u{2028} x\\u{202E}y \\u{2066}")
        XCTAssertEqual(TerminalText.escaped("家賃 (11月) \\ \" '"), "家賃 (11月) \\ \" '", "printable text is unchanged")
        let once = TerminalText.escaped("\u{1B}[31m")
        XCTAssertEqual(TerminalText.escaped(once), once)
        XCTAssertEqual(TerminalText.escaped("a\u{200B}b"), "a\u{200B}b")
        XCTAssertEqual(TerminalText.escaped("a\u{200B} b", revealingInvisible: true), "a\\u{200B} b")
    }
}
