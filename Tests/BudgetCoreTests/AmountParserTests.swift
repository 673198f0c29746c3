import XCTest
@testable import BudgetCore

final class AmountParserTests: XCTestCase {
    func testParse_AcceptsPlainAndGroupedWholeNumbers() throws {
        let cases: [(String, Int)] = [
            ("0", 0), ("900", 900), ("1,234", 1_234), ("1_234", 1_234), ("12,345,678", 12_345_678),
            ("1_0000", 10_000), ("9223372036854775807", Int.max), ("007", 7),
        ]
        for (text, value) in cases {
            XCTAssertEqual(try AmountParser.parse(text), value, text)
        }
    }

    func testParse_RejectsEverythingElseNamingTheValue() {
        let cases: [(String, String)] = [
            ("12abc", "an amount is a whole number such as 1200"),
            ("-5", "amounts cannot be negative"),
            ("0x10", "an amount is a whole number such as 1200"),
            ("1e3", "an amount is a whole number such as 1200"),
            ("", "an amount is a whole number such as 1200"),
            ("9223372036854775808", "the number is too large"),
            ("12.5", "amounts are whole numbers in the smallest unit (set a currency to enter decimals)"),
            ("12,34", "misplaced ',' digit group separator"),
            ("1234,567", "misplaced ',' digit group separator"),
            (",123", "misplaced ',' digit group separator"),
            ("123,", "misplaced ',' digit group separator"),
            ("1__0", "misplaced '_' digit separator"),
            ("_1", "misplaced '_' digit separator"),
            (" 12", "an amount is a whole number such as 1200"),
            ("+12", "an amount is a whole number such as 1200"),
            ("１２", "an amount is a whole number such as 1200"),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try AmountParser.parse(text), text) { error in
                XCTAssertEqual(error as? ValueError, .invalidAmount(text, reason: reason), text)
            }
        }
    }

    func testGrouped_InsertsCommasEveryThreeDigits() {
        XCTAssertEqual(AmountParser.grouped(0), "0")
        XCTAssertEqual(AmountParser.grouped(999), "999")
        XCTAssertEqual(AmountParser.grouped(80_000), "80,000")
        XCTAssertEqual(AmountParser.grouped(-1_234_567), "-1,234,567")
        XCTAssertEqual(AmountParser.grouped(Int.min), "-9,223,372,036,854,775,808")
    }

    func testFieldRules_RejectBlankNamesAndControlCharacters() {
        XCTAssertThrowsError(try FieldRules.checkLabel("", field: "name"))
        XCTAssertThrowsError(try FieldRules.checkLabel("  ", field: "name"))
        XCTAssertThrowsError(try FieldRules.checkLabel("a\nb", field: "name"))
        XCTAssertThrowsError(try FieldRules.checkLabel("a\u{7f}", field: "name"))
        XCTAssertNoThrow(try FieldRules.checkLabel("家賃 (11月)", field: "name"))
        XCTAssertNoThrow(try FieldRules.checkNote("two\tlines\nok"))
        XCTAssertThrowsError(try FieldRules.checkNote("bell\u{7}"))
    }
}
