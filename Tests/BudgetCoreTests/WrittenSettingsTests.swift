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
            // Limits read straight are known plain (the ledger does not check them again): so they are.
            let budget = fast?[settings: BudgetKeys.self]
            XCTAssertEqual(budget?.limitCategoriesArePlain ?? false, straight, settings)
            for category in budget?.limits.compactMap(\.scope.category) ?? [] where straight {
                XCTAssertTrue(TextOrder.isPlain(category), settings)
            }
        }
        // The file refused by the strict reader is refused by the fast one (the store then reports it).
        let (fast, strict) = readings(try file(settings: "{\n    \"budget.limit.a\" : 1.5\n  }"))
        XCTAssertNil(strict)
        XCTAssertNil(fast)
    }

    func testReadStraight_KeptSortedAndFoundAsADictionaryFindsThem() throws {
        let bytes = try file(settings: """
            {
                "budget.limit.a" : 1,
                "budget.limit.ab" : "2;per=year",
                "budget.limit.\u{304C}" : 3,
                "budget.limit.\u{98DF}\u{8CBB}" : 5,
                "budget.limit.\u{FF7E}\u{FF9E}\u{FF8C}\u{FF9E}\u{FF9D}" : 4,
                "display.currency" : "JPY",
                "period.month-start" : 25
              }
            """)
        let read = try XCTUnwrap(FastDocumentCodec.decode(bytes)).settingsValues
        XCTAssertNotNil(read.categoryLimits, "read straight")
        let hashed = SettingsValues(read.values)
        XCTAssertEqual(hashed.values.count, 7)
        let probes = hashed.storedKeys + [
            // Decomposed が is the composed key to `==`; the others are no key.
            "budget.limit.\u{304B}\u{3099}", "budget.limit.\u{304B}", "budget.limit.", "budget.limit.a ",
            "budget.limit.\u{98DF}", "budget.limit.\u{98DF}\u{8CBB}x", "", "a", "zzz", "display.currency\u{301}",
        ]
        for key in probes { XCTAssertEqual(read.value(forKey: key), hashed.value(forKey: key), key) }
        XCTAssertEqual(read.value(forKey: "budget.limit.\u{304B}\u{3099}"), .int(3))
        XCTAssertEqual(read.storedKeys, hashed.storedKeys)
        func text(_ pairs: [(key: String, value: StoredSetting)]) -> [String] { pairs.map { "\($0.key)=\($0.value)" } }
        XCTAssertEqual(text(read.storedPairs), text(hashed.storedPairs))
        for prefix in ["budget.limit.", "budget.", "display.", "period.month-start", "", "z", "budget.limit.\u{98DF}"] {
            let found = read.storedValues(prefixed: prefix).map(\.key)
            XCTAssertEqual(Set(found), Set(hashed.storedValues(prefixed: prefix).map(\.key)), prefix)
        }
        XCTAssertEqual(read.storedValues(prefixed: "budget.limit.").count, 5)
        XCTAssertEqual(read, hashed)
        XCTAssertEqual(hashed, read)
        XCTAssertFalse(read.isEmpty)

        // Another value is another file's settings, however each is kept.
        var changed = read, changedHashed = hashed
        changed.setValue(.int(6), forKey: "budget.limit.\u{304B}\u{3099}")
        changedHashed.setValue(.int(6), forKey: "budget.limit.\u{304B}\u{3099}")
        XCTAssertNotEqual(changed, read)
        XCTAssertEqual(changed, changedHashed)
        XCTAssertEqual(changed.value(forKey: "budget.limit.\u{304C}"), .int(6))
        XCTAssertEqual(changed.storedKeys, hashed.storedKeys, "one key, spelt as first set")
        let other = try XCTUnwrap(FastDocumentCodec.decode(try file(settings: """
            {
                "budget.limit.a" : 1,
                "budget.limit.ab" : "2;per=year",
                "budget.limit.\u{304C}" : 3,
                "budget.limit.\u{98DF}\u{8CBB}" : 50,
                "budget.limit.\u{FF7E}\u{FF9E}\u{FF8C}\u{FF9E}\u{FF9D}" : 4,
                "display.currency" : "JPY",
                "period.month-start" : 25
              }
            """))).settingsValues
        XCTAssertNotNil(other.categoryLimits)
        XCTAssertNotEqual(other, read)
        XCTAssertTrue(try XCTUnwrap(FastDocumentCodec.decode(try file(settings: "{}"))).settingsValues.isEmpty)
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
