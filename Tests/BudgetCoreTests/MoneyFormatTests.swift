import XCTest
import TestSupport
@testable import BudgetCore

final class MoneyFormatTests: XCTestCase {
    private func format(_ code: String?) -> MoneyFormat {
        MoneyFormat(currency: code.flatMap(Currency.init(code:)))
    }

    func testParse_PerCurrency() throws {
        let cases: [(String?, String, Int)] = [
            (nil, "80000", 80_000), (nil, "1,234", 1_234),
            ("JPY", "80,000", 80_000), ("JPY", "¥80,000", 80_000), ("JPY", "JPY 500", 500),
            ("USD", "12.34", 1_234), ("USD", "12.3", 1_230), ("USD", "12", 1_200), ("USD", "1,234.50", 123_450),
            ("USD", "$0.05", 5),
            ("EUR", "1_234.5", 123_450), ("EUR", "€9.99", 999),
            ("KWD", "1.234", 1_234), ("KWD", "0.5", 500), ("KWD", "12", 12_000),
        ]
        for (code, text, expected) in cases {
            XCTAssertEqual(try format(code).parse(text), expected, "\(code ?? "none") \(text)")
        }
    }

    /// Plain digits take a path of their own (`MoneyFormat.plainDigits`): held to what the
    /// general rules make of the same digits after a space (which sends them that way), in every
    /// currency, up to the lengths that overflow.
    func testPlainDigits_AreReadAsTheGeneralRulesReadThem() {
        var generator = SystemRandomNumberGenerator()
        for code in [nil, "JPY", "USD", "KWD", "EUR"] {
            let format = format(code)
            for length in 1...21 {
                for _ in 0..<40 {
                    let digits = String((0..<length).map { _ in "0123456789".randomElement(using: &generator) ?? "0" })
                    XCTAssertEqual(
                        try? format.parse(digits), try? format.parse(" " + digits), "\(code ?? "none") \(digits)")
                }
            }
            XCTAssertEqual(try format.parse("007"), try format.parse(" 007"))
            XCTAssertNil(MoneyFormat.plainDigits("1,000"))
            XCTAssertNil(MoneyFormat.plainDigits("１２"), "full-width digits take the general path")
            XCTAssertNil(MoneyFormat.plainDigits("1234567890123456789"), "19 digits could overflow")
            XCTAssertNil(MoneyFormat.plainDigits(""))
        }
    }

    func testParse_RejectsMoreDecimalsThanTheCurrencyHasAndOverflow() {
        let cases: [(String?, String, String)] = [
            (nil, "12.5", "amounts are whole numbers in the smallest unit (set a currency to enter decimals)"),
            ("JPY", "12.5", "JPY amounts have no decimals"),
            ("USD", "12.345", "USD amounts have at most 2 decimals"),
            ("KWD", "1.2345", "KWD amounts have at most 3 decimals"),
            ("USD", "12.", "expected digits after the decimal point"),
            ("USD", "12.3x", "expected digits after the decimal point"),
            ("USD", "-1.00", "amounts cannot be negative"),
            ("USD", "92233720368547758.08", "the number is too large"),
            ("KWD", "9223372036854775.808", "the number is too large"),
        ]
        for (code, text, reason) in cases {
            XCTAssertThrowsError(try format(code).parse(text), "\(code ?? "none") \(text)") { error in
                XCTAssertEqual(error as? ValueError, .invalidAmount(text, reason: reason))
            }
        }
    }

    func testDisplayAndPlain_PerCurrency() {
        let cases: [(String?, Int, String, String)] = [
            (nil, 80_000, "80,000", "80000"),
            ("JPY", 80_000, "¥80,000", "80000"),
            ("JPY", -80_000, "-¥80,000", "-80000"),
            (nil, Int.min, "-9,223,372,036,854,775,808", "-9223372036854775808"),
            ("JPY", Int.max, "¥9,223,372,036,854,775,807", "9223372036854775807"),
            ("USD", 1_234, "$12.34", "12.34"),
            ("USD", 5, "$0.05", "0.05"),
            ("USD", -1_234, "-$12.34", "-12.34"),
            ("EUR", 123_450, "€1,234.50", "1234.50"),
            ("KWD", 1_234, "KWD 1.234", "1.234"),
            ("KWD", 12_000_000, "KWD 12,000.000", "12000.000"),
        ]
        for (code, value, display, plain) in cases {
            XCTAssertEqual(format(code).display(value), display)
            XCTAssertEqual(format(code).plain(value), plain)
            if value >= 0 {  // negative values are balances, never read back as an amount
                XCTAssertEqual(try format(code).parse(plain), value, "plain output reads back exactly")
            }
        }
    }

    func testDisplay_GroupsEveryMagnitudeAsCharactersDo() {
        // Grouping by the digits' bytes gives what grouping by characters gave, at every length.
        func reference(_ value: Int, _ code: String?) -> String {
            let digits = String(value.magnitude)
            let minor = code.flatMap { Currency(code: $0) }?.minorDigits ?? 0
            let padded = String(repeating: "0", count: max(0, minor + 1 - digits.count)) + digits
            let whole = Array(padded.dropLast(minor))
            var grouped = ""
            for (index, digit) in whole.enumerated() {
                if index > 0 && (whole.count - index) % 3 == 0 { grouped.append(",") }
                grouped.append(digit)
            }
            let symbol = code.flatMap { Currency(code: $0) }?.symbol ?? ""
            return (value < 0 ? "-" : "") + symbol + grouped + (minor > 0 ? "." + padded.suffix(minor) : "")
        }
        var generator = SeededGenerator(seed: 26)
        var values = [0, 1, -1, 999, 1_000, -1_000, 999_999, 1_000_000, Int.max, Int.min, Int.min + 1]
        var top = 1
        for _ in 1...18 {
            top *= 10
            values += [top - 1, top, -top, Int.random(in: 0..<top, using: &generator)]
        }
        for value in values {
            for code in [nil, "JPY", "USD", "KWD"] {
                XCTAssertEqual(format(code).display(value), reference(value, code), "\(code ?? "none") \(value)")
            }
            XCTAssertEqual(AmountParser.grouped(value), reference(value, nil), "\(value)")
        }
    }

    func testPrecheck_CatchesGarbageBeforeTheCurrencyIsKnown() {
        XCTAssertNoThrow(try MoneyFormat.precheck("$1,234.50"))
        XCTAssertNoThrow(try MoneyFormat.precheck("1.234"))
        XCTAssertNoThrow(try MoneyFormat.precheck("KWD 1.234"))
        for text in ["12abc", "-5", "0x10", "1e3", "", "1.", "1.2x", "12,34"] {
            XCTAssertThrowsError(try MoneyFormat.precheck(text), text)
        }
        // How many decimals fit depends on the currency: `parse` decides, with the right reason.
        XCTAssertNoThrow(try MoneyFormat.precheck("1.2345"))
    }
}
