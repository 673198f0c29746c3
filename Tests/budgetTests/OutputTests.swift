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
