import XCTest
@testable import BudgetCore

final class TextFoldingTests: XCTestCase {
    private func fold(_ text: String) -> String { TextFolding.folded(text) }

    func testHalfWidthKatakana_BecomeFullWidthWithTheirSoundMarksJoined() {
        // A hyphen after a katakana is the long vowel mark banks write it for.
        XCTAssertEqual(fold("ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ"), "セブンーイレブン")
        XCTAssertEqual(fold("ラクテンカ－ト゛サ－ヒ゛ス"), fold("ﾗｸﾃﾝｶｰﾄﾞｻｰﾋﾞｽ"))
        XCTAssertEqual(fold("ラクテンカ－ト゛"), "ラクテンカード")
        XCTAssertEqual(TextFolding.widthFolded("ｶｰﾄﾞ-1"), "カード-1", "names keep their hyphens")
        XCTAssertEqual(fold("A-1 ゛"), "a-1 ゛", "a hyphen after no katakana, a mark after no kana, stay")
        XCTAssertEqual(fold("ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ"), fold("セブン-イレブン"))
        XCTAssertEqual(fold("ﾎﾟｲﾝﾄ"), "ポイント")
        XCTAssertEqual(fold("ｶﾞ"), "ガ")
        XCTAssertEqual(fold("ﾊﾟﾋﾟﾌﾟﾍﾟﾎﾟ"), "パピプペポ")
        XCTAssertEqual(fold("ﾊﾞﾋﾞﾌﾞﾍﾞﾎﾞ"), "バビブベボ")
        XCTAssertEqual(fold("ｳﾞｧｲｵﾘﾝ"), "ヴァイオリン")
        XCTAssertEqual(fold("ﾜﾞｦﾞ"), "ヷヺ")
        XCTAssertEqual(fold("ｯｬｭｮｧｨｩｪｫｰ"), "ッャュョァィゥェォー")
        XCTAssertEqual(fold("｢ｶｰﾄﾞ｣､ｱｲｳ･ｴｵ｡"), "「カード」、アイウ・エオ。")
        XCTAssertEqual(fold("ﾀﾞﾁﾞﾂﾞﾃﾞﾄﾞ"), "ダヂヅデド")
        XCTAssertEqual(fold("ｻﾞｼﾞｽﾞｾﾞｿﾞ"), "ザジズゼゾ")
    }

    func testEveryHalfWidthKatakana_HasAFullWidthForm() {
        for value in UInt32(0xFF61)...0xFF9D {
            let folded = fold(String(Character(Unicode.Scalar(value)!)))
            XCTAssertEqual(folded.unicodeScalars.count, 1, String(value, radix: 16))
            XCTAssertTrue(
                folded.unicodeScalars.allSatisfy { (0x3000...0x30FF).contains($0.value) }, String(value, radix: 16))
        }
    }

    func testSoundMarks_ThatCannotJoinStayAsCombiningMarks() {
        XCTAssertEqual(fold("ｱﾞ"), "ア\u{3099}", "ア has no voiced form")
        XCTAssertEqual(fold("ｶﾟ"), "カ\u{309A}", "カ has no semi-voiced form")
        XCTAssertEqual(fold("ﾞ"), "\u{3099}")
        XCTAssertEqual(fold("ｶ ﾞ"), "カ \u{3099}", "a space keeps them apart")
        XCTAssertEqual(fold("Aﾞ"), "a\u{3099}")
    }

    func testCombiningSoundMarks_JoinFullWidthKanaAndHiragana() {
        XCTAssertEqual(fold("カ\u{3099}"), "ガ")
        XCTAssertEqual(fold("ハ\u{309A}"), "パ")
        XCTAssertEqual(fold("か\u{3099}"), "が")
        XCTAssertEqual(fold("う\u{3099}"), "ゔ")
        XCTAssertEqual(fold("ウ\u{3099}"), "ヴ")
        XCTAssertEqual(fold("ヽ\u{3099}"), "ヾ")
        XCTAssertEqual(fold("セブン"), "セブン", "hiragana and katakana stay distinct from each other")
        XCTAssertNotEqual(fold("せぶん"), fold("セブン"))
    }

    func testFullWidthASCII_BecomesASCIIAndCaseIsFolded() {
        XCTAssertEqual(fold("ＡＭＡＺＯＮ．ＣＯ．ＪＰ"), "amazon.co.jp")
        XCTAssertEqual(fold("ＡＭＡＺＯＮ"), fold("amazon"))
        XCTAssertEqual(fold("Amazon"), "amazon")
        XCTAssertEqual(fold("１２３－４５６"), "123-456")
        XCTAssertEqual(fold("￥１，０００"), "¥1,000")
        XCTAssertEqual(fold("−5"), "-5", "the minus sign becomes a hyphen-minus, as HalfWidth.plain does")
        XCTAssertEqual(fold("ÉCOLE Straße ΣΟΦΙΑ"), "école straße σοφια")
        XCTAssertEqual(fold("ＧＩＴＨＵＢ， ＩＮＣ．"), "github, inc.")
    }

