import XCTest
@testable import BudgetCore

/// A limit as a setting: the plain number earlier versions wrote, the canonical text of a limit
/// with options, and every path a setting takes (file, rename, rescale, undo).
final class SpendingLimitTests: XCTestCase {
    private let usd = SettingContext(currency: Currency(code: "USD"))
    private let plain = SettingContext(currency: nil)

    func testStoredForm_PlainIsANumberOptionsAreCanonicalText() throws {
        XCTAssertEqual(try SpendingLimit(monthly: 40_000).stored, .int(40_000))
        XCTAssertEqual(try SpendingLimit(amount: 200_000, per: .year).stored, .string("200000;per=year"))
        let since = try XCTUnwrap(SpendingLimit.start("2026-10", per: .month))
        XCTAssertEqual(since, 2026 * 12 + 9)
        XCTAssertEqual(
            try SpendingLimit(amount: 40_000, rollover: .surplus, since: since).stored,
            .string("40000;rollover=surplus;since=2026-10"))
        XCTAssertEqual(
            try SpendingLimit(amount: 5, per: .year, rollover: .all, since: 26).stored,
            .string("5;per=year;rollover=all;since=0026"))

        for text in ["40000;rollover=surplus;since=2026-10", "200000;per=year", "0;per=year;rollover=all;since=9999"] {
            let limit = try XCTUnwrap(SpendingLimit(stored: .string(text)), text)
            XCTAssertEqual(limit.stored, .string(text))
        }
        XCTAssertEqual(SpendingLimit(stored: .int(7)), try SpendingLimit(monthly: 7))
        let refused = [
            "40000", "40000;per=month", "40000;rollover=none", "40000;per=year;rollover=none", "040000;per=year",
            "+5;per=year", "-5;per=year", "40000;rollover=surplus;per=year;since=2026", "40000;rollover=surplus",
            "40000;since=2026-10", "40000;rollover=surplus;since=2026", "40000;per=year;rollover=all;since=2026-10",
            "40000;per=year;per=year", "40000;per=week", "40000;rollover=surplus;since=2026-13",
            "40000;rollover=surplus;since=0000-12", "40000;per=year;", "40,000;per=year", "40000;per=year;note=x",
            "40000;per=year;rollover=all;since=10000", "", "40000;per", "40000;=year", "40000;perx=year",
            "40000;per=year=x", "40000;;per=year", "40000;since=2026;per=year",
        ]
        for text in refused { XCTAssertNil(SpendingLimit(stored: .string(text)), text) }
        XCTAssertNil(SpendingLimit(stored: .int(-1)))
        XCTAssertNil(SpendingLimit(stored: .bool(true)))
    }

    /// A yearly limit without other options is read from its bytes (a summary over thousands of
    /// them spent most of its time reading them): the same limits as the general reading, the
    /// same texts refused.
    func testStoredForm_AYearlyLimitReadFromItsBytesIsTheLimitTheGeneralReadingMakes() throws {
        var generator = SystemRandomNumberGenerator()
        let amounts = [0, 1, 9, 10, 99, 100, 1_000, Int.max / 10, Int.max - 1, Int.max]
            + (0..<200).map { _ in Int.random(in: 0...Int.max, using: &generator) >> Int.random(in: 0...62) }
        for amount in amounts {
            let text = "\(amount);per=year"
            XCTAssertEqual(SpendingLimit(stored: .string(text)), try SpendingLimit(amount: amount, per: .year), text)
            XCTAssertEqual(SpendingLimit(stored: .string(text))?.stored, .string(text), text)
            XCTAssertNil(SpendingLimit(stored: .string("0" + text)), "a leading zero")
        }
        let refused = [
            ";per=year", "00;per=year", "9223372036854775808;per=year", "99999999999999999999;per=year",
            "\u{FF11};per=year", "1 ;per=year", " 1;per=year", "1;per=year ", "1;Per=year", "1e3;per=year",
            "1_000;per=year", "1;per=yearly", "1;;per=year", "1;per=year;per=year",
        ]
        for text in refused { XCTAssertNil(SpendingLimit(stored: .string(text)), text) }
    }

