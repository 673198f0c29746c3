import TestSupport
import XCTest
@testable import BudgetCore

/// What input (arguments, imports) may hold, beyond what a data file may.
final class InputRulesTests: XCTestCase {
    func testLabel_IsTrimmedOfSpaceAndInvisibleCharacters() throws {
        for text in ["food", " food", "food ", "\tfood\u{3000}", "\u{200B}food\u{FEFF}", "\u{2060} food \u{200D}"] {
            XCTAssertEqual(try FieldRules.label(text, field: "category"), "food", text.debugDescription)
        }
        XCTAssertEqual(try FieldRules.label(" 家 賃 ", field: "name"), "家 賃", "inner space stays")
        XCTAssertEqual(try FieldRules.label("❤️", field: "name"), "❤️", "a variation selector is not trimmed")
    }

    func testLabel_RefusesBlankInvisibleAndBidiControls() {
        for text in ["", "   ", "\u{200B}", "\u{200B}\u{FEFF}\u{2060}", "\u{3000}"] {
            XCTAssertThrowsError(try FieldRules.label(text, field: "name"), text.debugDescription) { error in
                XCTAssertEqual(error as? ValueError, .empty(field: "name"))
            }
        }
        for scalar in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let text = "abc\(Character(Unicode.Scalar(scalar)!))txt.exe"
            XCTAssertThrowsError(try FieldRules.label(text, field: "name")) { error in
                guard case .bidiControl? = error as? ValueError else { return XCTFail("\(error)") }
            }
            XCTAssertThrowsError(try FieldRules.note(text))
        }
    }

    /// The texts `label` takes as they are without the Unicode tables (`isPlainLabel`) are
    /// labels that the general rules leave unchanged too, and so are blank for neither.
    func testLabel_TextTakenAsItIsIsWhatTheGeneralRulesLeaveUnchanged() throws {
        // Scalars from the plain ranges, their edges and their neighbours: spaces, marks that
        // join the character before, invisible and bidirectional ones, controls.
        let scalars: [UInt32] = [
            0x20, 0x21, 0x41, 0x7E, 0x7F, 0x09, 0x0A, 0x00, 0x1F, 0xA0, 0x301, 0x3000, 0x3040, 0x3041, 0x304B,
            0x3099, 0x309A, 0x30FB, 0x30FC, 0x30FF, 0x3100, 0x3164, 0x33FF, 0x3400, 0x5BB6, 0x9FFF, 0xA000,
            0xFF00, 0xFF01, 0xFF10, 0xFF61, 0xFF70, 0xFF9E, 0xFF9F, 0xFFA0, 0x200B, 0x2066, 0x202E, 0xFE0F,
            0xFEFF, 0x1F600,
        ]
        var random = SeededGenerator(seed: 26)
        var plain = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...6, using: &random)
            var text = ""
            for _ in 0..<length {
                text.unicodeScalars.append(Unicode.Scalar(scalars.randomElement(using: &random) ?? 0x41) ?? "A")
            }
            // What an import reads: the general rules' answer, or the same error.
            let general = Result { () throws(ValueError) in
                FieldRules.isBlank(text) ? nil : try FieldRules.anyLabel(text, field: "name")
            }
            let read = Result { () throws(ValueError) in try FieldRules.labelOrBlank(text, field: "name") }
            XCTAssertEqual(read, general, text.debugDescription)
            guard FieldRules.isPlainLabel(text) else { continue }
            plain += 1
            XCTAssertEqual(try FieldRules.anyLabel(text, field: "name"), text, text.debugDescription)
        }
        XCTAssertGreaterThan(plain, 1_000, "the generator makes plain labels")
        // Every scalar of the plain ranges alone, and first before a letter.
        for value in UInt32(0x20)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(Character(scalar)), String(Character(scalar)) + "a"] {
                let unchanged = (try? FieldRules.anyLabel(text, field: "name")) == text
                if FieldRules.isPlainLabel(text) { XCTAssertTrue(unchanged, text.debugDescription) }
            }
        }
    }

    /// Controls found on the bytes are the scalars `isControl` names, in any company.
    func testControls_FoundOnTheBytesAreTheControlScalars() {
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "家"
            let isControl = FieldRules.isControl(scalar)
            XCTAssertEqual(FieldRules.hasControl(text, allowingTabsAndNewlines: false), isControl, "\(value)")
            XCTAssertEqual(
                FieldRules.hasControl(text, allowingTabsAndNewlines: true), isControl && value != 0x09 && value != 0x0A,
                "\(value)")
        }
        for text in ["", "家賃", "ｾﾌﾞﾝ", "\u{2027}\u{202A}", "\u{A0}\u{C0}\u{100}"] {
            XCTAssertFalse(FieldRules.hasControl(text, allowingTabsAndNewlines: false), text.debugDescription)
        }
        XCTAssertThrowsError(try FieldRules.checkNote("家賃\u{85}"))
        XCTAssertThrowsError(try FieldRules.checkLabel("家賃\u{2029}x", field: "name"))
        XCTAssertNoThrow(try FieldRules.checkNote("家賃\n\t2行目"))
    }

    func testMessages_QuoteAValueWithItsControlsEscapedAsTheCommandLineEscapesThem() {
        // NUL and U+0001 as every other message writes them (`\u{0}`, not `\0` nor `\u{01}`);
        // a quote and a backslash as they are.
        XCTAssertEqual(
            ValueError.controlCharacter(field: "name", value: "a\u{0}b\"c\\d\u{1}\te\u{9B}").description,
            #"the name 'a\u{0}b"c\d\u{1}\te\u{9B}' contains a control character"#)
        XCTAssertEqual(ValueError.invalidTag("a b").description.prefix(13), "the tag 'a b'")
    }

    func testLabel_BidiControlsAtTheEndsAreRefusedNotTrimmed() {
        for text in ["\u{2066}food\u{2069}", "\u{202E}food", "food\u{202C}", " \u{2067}food "] {
            XCTAssertThrowsError(try FieldRules.label(text, field: "category"), text.debugDescription) { error in
                guard case .bidiControl? = error as? ValueError else { return XCTFail("\(error)") }
            }
        }
        XCTAssertEqual(
            try FieldRules.label("\u{200B} food \u{FEFF}", field: "category"),
            "food",
            "other invisible characters are still trimmed")
    }

    /// A label that starts with a mark joining the character before it is refused as input: a
    /// limit on such a category was saved under a key that no longer started with
    /// `budget.limit.` (the dot and the mark are one character), and refused as an unknown setting.
    func testLabel_RefusesAStartThatJoinsTheCharacterBefore() throws {
        for text in ["\u{301}x", " \u{3099}か", "\u{FF9E}ｶ", "\u{93F}क", "\u{20DD}x", "\u{FE0F}x"] {
            XCTAssertThrowsError(try FieldRules.label(text, field: "category"), text.debugDescription) { error in
                guard case .leadingMark(field: "category", _)? = error as? ValueError else {
                    return XCTFail("\(error)")
                }
                XCTAssertTrue("\(error)".contains("starts with a combining mark (U+"), "\(error)")
                XCTAssertFalse("\(error)".contains("(U+301)"), "four digits at least")
            }
        }
        for text in ["x\u{301}", "e\u{301}", "が", "ｶﾞ", "❤️", "・x", "ー", "々"] {
            XCTAssertEqual(try FieldRules.label(text, field: "category"), text, text.debugDescription)
        }
        XCTAssertNoThrow(try FieldRules.checkLabel("\u{301}x", field: "category"), "a file holding one still opens")
        // An emoji's skin tone joins too: an account so named was refused only when written.
        XCTAssertThrowsError(try FieldRules.accountName("\u{1F3FB}x"))
        XCTAssertEqual(try FieldRules.label("👍\u{1F3FB}", field: "category"), "👍\u{1F3FB}")
        var document = BudgetDocument()
        XCTAssertThrowsError(try document.addExpense(name: "x", amount: 1, category: "\u{301}x", date: Day.today()))
        XCTAssertThrowsError(try FieldRules.tag("\u{301}x"))
    }

    /// Every scalar that would join the dot of a setting key (`account.<name>`,
    /// `budget.limit.<category>`) is, at the start of a label, refused or trimmed: no label can
    /// make a key that the settings reader splits elsewhere.
    func testLabel_NoScalarAtItsStartJoinsTheDotOfASettingKey() {
        var joining: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar)) + "x"
            guard ("." + text).count == text.count else { continue }  // the dot and the scalar are one
            if let label = try? FieldRules.label(text, field: "category"), ("." + label).count == label.count {
                joining.append("U+" + String(value, radix: 16, uppercase: true))
            }
        }
        XCTAssertEqual(joining, [], "labels that join the dot before them")
    }

    func testImportRows_TheRowThatWouldMakeTheTotalTooLargeIsNamed() throws {
        var document = BudgetDocument()
        try document.expenses.add {
            Expense(id: $0, name: "Big", amount: Int.max - 10, category: "x", date: Day(iso: "2026-11-01")!)
        }
        let day = Day(iso: "2026-11-02")!
        let rows = [
            ImportedRow(line: 2, name: "a", amount: 10, date: day, category: "x", note: nil),
            ImportedRow(line: 3, name: "b", amount: 1, date: day, category: "x", note: nil),
        ]
        XCTAssertThrowsError(try document.importRows(rows, kind: .expense, skipDuplicates: false)) { error in
            XCTAssertEqual((error as? ImportError)?.line, 3)
            XCTAssertEqual((error as? ImportError)?.column, "amount")
        }
        XCTAssertEqual(document.expenses.count, 1, "nothing was imported")
        XCTAssertEqual(
            try document.importRows(rows, kind: .income, skipDuplicates: false).ids.count,
            2,
            "each kind has its own total")
    }

    /// Files written by earlier versions keep opening: the data-file rule is unchanged.
    func testWhiteSpace_IsWhatUnicodesTablesSay_ForEveryScalar() {
        // The check looks up only the scalars that could be white space: every other one must not be.
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if FieldRules.isWhiteSpace(scalar) != scalar.properties.isWhitespace { differing.append(value) }
        }
        XCTAssertEqual(differing, [])
        XCTAssertThrowsError(try FieldRules.checkTag("旅行\u{3000}2026"))
        XCTAssertThrowsError(try FieldRules.checkTag("a\u{A0}b"))
        XCTAssertNoThrow(try FieldRules.checkTag("旅行"))
    }

    func testCheckLabel_StillAcceptsWhatEarlierVersionsWrote() throws {
        for text in [" food", "food ", "a\u{202E}b"] {
            XCTAssertNoThrow(try FieldRules.checkLabel(text, field: "category"), text.debugDescription)
        }
    }

    func testAmount_AcceptsWhatAJapaneseIMETypes() throws {
        let none = MoneyFormat(currency: nil), yen = MoneyFormat(currency: Currency(code: "JPY"))
        for format in [none, yen] {
            for text in ["１２,３４５", "１２，３４５", "￥12,345", "¥12,345", "12,345円", "￥１２，３４５円", " 12345 ", "１２_３４５"] {
                XCTAssertEqual(try format.parse(text), 12_345, "\(format.currency?.code ?? "none") \(text)")
            }
        }
        XCTAssertEqual(try MoneyFormat(currency: Currency(code: "USD")).parse("１２．５"), 1_250)
    }

    func testAmount_ReasonsFitTheCase() {
        func reason(_ code: String?, _ text: String) -> String? {
            do {
                _ = try MoneyFormat(currency: code.flatMap(Currency.init(code:))).parse(text)
                return nil
            } catch {
                guard case .invalidAmount(_, let reason) = error else { return nil }
                return reason
            }
        }
        XCTAssertEqual(reason(nil, "abc"), "an amount is a whole number such as 1200", "no decimals without a currency")
        XCTAssertEqual(reason("USD", "abc"), "an amount is a number such as 1200 or 12.50")
        XCTAssertEqual(reason("USD", "€5"), "this budget's currency is USD, not EUR")
        XCTAssertEqual(reason("USD", "¥5"), "this budget's currency is USD, not JPY")
        XCTAssertEqual(reason("USD", "5円"), "this budget's currency is USD, not JPY")
        XCTAssertEqual(
            reason(nil, "€5"),
            "no currency is set, so amounts are plain numbers (set display.currency to EUR for € amounts)")
        XCTAssertEqual(reason("USD", "5."), "expected digits after the decimal point")
        XCTAssertEqual(reason("USD", "5.123"), "USD amounts have at most 2 decimals")
        XCTAssertEqual(reason(nil, "－5"), "amounts cannot be negative")
        XCTAssertEqual(reason(nil, "99999999999999999999"), "the number is too large")
        XCTAssertThrowsError(try MoneyFormat.precheck("abc")) { error in
            XCTAssertEqual(error as? ValueError, .invalidAmount("abc", reason: "an amount is a number such as 1200"))
        }
    }

    func testDay_AcceptsFullWidthDigits() throws {
        XCTAssertEqual(try FieldRules.parseDay("２０２６－１１－２２"), Day(iso: "2026-11-22"))
        XCTAssertEqual(try FieldRules.parseDay(" 2026-11-22 "), Day(iso: "2026-11-22"))
        XCTAssertThrowsError(try FieldRules.parseDay("２０２６－１３－０１"))
    }

    func testDay_AcceptsSlashesDotsAndShortMonthsLikeStatementsWriteThem() throws {
        for text in ["2026/11/22", "2026.11.22", "２０２６／１１／２２", "2026/11/22 ", "TODAY"] where text != "TODAY" {
            XCTAssertEqual(try FieldRules.parseDay(text), Day(iso: "2026-11-22"), text)
        }
        XCTAssertEqual(try FieldRules.parseDay("2026/1/5"), Day(iso: "2026-01-05"))
        XCTAssertEqual(try FieldRules.parseDay("Today"), Day.today())
        for text in [
            "2026/11-22", "26/11/22", "2026/111/2", "2026//22", "2026-11-22x", "2026 11 22", "-2026-11-22", "2026/+1/2"
        ] {
            XCTAssertThrowsError(try FieldRules.parseDay(text), text) {
                XCTAssertEqual($0 as? ValueError, .invalidDay(text))
            }
        }
    }

    func testDay_AWellWrittenDayTheCalendarLacksIsNotADay() throws {
        for (text, reason) in [
            ("2025-02-29", "2025 is not a leap year"), ("2026/04/31", "April has 30 days"),
            ("2026-13-01", "months run from 01 to 12"),
            ("2026-00-10", "months run from 01 to 12"), ("2026-11-00", "days of the month run from 01"),
            ("0000-01-01", "years run from 0001 to 9999"),
            ("2100-02-29", "2100 is not a leap year"), ("2026-02-30", "February has 28 days"),
        ] {
            XCTAssertThrowsError(try FieldRules.parseDay(text), text) {
                XCTAssertEqual($0 as? ValueError, .notADay(text, reason: reason))
            }
        }
        XCTAssertEqual(try FieldRules.parseDay("2024-02-29"), Day(iso: "2024-02-29"))
        XCTAssertThrowsError(try FieldRules.isoDay("2025-02-29")) {
            XCTAssertEqual($0 as? ValueError, .notADay("2025-02-29", reason: "2025 is not a leap year"))
        }
        XCTAssertEqual(
            ValueError.notADay("2025-02-29", reason: "2025 is not a leap year").description,
            "'2025-02-29' is not a day: 2025 is not a leap year")
    }

    func testMonthStart_AcceptsFullWidthDigits() throws {
        XCTAssertEqual(try MonthStartDay(settingText: "５").day, 5)
        XCTAssertEqual(try MonthStartDay(settingText: "２５").day, 25)
        XCTAssertThrowsError(try MonthStartDay(settingText: "２９"))
    }

    func testTotals_EachKindMustAddUpWithinSixtyFourBits() throws {
        let day = Day(iso: "2026-11-22")!
        let store = InMemoryStore()
        try store.add(Expense.self) { Expense(id: $0, name: "A", amount: Int.max, date: day) }
        XCTAssertThrowsError(
            try store.add(Expense.self) { Expense(id: $0, name: "B", amount: 1, date: day) }
        ) { error in
            XCTAssertEqual(error as? BudgetError, .totalTooLarge(.expense))
        }
        XCTAssertEqual(try store.load().expenses.count, 1)
        try store.add(Income.self) { Income(id: $0, name: "Salary", amount: Int.max, date: day) }
        XCTAssertNoThrow(try Summary(document: try store.load(), query: RecordQuery()))
        XCTAssertThrowsError(try store.transaction { document in
            document[settings: BudgetKeys.self][BudgetKeys.limit("food")] = try SpendingLimit(
                monthly: BudgetDocument.maximumLimit + 1)
        })
        try store.transaction { document in
            document[settings: BudgetKeys.self][BudgetKeys.limit("food")] = try SpendingLimit(
                monthly: BudgetDocument.maximumLimit)
        }
    }
}