    func testSpace_RunsBecomeOneAndTheEndsAreTrimmed() {
        XCTAssertEqual(fold("Ａ\u{3000}Ｂ"), "a b")
        XCTAssertEqual(fold("Ａ\u{3000}Ｂ"), fold("a b"))
        XCTAssertEqual(fold("  a \t\n b\u{3000}\u{3000}c  "), "a b c")
        XCTAssertEqual(fold("ｶｰﾄﾞ\u{3000} ﾗｸﾃﾝｶｰﾄﾞ"), "カード ラクテンカード")
        XCTAssertEqual(fold("a\u{00A0}b"), "a b", "a no-break space is space")
        XCTAssertEqual(fold("   "), "")
        XCTAssertEqual(fold(""), "")
    }

    func testFolding_IsIdempotentAndTheBytesAreTheString() {
        let samples = ["ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ 新宿店", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", "ﾎﾟｲﾝﾄ\u{3000}ｼﾞｭｳﾄｳ", "Ünïcödé  Ｔｅｘｔ 🍣", "家賃", "ﾞﾟ"]
        for sample in samples {
            let once = fold(sample)
            XCTAssertEqual(fold(once), once, sample)
            XCTAssertEqual(TextFolding.foldedUTF8(sample), Array(once.utf8), sample)
        }
    }

    func testHalfWidthPlain_KeepsItsTable() {
        XCTAssertEqual(HalfWidth.plain("１２，３４５"), "12,345")
        XCTAssertEqual(HalfWidth.plain("２０２６－１１－２２"), "2026-11-22")
        XCTAssertEqual(HalfWidth.plain("￥\u{3000}−1"), "¥ -1")
        XCTAssertEqual(HalfWidth.plain("ｶﾞ"), "ｶﾞ", "plain leaves katakana alone")
    }

    // MARK: Search

    /// `--search` folds as rules do: width, kana sound marks, case and spaces, on both sides.
    func testSearch_FoldsLikeRules() throws {
        let cases: [(String, String, Bool)] = [
            ("セブン", "ｾﾌﾞﾝｲﾚﾌﾞﾝ", true), ("ｾﾌﾞﾝ", "セブン-イレブン 新宿店", true), ("amazon", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", true),
            ("ＡＭＡＺＯＮ", "www.amazon.co.jp", true), ("snack", "Snack bar", true), ("CAFÉ", "café", true),
            ("a b", "A\u{3000}\u{3000}B", true), ("a b", "a\tb", true), ("a b", "a  b", true), ("ab", "a b", false),
            ("せぶん", "セブン", false), ("ﾊﾟ", "バ", false), ("x", "", false), ("lunch", "Lunch at noon", true),
            ("noon", " lunch at noon ", true), ("セ", "ｾ", true),
        ]
        for (needle, haystack, expected) in cases {
            let search = try XCTUnwrap(TextSearch(needle), needle)
            XCTAssertEqual(search.isFound(in: haystack), expected, "\(needle) in \(haystack.debugDescription)")
            XCTAssertEqual(
                search.isFound(in: haystack),
                TextFolding.folded(haystack).contains(TextFolding.folded(needle)),
                "\(needle) in \(haystack.debugDescription)")
        }
        XCTAssertNil(TextSearch(" \u{3000} "), "a needle that folds to nothing filters nothing")
        // A hyphen after a katakana folds to the long vowel mark; a needle's first hyphen has
        // nothing before it, so both readings are looked for (it found nothing in ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ).
        for (needle, haystack, expected) in [
            ("-ｲﾚﾌﾞﾝ", "ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", true), ("-", "ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", true), ("－イレブン", "セブン‐イレブン", true),
            ("-イレブン", "セブンーイレブン", true), ("-x", "a-x", true), ("-x", "カーx", true),
            ("-y", "ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", false),
            ("ン-イ", "ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", true), ("-ｲﾚﾌﾞﾝ", "ｾﾌﾞﾝｲﾚﾌﾞﾝ", false),
        ] {
            let search = try XCTUnwrap(TextSearch(needle))
            XCTAssertEqual(search.isFound(in: haystack), expected, "\(needle) in \(haystack)")
        }
        var query = RecordQuery()
        query.search = "セブン"
        let day = try XCTUnwrap(Day(iso: "2026-11-21"))
        XCTAssertTrue(query.matches(Expense(id: "00000001", name: "ｾﾌﾞﾝｲﾚﾌﾞﾝ", amount: 1, date: day), category: "food"))
    }
}