    func testStoredForm_ACanonicalEquivalentOfTheSeparatorStillOpens() throws {
        // U+037E is canonically ";": a file hand-edited with it opened before and still does.
        let limit = try XCTUnwrap(SpendingLimit(stored: .string("1000\u{37E}per=year")))
        XCTAssertEqual(limit, try SpendingLimit(amount: 1000, per: .year))
        XCTAssertNil(SpendingLimit(stored: .string("1000\u{37E}per=week")))
    }

    func testTypedText_InTheCurrencyPartsInAnyOrder() throws {
        let typed = try SpendingLimit(settingText: "400.50;since=2026-10;rollover=all", context: usd)
        XCTAssertEqual(
            typed,
            try SpendingLimit(amount: 40_050, rollover: .all, since: SpendingLimit.start("2026-10", per: .month)))
        XCTAssertEqual(typed.settingText(context: usd), "400.50;rollover=all;since=2026-10")
        XCTAssertEqual(try SpendingLimit(settingText: "1,200", context: plain), try SpendingLimit(monthly: 1_200))
        XCTAssertEqual(
            try SpendingLimit(settingText: "12;per=year", context: plain).settingText(context: plain), "12;per=year")
        for text in [
            "5;rollover=all", "5;since=2026-10", "5;per=year;rollover=all;since=2026-10", "5;per=week", "5;x=1",
            "5;per=year;per=year", "-5", "5;",
        ] {
            XCTAssertThrowsError(try SpendingLimit(settingText: text, context: plain), text)
        }
    }

    func testOldFile_PlainLimitsReadAsBeforeAndAreWrittenUnchanged() throws {
        let text = """
        {
          "expense_unique_id" : "00000001",
          "expenses" : {
            "00000001" : {
              "amount" : 41200,
              "category" : "food",
              "date" : "2026-11-05",
              "id" : "00000001",
              "name" : "Groceries",
              "order" : 1
            }
          },
          "format" : 1,
          "income_unique_id" : "00000000",
          "incomes" : {

          },
          "settings" : {
            "budget.limit.food" : 40000
          }
        }

        """
        var document = try DocumentCodec.decode(Array(text.utf8))
        XCTAssertEqual(
            document[settings: BudgetKeys.self][BudgetKeys.limit("food")], try SpendingLimit(monthly: 40_000))
        let status = try XCTUnwrap(try LimitReport(document: document, month: Day(iso: "2026-11-20")!).rows.first)
        XCTAssertEqual(
            [status.base, status.carriedIn, status.available, status.spent, status.remaining],
            [40_000, 0, 40_000, 41_200, -1_200])
        XCTAssertEqual(DocumentCodec.encode(document), Array(text.utf8), "read and written back byte for byte")
        // Setting the same plain limit again writes the same number.
        try document.setLimit(40_000, for: "food")
        XCTAssertEqual(DocumentCodec.encode(document), Array(text.utf8))
    }

