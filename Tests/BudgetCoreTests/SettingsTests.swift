import XCTest
@testable import BudgetCore

final class SettingsTests: XCTestCase {
    /// A stored key's name after its domain's prefix: what comparing whole characters gives
    /// (`hasPrefix`), on keys whose next scalar joins the prefix's last character (a combining
    /// mark, ZWJ, a variation selector, a spacing mark) and on random ones.
    func testStoredKeyName_AfterAPrefixIsWhatComparingCharactersGives() {
        func expected(_ key: String, _ prefix: String) -> String? {
            key.utf8.starts(with: prefix.utf8) && key.hasPrefix(prefix)
                ? String(key.utf8.dropFirst(prefix.utf8.count)) : nil
        }
        let pieces = ["食費", "\u{301}", "x", ".", "\u{200D}", "\u{FE0F}", "\r\n", "\n", "ｾﾌﾞﾝ", "e\u{301}",
                      "\u{1F1EF}\u{1F1F5}", "\u{0903}", "\u{0600}", "ᄀ", "ᅡ", "😀", " "]
        var keys = ["budget.limit.", "budget.limit", "budget.limitx", "budget.limit.食費"]
        keys += pieces.map { "budget.limit." + $0 }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...3, using: &generator)
            let rest = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }
            keys.append("budget.limit." + rest.joined())
        }
        for key in keys {
            for prefix in ["budget.limit.", "budget.", "budget.limit.食"] {
                XCTAssertEqual(StoredKeyName.rest(of: key, after: prefix), expected(key, prefix), key.debugDescription)
            }
        }
    }

    private let day = Day(iso: "2026-11-21")!

    /// Storage that records every write, to show that `Settings` works on whatever it is given.
    private struct RecordingStorage: SettingsStorage {
        var values: [String: StoredSetting] = [:]
        var writes: [String] = []
        func value(forKey key: String) -> StoredSetting? { values[key] }
        mutating func setValue(_ value: StoredSetting?, forKey key: String) {
            values[key] = value
            writes.append(key)
        }
        var storedKeys: [String] { values.keys.sorted() }
    }

    func testKeys_AreNamespacedByTheirDomain() {
        XCTAssertEqual(DisplayKeys.currency.storedKey, "display.currency")
        XCTAssertEqual(DisplayKeys.dateFormat.storedKey, "display.date-format")
        XCTAssertEqual(ExpenseKeys.defaultCategory.storedKey, "expense.default-category")
        XCTAssertEqual(BudgetKeys.limit("食費").storedKey, "budget.limit.食費")
    }

    func testDomainNames_AreLowerCaseASCII_SoAKeyIsTheirsByItsBytes() {
        // `SettingsDomain.key(stored:)` rejects a key that does not begin with the domain's
        // bytes before comparing characters: right only while no other spelling equals a name
        // (lower-case ASCII letters have none; `K` has the Kelvin sign).
        for domain in SettingsCatalog.domains {
            XCTAssertTrue(domain.name.utf8.allSatisfy { (0x61...0x7A).contains($0) || $0 == 0x2D }, domain.name)
        }
        XCTAssertNotNil(SettingsCatalog.key(stored: "budget.limit.食費"))
        XCTAssertNil(SettingsCatalog.key(stored: "budget\u{301}.limit.食費"), "an accent joins the name's last letter")
        XCTAssertNil(SettingsCatalog.key(stored: "budget.\u{301}limit.食費"), "an accent joins the dot")
    }

    /// The limits are read in one pass over the keys (`storedValues(prefixed:)`): the same
    /// limits, in the same order, as looking up each key the domain takes; keys it does not take
    /// (a mark joining the dot, a category no file may hold, another domain's) are left out.
    func testLimits_ReadInOnePass_AreThoseTheDomainsKeysGive() throws {
        let limit = try XCTUnwrap(SpendingLimit(stored: .int(1000)))
        var values: [String: StoredSetting] = ["budget.total-limit": .int(5000), "display.currency": .string("JPY")]
        for category in ["食費", "food", "Food", "が", "ｶﾞ", "家賃", "e\u{301}", "\u{301}x", " ", "a\u{0}b"] {
            values["budget.limit." + category] = .int(1000)
        }
        values["budget.limit.broken"] = .string("not a limit")
        values["budget.limits.x"] = .int(1000)
        let settings = Settings<BudgetKeys>(storage: SettingsValues(values))
        let domainKeys = settings.setKeys.compactMap { key -> String? in
            guard let short = SettingsCatalog.key(stored: key)?.name, short.hasPrefix("limit.") else { return nil }
            return String(short.dropFirst("limit.".count))
        }.sorted()
        XCTAssertEqual(settings.limitedCategories, domainKeys)
        XCTAssertEqual(settings.limitedCategories, ["Food", "broken", "food", "e\u{301}", "が", "家賃", "食費", "ｶﾞ"])
        XCTAssertEqual(settings.limits.map(\.scope), settings.limitedCategories.filter { $0 != "broken" }.map {
            LimitScope.category($0)
        } + [.total])
        XCTAssertTrue(settings.limits.dropLast().allSatisfy { $0.limit == limit })
        // The protocol's own reading (by `storedKeys`) gives the same pairs.
        let generic = RecordingStorage(values: values)
        XCTAssertEqual(
            Set(generic.storedValues(prefixed: "budget.limit.").map(\.key)),
            Set(SettingsValues(values).storedValues(prefixed: "budget.limit.").map(\.key)))
    }

    func testSettings_ReadDefaultsAndWriteTypedValuesThroughInjectedStorage() throws {
        var display = Settings<DisplayKeys>(storage: RecordingStorage())
        XCTAssertEqual(display[DisplayKeys.color], .auto)
        XCTAssertNil(display[DisplayKeys.currency])
        display[DisplayKeys.color] = .never
        display[DisplayKeys.currency] = Currency(code: "EUR")
        XCTAssertEqual(display[DisplayKeys.color], .never)
        XCTAssertEqual(display[DisplayKeys.currency]?.code, "EUR")
        let storage = try XCTUnwrap(display.storage as? RecordingStorage)
        XCTAssertEqual(storage.writes, ["display.color", "display.currency"])
        XCTAssertEqual(storage.values["display.color"], .string("never"))
        // The domain restriction is the API's shape: `display[BudgetKeys.limit("food")]` does not
        // compile, because the subscript only takes `SettingKey<DisplayKeys, _>`.
    }

    func testSettings_RefuseARawKeyOfAnotherDomain() {
        var display = Settings<DisplayKeys>(storage: SettingsValues())
        let context = SettingContext(currency: nil)
        XCTAssertThrowsError(try display.setText("40000", forKey: "budget.limit.food", context: context)) { error in
            XCTAssertEqual(error as? SettingsError, .unknownKey("budget.limit.food", suggestion: nil))
        }
        XCTAssertThrowsError(try display.setText("never", forKey: "display.colour", context: context))
        XCTAssertNoThrow(try display.setText("never", forKey: "display.color", context: context))
        XCTAssertEqual(display[DisplayKeys.color], .never)
    }

    func testSettings_RejectValuesOfTheWrongKind() {
        var display = Settings<DisplayKeys>(storage: SettingsValues())
        let context = SettingContext(currency: nil)
        XCTAssertThrowsError(try display.setText("sometimes", forKey: "display.color", context: context)) { error in
            XCTAssertEqual(error as? ValueError, .invalidSetting("sometimes", expected: "auto, always or never"))
        }
        XCTAssertThrowsError(try display.setText("XYZ", forKey: "display.currency", context: context))
        var budget = Settings<BudgetKeys>(storage: SettingsValues())
        XCTAssertThrowsError(try budget.setText("-5", forKey: "budget.limit.food", context: context))
        XCTAssertThrowsError(try budget.setText("12.5", forKey: "budget.limit.food", context: context))
        XCTAssertNoThrow(
            try budget.setText(
                "12.5", forKey: "budget.limit.food", context: SettingContext(currency: Currency(code: "USD"))))
        XCTAssertEqual(budget[BudgetKeys.limit("food")], try SpendingLimit(monthly: 1_250))
    }

    func testPlainValueTypes_ParseStoreAndShow() throws {
        XCTAssertEqual(try LabelSetting(settingText: " 食費\u{200B}", context: SettingContext(currency: nil)), "食費")
        XCTAssertThrowsError(try LabelSetting(settingText: "a\u{1B}b"))
        XCTAssertEqual(LabelSetting(stored: .string(" food")), " food", "the file rule, not the input rule")
        XCTAssertNil(LabelSetting(stored: .int(7)))
        XCTAssertEqual(LabelSetting(stringLiteral: "x").settingText, "x")
        XCTAssertEqual(try ColorMode(settingText: "never"), .never)
        XCTAssertEqual(try Optional<Currency>(settingText: "none", context: SettingContext(currency: nil)), .none)
        XCTAssertEqual(DateFormat.monthFirst.format(Day(iso: "2026-11-21")!), "11/21/2026")
    }

    func testEverySetting_RoundTripsThroughTheFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "budget-settings-\(UUID().uuidString).json").path
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: path + ".lock")
        }
        let store = JSONFileStore(path: path)
        try store.transaction { document in
            try document.setCurrency(Currency(code: "KWD"), rescale: false)
            document[settings: DisplayKeys.self][DisplayKeys.color] = .always
            document[settings: DisplayKeys.self][DisplayKeys.dateFormat] = .dayFirst
            document[settings: ExpenseKeys.self][ExpenseKeys.defaultCategory] = "食費"
            document[settings: BudgetKeys.self][BudgetKeys.limit("住居")] = try SpendingLimit(monthly: 80_000_000)
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("""
          "settings" : {
            "budget.limit.住居" : 80000000,
            "display.color" : "always",
            "display.currency" : "KWD",
            "display.date-format" : "dmy",
            "expense.default-category" : "食費"
          }
        """), text)
        let document = try store.load()
        XCTAssertEqual(document[settings: DisplayKeys.self][DisplayKeys.currency]?.code, "KWD")
        XCTAssertEqual(document[settings: DisplayKeys.self][DisplayKeys.color], .always)
        XCTAssertEqual(document[settings: DisplayKeys.self][DisplayKeys.dateFormat], .dayFirst)
        XCTAssertEqual(document[settings: ExpenseKeys.self][ExpenseKeys.defaultCategory], "食費")
        XCTAssertEqual(
            document[settings: BudgetKeys.self][BudgetKeys.limit("住居")], try SpendingLimit(monthly: 80_000_000))
        _ = try store.transaction { try $0.undoLastChange() }
        XCTAssertEqual(try store.load().settingsValues, SettingsValues(), "one transaction, one undo step")
    }

    func testCurrencyChange_IsRefusedOnANonEmptyBudgetUnlessRescaled() throws {
        var document = BudgetDocument()
        try document.expenses.add { Expense(id: $0, name: "Lunch", amount: 1_234, date: day) }
        document[settings: BudgetKeys.self][BudgetKeys.limit("food")] = try SpendingLimit(monthly: 40_000)
        let before = document
        XCTAssertThrowsError(try document.setCurrency(Currency(code: "USD"), rescale: false)) { error in
            XCTAssertEqual(error as? SettingsError, .currencyChangeNeedsRescale(from: "none", to: "USD"))
        }
        XCTAssertEqual(document, before)
        try document.setCurrency(Currency(code: "JPY"), rescale: false)  // both have no decimals
        try document.setCurrency(Currency(code: "USD"), rescale: true)
        XCTAssertEqual(document.expenses.records[0].amount, 123_400)
        XCTAssertEqual(
            document[settings: BudgetKeys.self][BudgetKeys.limit("food")], try SpendingLimit(monthly: 4_000_000))
        try document.setCurrency(Currency(code: "EUR"), rescale: false)  // same decimals
        try document.setCurrency(Currency(code: "KWD"), rescale: true)
        XCTAssertEqual(document.expenses.records[0].amount, 1_234_000)
        try document.setCurrency(nil, rescale: true)
        XCTAssertEqual(document.expenses.records[0].amount, 1_234)
    }

    func testRescale_RefusesInexactDivisionAndOverflow() throws {
        var document = BudgetDocument()
        try document.setCurrency(Currency(code: "USD"), rescale: false)
        try document.expenses.add { Expense(id: $0, name: "Coffee", amount: 450, date: day) }
        let before = document
        XCTAssertThrowsError(try document.setCurrency(Currency(code: "JPY"), rescale: true)) { error in
            XCTAssertEqual(error as? SettingsError, .cannotRescale(reason: "450 in USD has a fraction JPY cannot hold"))
        }
        XCTAssertEqual(document, before)
        document.expenses.records[0].amount = Int.max / 5
        XCTAssertThrowsError(try document.setCurrency(Currency(code: "KWD"), rescale: true))
    }

    /// The core API is all or nothing on its own, not only inside a store's transaction.
    func testRescale_ThatFailsHalfWayLeavesTheDocumentAsItWas() throws {
        var document = BudgetDocument()
        try document.setCurrency(Currency(code: "USD"), rescale: false)
        try document.incomes.add { Income(id: $0, name: "Salary", amount: 300_000, date: day) }
        try document.expenses.add { Expense(id: $0, name: "Coffee", amount: 450, date: day) }
        try document.expenses.add { Expense(id: $0, name: "Huge", amount: Int.max / 5, date: day) }
        document[settings: BudgetKeys.self][BudgetKeys.limit("food")] = try SpendingLimit(monthly: 40_000)
        let before = document
        XCTAssertThrowsError(try document.setCurrency(Currency(code: "KWD"), rescale: true))
        XCTAssertEqual(document, before)
    }

    func testMonthTotal_CountsOnlyTheCategoryInThatCalendarMonth() throws {
        var document = BudgetDocument()
        for (date, category, amount) in [
            ("2026-11-01", "food", 100), ("2026-11-30", "food", 200), ("2026-12-01", "food", 400),
            ("2025-11-15", "food", 800), ("2026-11-15", "rent", 1_600)
        ] {
            try document.expenses.add {
                Expense(id: $0, name: "x", amount: amount, category: category, date: Day(iso: date)!)
            }
        }
        XCTAssertEqual(try document.monthTotal(category: "food", month: Day(iso: "2026-11-20")!), 300)
    }
}
