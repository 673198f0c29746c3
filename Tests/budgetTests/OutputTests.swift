import XCTest
@testable import budget

final class OutputTests: XCTestCase {
    func testDisplayWidth_CountsWideCharactersTwiceAndMarksZero() {
        XCTAssertEqual(DisplayWidth.of("Lunch"), 5)
        XCTAssertEqual(DisplayWidth.of("家賃"), 4)
        XCTAssertEqual(DisplayWidth.of("食費（スーパー）"), 16)
        XCTAssertEqual(DisplayWidth.of("ｶﾀｶﾅ"), 4, "halfwidth katakana is narrow")
        XCTAssertEqual(DisplayWidth.of("한국"), 4)
        XCTAssertEqual(DisplayWidth.of("🍣"), 2)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1, "a combining accent adds no width")
        XCTAssertEqual(DisplayWidth.of("é"), 1)
    }

    func testDisplayWidth_QuickPathAgreesWithCharacterByCharacter() {
        // Plain ASCII and plain CJK text are measured from their scalars; anything that could
        // join into one character (combining sound and tone marks, variation selectors) or take
        // no room (controls, escapes) must still be measured character by character.
        let samples = [
            "Lunch 12345", "家賃", "スーパー 123", "食費（昼）", "\u{3000}全角", "か\u{3099}", "ハ\u{309A}", "漢\u{302A}",
            "〜〰〽", "ＡＢＣ１２３", "a\tb", "\u{1B}[1mbold\u{1B}[0m", "☺\u{FE0F}", "葛\u{E0100}", "", " ",
        ]
        for sample in samples {
            let slow = sample.reduce(0) { $0 + DisplayWidth.of($1) }
            let expected = sample.contains("\u{1B}") ? 4 : slow
            XCTAssertEqual(DisplayWidth.of(sample), expected, sample.debugDescription)
        }
        XCTAssertEqual(DisplayWidth.of("か\u{3099}"), 2, "a voiced sound mark joins the kana before it")
        XCTAssertEqual(DisplayWidth.of("ｶﾀｶﾅ 家賃"), 9)
    }

    func testDisplayWidth_HalfWidthSoundMarksTakeAColumn() {
        // U+FF9E and U+FF9F extend the grapheme before them but are drawn in a column of their own.
        XCTAssertEqual(DisplayWidth.of("ｾﾌﾞﾝ"), 4)
        XCTAssertEqual(DisplayWidth.of("ﾊﾟﾝ"), 3)
        XCTAssertEqual(DisplayWidth.of("ｾﾌﾞﾝ\u{301}"), 4, "the slow path counts them too")
        XCTAssertEqual("ﾌﾞ".reduce(0) { $0 + DisplayWidth.of($1) }, 2)
    }

    func testTextTable_PadsByDisplayWidthAndRightAlignsNumbers() {
        var table = TextTable(columns: [.init(title: "NAME", alignment: .left), .init(title: "AMOUNT", alignment: .right)])
        table.rows = [["家賃", "80,000"], ["Lunch", "900"]]
        table.footers = [.init(label: "Total", value: "80,900", column: 1)]
        XCTAssertEqual(table.render(), """
        NAME   AMOUNT
        家賃   80,000
        Lunch     900
        Total  80,900

        """)
    }

    func testTextTable_LeavesNoTrailingSpaces() {
        var table = TextTable(columns: [.init(title: "A", alignment: .left), .init(title: "NOTE", alignment: .left)])
        table.rows = [["x", ""]]
        XCTAssertFalse(table.render().contains(" \n"))
    }

    func testDelimitedText_EscapesTSVAndQuotesCSV() {
        XCTAssertEqual(DelimitedText.tsv([["a\tb", "c\nd", "e\\f", "g\rh"]]), "a\\tb\tc\\nd\te\\\\f\tg\\rh\n")
        XCTAssertEqual(DelimitedText.csv([["plain", "a,b", "say \"hi\"", "two\nlines"]]),
                       "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n")
    }
}