    func testFile_ALimitWithOptionsRoundTripsAndUndoRemovesIt() throws {
        let store = InMemoryStore()
        try store.transaction { document in
            try document.setLimit(
                try SpendingLimit(amount: 200_000, per: .year, rollover: .surplus, since: 2026),
                for: .category("travel"))
            try document.setLimit(try SpendingLimit(amount: 300_000), for: .total)
        }
        let document = try store.load()
        let bytes = DocumentCodec.encode(document)
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("""
            "budget.limit.travel" : "200000;per=year;rollover=surplus;since=2026",
            "budget.total-limit" : 300000
        """))
        XCTAssertEqual(try DocumentCodec.decode(bytes), document)
        XCTAssertEqual(FastDocumentCodec.decode(bytes), document, "the fast reader agrees")
        _ = try store.transaction { try $0.undoLastChange() }
        XCTAssertTrue(try store.load()[settings: BudgetKeys.self].limits.isEmpty)
    }

    func testRenameMovesTheOptionsAndMergesOnlyEqualLimits() throws {
        var document = BudgetDocument()
        let surplus = try SpendingLimit(
            amount: 1_000, rollover: .surplus, since: SpendingLimit.start("2026-10", per: .month))
        try document.setLimit(surplus, for: .category("food"))
        XCTAssertEqual(try document.renameCategory("food", to: "食費").limit, .moved(surplus))
        XCTAssertEqual(try document.limit(for: .category("食費")), surplus)
        XCTAssertNil(try document.limit(for: .category("food")))
        try document.setLimit(1_000, for: "groceries")
        XCTAssertThrowsError(try document.renameCategory("食費", to: "groceries")) {
            XCTAssertEqual($0 as? BudgetError, .limitConflict(
                category: "食費", limit: "1,000 a month (rollover surplus since 2026-10)",
                                                               target: "groceries", targetLimit: "1,000 a month"))
        }
        try document.setLimit(surplus, for: .category("groceries"))
        XCTAssertEqual(try document.renameCategory("食費", to: "groceries").limit, .merged(surplus))
    }

    func testRescale_ScalesTheTotalLimitAndLimitsWithOptions() throws {
        var document = BudgetDocument()
        try document.setLimit(try SpendingLimit(amount: 300_000, per: .year, rollover: .all, since: 2026), for: .total)
        try document.setLimit(
            try SpendingLimit(amount: 1_234, rollover: .surplus, since: SpendingLimit.start("2026-10", per: .month)),
            for: .category("food"))
        try document.setCurrency(Currency(code: "USD"), rescale: true)
        XCTAssertEqual(
            document.settingsValues.value(forKey: "budget.total-limit"),
            .string("30000000;per=year;rollover=all;since=2026"))
        XCTAssertEqual(try document.limit(for: .category("food"))?.amount, 123_400)
        XCTAssertEqual(try document.limit(for: .category("food"))?.rollover, .surplus)
        try document.setLimit(
            try SpendingLimit(amount: 123_450, rollover: .surplus, since: 24_321), for: .category("food"))
        let before = document
        XCTAssertThrowsError(try document.setCurrency(nil, rescale: true))
        XCTAssertEqual(document, before, "a limit with a fraction stops the rescale, and nothing changes")
    }

    func testLimitSet_DefaultsSinceToThePeriodHoldingToday() throws {
        var document = BudgetDocument()
        try document.setSetting(PeriodKeys.monthStart.erased, to: "25")
        let today = Day(iso: "2026-11-26")!  // budget month 2026-12
        let monthly = try document.limit(10, per: .month, rollover: .surplus, since: nil, today: today)
        XCTAssertEqual(monthly.sinceName, "2026-12")
        XCTAssertEqual(try document.limit(10, per: .year, rollover: .all, since: nil, today: today).sinceName, "2026")
        XCTAssertEqual(try document.limit(10, per: .month, rollover: .all, since: 24_000, today: today).since, 24_000)
        XCTAssertNil(try document.limit(10, per: .year, rollover: .none, since: nil, today: today).since)
        XCTAssertThrowsError(try document.limit(10, per: .month, rollover: .none, since: 24_000, today: today))
    }

    func testRemove_TakesTheOptionsWithIt() throws {
        var document = BudgetDocument()
        try document.setLimit(try SpendingLimit(amount: 5, per: .year), for: .category("food"))
        XCTAssertEqual(try document.removeLimit(for: .category(" food ")), try SpendingLimit(amount: 5, per: .year))
        XCTAssertNil(try document.removeLimit(for: .total))
        XCTAssertTrue(document.settingsValues.isEmpty)
    }
}
