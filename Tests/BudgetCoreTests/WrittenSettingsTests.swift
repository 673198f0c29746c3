import XCTest
@testable import BudgetCore

/// A file's settings read straight from its bytes, each limit parsed once
/// (`FastDocumentCodec.writtenSettings`), and anything else left to the strict reader: both
/// ways read the same values and the same limits.
final class WrittenSettingsTests: XCTestCase {
    /// A document holding `settings` (a JSON object's text) and nothing else.
    private func file(settings: String) throws -> [UInt8] {
        var document = BudgetDocument()
        document.settingsValues.setValue(.string("JPY"), forKey: "display.currency")
        let text = String(decoding: FastDocumentCodec.encode(document), as: UTF8.self)
        let start = try XCTUnwrap(text.range(of: "\"settings\" : "))
        let end = try XCTUnwrap(text.range(of: "\n  }", range: start.upperBound..<text.endIndex))
        return Array((text[..<start.upperBound] + settings + text[end.upperBound...]).utf8)
    }

    /// What each reader makes of a file's settings: the values and the limits, or `nil`
    /// when the reader refuses the file.
    private func readings(
        _ bytes: [UInt8]
    ) -> (fast: BudgetDocument?, strict: BudgetDocument?) {
        (FastDocumentCodec.decode(bytes), try? DocumentCodec.decodeStrictly(bytes))
    }

    private func limits(_ document: BudgetDocument) -> [String] {
        document[settings: BudgetKeys.self].limits.map { "\($0.scope) \($0.limit)" }
    }

    func testAsWritten_ReadStraightWithTheLimitsTheStrictReaderFinds() throws {
        var document = BudgetDocument()
        var settings = document[settings: BudgetKeys.self]
        let categories = ["食費", "Books", "café", "ｾﾌﾞﾝ", "ＡＭＡＺＯＮ", "家賃", "a", "ab", "B"]
        for (index, category) in categories.enumerated() {
            let limit = index.isMultiple(of: 2)
                ? try SpendingLimit(monthly: 1_000 * (index + 1))
                : try SpendingLimit(amount: 500 * index, per: .year, rollover: .surplus, since: 2026)
            settings[BudgetKeys.limit(category)] = limit
        }
        settings[BudgetKeys.totalLimit] = try SpendingLimit(monthly: 90_000)
        document[settings: BudgetKeys.self] = settings
        document.settingsValues.setValue(.string("JPY"), forKey: "display.currency")
        document.settingsValues.setValue(.int(25), forKey: "period.month-start")
        let bytes = FastDocumentCodec.encode(document)

        let (fast, strict) = readings(bytes)
        let read = try XCTUnwrap(fast)
        XCTAssertNotNil(read.settingsValues.categoryLimits, "read straight, the limits parsed")
        XCTAssertEqual(read.settingsValues, try XCTUnwrap(strict).settingsValues)
        XCTAssertEqual(read.settingsValues, document.settingsValues)
        XCTAssertEqual(limits(read), limits(try XCTUnwrap(strict)))
        XCTAssertEqual(limits(read).count, categories.count + 1)
        XCTAssertEqual(read[settings: BudgetKeys.self].limitedCategories, TextOrder.sorted(categories))
    }

    func testOtherwise_TheStrictReaderReadsThemAndBothAgree() throws {
        let decomposed = "\u{304B}\u{3099}"
        let cases: [(settings: String, straight: Bool)] = [
            ("{\n    \"budget.limit.a\" : 1,\n    \"budget.limit.b\" : 2\n  }", true),
            ("{}", true),
            ("{ \"budget.limit.a\":1,\"display.currency\":\"JPY\" }", true),
            // Keys out of their bytes' order, an escape, a decomposed text: the strict reader's.
            ("{\n    \"budget.limit.b\" : 2,\n    \"budget.limit.a\" : 1\n  }", false),
            ("{\n    \"budget.limit.\\u00e9\" : 2\n  }", false),
            ("{\n    \"budget.limit.\(decomposed)\" : 2\n  }", false),
            ("{\n    \"budget.limit.a\" : -0\n  }", false),
            ("{\n    \"budget.limit.a\" : true\n  }", false),
            // Refused by both.
            ("{\n    \"budget.limit.a\" : 1.5\n  }", false),
            ("{\n    \"budget.limit.a\" : 1,\n    \"budget.limit.a\" : 2\n  }", false),
            ("{\n    \"budget.limit.\u{304C}\" : 1,\n    \"budget.limit.\(decomposed)\" : 2\n  }", false),
            ("{\n    \"budget.limit.a\" : \"1;per=week\"\n  }", false),
            ("{\n    \"budget.limit.\" : 1\n  }", false),
            // A half-width sound mark joins the prefix's dot: no limit's key (the strict reader's word).
            ("{\n    \"budget.limit.\u{FF9E}\u{FF7E}\" : 1\n  }", false),
            ("{\n    \"budget.limit.a\" : 1,\n    \"budget.limit.\u{FF9F}\" : 1\n  }", false),
            ("{\n    \"budget.limit.\u{FF7E}\u{FF9E}\" : 1\n  }", true),
            ("{\n    \"budget.limit.a\\tb\" : 1\n  }", false),
            ("{\n    \"no.such.key\" : 1\n  }", false),
            ("{\n    \"budget.limit.a\" : null\n  }", false),
            ("{\n    \"budget.limit.a\" : 1,\n  }", false),
            ("{\n    \"budget.limit.a\" : 99999999999999999999\n  }", false),
        ]
        for (settings, straight) in cases {
            let (fast, strict) = readings(try file(settings: settings))
            XCTAssertEqual(fast?.settingsValues, strict?.settingsValues, settings)
            XCTAssertEqual(fast.map(limits), strict.map(limits), settings)
            XCTAssertEqual(fast?.settingsValues.categoryLimits != nil, straight, settings)
        }
        // The file refused by the strict reader is refused by the fast one (the store then reports it).
        let (fast, strict) = readings(try file(settings: "{\n    \"budget.limit.a\" : 1.5\n  }"))
        XCTAssertNil(strict)
        XCTAssertNil(fast)
    }

    func testSettingALimit_TheParsedLimitsGiveWayToTheValues() throws {
        let bytes = try file(settings: "{\n    \"budget.limit.b\" : 2,\n    \"budget.limit.d\" : 4\n  }")
        var document = try XCTUnwrap(FastDocumentCodec.decode(bytes))
        XCTAssertNotNil(document.settingsValues.categoryLimits)
        document.settingsValues.setValue(.int(3), forKey: "budget.limit.c")
        document.settingsValues.setValue(nil, forKey: "budget.limit.d")
        XCTAssertEqual(document[settings: BudgetKeys.self].limitedCategories, ["b", "c"])
        XCTAssertEqual(limits(document), limits(BudgetDocument(settings: document.settingsValues.values)))

        // Another setting leaves them as parsed.
        var other = try XCTUnwrap(FastDocumentCodec.decode(bytes))
        other.settingsValues.setValue(.string("JPY"), forKey: "display.currency")
        XCTAssertNotNil(other.settingsValues.categoryLimits)
        XCTAssertEqual(other[settings: BudgetKeys.self].limitedCategories, ["b", "d"])
    }
}

extension BudgetDocument {
    /// An empty document holding `settings`.
    fileprivate init(settings: [String: StoredSetting]) {
        self.init()
        settingsValues = SettingsValues(settings)
    }
}
