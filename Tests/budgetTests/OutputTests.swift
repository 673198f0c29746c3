import XCTest
import BudgetCore
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

    func testDisplayWidth_QuickPathAgreesForEveryScalar_AloneAndBeforeAMark() {
        // Every scalar of the first planes, alone and followed by a combining accent (which joins
        // it): the quick path's ranges must measure what the character-by-character path does.
        var disagreeing: [String] = []
        for value in UInt32(0x20)...0x3_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let alone = String(scalar)
            if DisplayWidth.of(alone) != DisplayWidth.of(Character(scalar)) {
                disagreeing.append(alone.debugDescription)
            }
            let marked = alone + "\u{301}x"
            if value != 0x1B, DisplayWidth.of(marked) != marked.reduce(0, { $0 + DisplayWidth.of($1) }) {
                disagreeing.append(marked.debugDescription)
            }
        }
        XCTAssertEqual(disagreeing.prefix(20), [])
        XCTAssertEqual(DisplayWidth.of("¥12,345"), 7)
        XCTAssertEqual(DisplayWidth.of("食費 ████▍"), 10)
        XCTAssertEqual(DisplayWidth.of("a\u{AD}b"), 2, "a soft hyphen takes no column")
    }

    func testDisplayWidth_HalfWidthSoundMarksTakeAColumn() {
        // U+FF9E and U+FF9F extend the grapheme before them but are drawn in a column of their own.
        XCTAssertEqual(DisplayWidth.of("ｾﾌﾞﾝ"), 4)
        XCTAssertEqual(DisplayWidth.of("ﾊﾟﾝ"), 3)
        XCTAssertEqual(DisplayWidth.of("ｾﾌﾞﾝ\u{301}"), 4, "the slow path counts them too")
        XCTAssertEqual("ﾌﾞ".reduce(0) { $0 + DisplayWidth.of($1) }, 2)
    }

    func testTextTable_PadsByDisplayWidthAndRightAlignsNumbers() {
        var table = TextTable(
            columns: [.init(title: "NAME", alignment: .left), .init(title: "AMOUNT", alignment: .right)])
        table.rows = [["家賃", "80,000"], ["Lunch", "900"]]
        table.footers = [.init(label: "Total", value: "80,900", column: 1)]
        XCTAssertEqual(table.render(), """
        NAME   AMOUNT
        家賃   80,000
        Lunch     900
        Total  80,900

        """)
    }

    func testTextTable_EscapesWhatWouldDriveOrReorderTheTerminal() {
        // A category from a file edited by hand: a right-to-left override, a byte-order mark, an
        // escape; the columns still line up, by the escapes' widths.
        var table = TextTable(
            columns: [.init(title: "CATEGORY", alignment: .left), .init(title: "SPENT", alignment: .right)])
        table.rows = [["a\u{202E}b", "1"], ["\u{FEFF}x\u{1B}[2J", "22"], ["食費", "333"], ["\u{200F}שלום", "0"]]
        table.footers = [.init(label: "Total\u{2066}", value: "356", column: 1)]
        XCTAssertEqual(table.render(), """
        CATEGORY            SPENT
        a\\u{202E}b              1
        \\u{FEFF}x\\u{1B}[2J     22
        食費                  333
        \u{200F}שלום                    0
        Total\\u{2066}         356

        """)
        let rendered = table.render().split(separator: "\n").map(String.init)
        XCTAssertEqual(table.measuredLines().texts, Array(rendered.dropLast()), "the footer is not measured")
        for scalar in (UInt32(0)...0x10_FFFF).compactMap(Unicode.Scalar.init) {
            XCTAssertEqual(
                TerminalText.needsEscaping("a" + String(scalar)), TerminalText.isUnsafe(scalar), String(scalar.value))
        }
    }

    func testTerminalText_InvisibleScalarsAreShownButJoinersStay() {
        // A zero-width space, a soft hyphen, a word joiner: invisible, so a message would say
        // `unknown subcommand 'summary'` for what is not `summary`.
        XCTAssertEqual(TerminalText.escaped("summ\u{200B}ary"), "summ\\u{200B}ary")
        XCTAssertEqual(TerminalText.escaped("a\u{00AD}b\u{2060}c\u{FFF9}"), "a\\u{AD}b\\u{2060}c\\u{FFF9}")
        XCTAssertEqual(TerminalText.escapedInTable("食\u{200B}費"), "食\\u{200B}費")
        // Joiners belong to emoji and to words of some scripts: shown as they are.
        for text in ["👨\u{200D}👩\u{200D}👧", "می\u{200C}خواهم", "क्\u{200D}ष"] {
            XCTAssertEqual(TerminalText.escaped(text), text)
            XCTAssertEqual(TerminalText.escapedInTable(text), text)
        }
    }

    func testTextTable_MeasuredLinesAreRenderedLinesWithTheirWidths() {
        var table = TextTable(columns: [
            .init(title: "NAME", alignment: .left), .init(title: "AMOUNT", alignment: .right),
            .init(title: "NOTE", alignment: .left),
        ])
        table.rows = [
            ["家賃", "¥80,000", ""], ["Lunch", "", "ｾﾌﾞﾝ "], ["", "¥900", "e\u{301}"], ["ＡＭＡＺＯＮ ", "", ""],
        ]
        let lines = table.measuredLines()
        XCTAssertEqual(lines.texts.joined(separator: "\n") + "\n", table.render())
        XCTAssertEqual(lines.widths, lines.texts.map(DisplayWidth.of))
        XCTAssertEqual(lines.widths, [28, 22, 28, 25, 12])
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
        // A note shown on a table row takes TSV's escapes, but not the guard files get: a table
        // showed `'-y` as `''-y`.
        XCTAssertEqual(DelimitedText.escapeTSV("'-y"), "'-y")
        XCTAssertEqual(DelimitedText.escapeTSV("'=a\tb\\c\nd\re"), "'=a\\tb\\\\c\\nd\\re")
        XCTAssertEqual(DelimitedText.tsv([["'-y"]]), "''-y\n", "files keep the guard")
    }

    // MARK: ReportTable: one column declaration, four formats

    private struct ReportRow {
        var name: String
        var count: Int
        var amount: Int?
        var note: String?
        var kind: String?
    }

    private let reportRows = [
        ReportRow(name: "家賃\tx", count: 2, amount: 123_456, note: "a\nb\\c", kind: "rent"),
        ReportRow(name: "Lunch", count: 1, amount: nil, note: nil, kind: nil),
    ]

    /// NAME, COUNT, AMOUNT, NOTE in tables; `kind` only in TSV, CSV and JSON; `currency` only in JSON.
    private var report: ReportTable<ReportRow> {
        ReportTable([
            .text("NAME", key: "name") { $0.name },
            .number("COUNT", key: "count") { $0.count },
            .amount("AMOUNT", key: "amount") { $0.amount },
            .optionalText("NOTE", key: "note") { $0.note },
            .optionalText(nil, key: "kind") { $0.kind },
            .currency,
        ])
    }

    private let dollars = MoneyFormat(currency: Currency(code: "USD"))

    func testReportTable_TableTitlesAlignmentMoneyAndEscapedText() {
        // Text cells have their control characters escaped, as notes in other tables; a
        // backslash stays as it is (tables never showed it doubled). Amounts show as money.
        XCTAssertEqual(report.render(reportRows, as: .table, money: dollars), """
        NAME     COUNT     AMOUNT  NOTE
        家賃\\tx      2  $1,234.56  a\\nb\\c
        Lunch        1

        """)
        XCTAssertEqual(
            report.render(reportRows, as: .table, includeHeader: false, money: dollars).split(separator: "\n").first,
            "NAME     COUNT     AMOUNT  NOTE",
            "a table keeps its titles")
        XCTAssertEqual(
            report.render(reportRows, as: .table, money: MoneyFormat(currency: nil)).split(separator: "\n")[1],
            "家賃\\tx      2  123,456  a\\nb\\c",
            "no currency: grouped whole numbers")

        // Every control (an escape, a carriage return, a line separator) is escaped; other text,
        // a right-to-left mark a data file may hold in a category, shows as tables always showed it.
        let hostile = ReportRow(name: "\u{1B}[31mred\r\u{2028}\u{85}", count: 0, note: "\u{200F}שלום")
        XCTAssertEqual(report.render([hostile], as: .table, money: dollars).split(separator: "\n")[1],
                       "\\u{1B}[31mred\\r\\u{2028}\\u{85}      0          \u{200F}שלום")
    }

    func testReportTable_TSVEscapesEveryTextCellAndWritesPlainNumbers() {
        XCTAssertEqual(report.render(reportRows, as: .tsv, money: dollars),
                       "name\tcount\tamount\tnote\tkind\n" + "家賃\\tx\t2\t1234.56\ta\\nb\\\\c\trent\n"
                           + "Lunch\t1\t\t\t\n")
        XCTAssertEqual(
            report.render(
                [ReportRow(name: "a\rb", count: 0, note: "\t")], as: .tsv, includeHeader: false, money: dollars),
            "a\\rb\t0\t\t\\t\t\n")
    }

    func testReportTable_CSVQuotesAndHonoursNoHeader() {
        XCTAssertEqual(report.render(reportRows, as: .csv, money: dollars),
                       "name,count,amount,note,kind\r\n" + "家賃\tx,2,1234.56,\"a\nb\\c\",rent\r\n" + "Lunch,1,,,\r\n")
        XCTAssertEqual(
            report.render(
                [ReportRow(name: "a,\"b\"", count: 3, amount: -5, kind: "x\ry")], as: .csv, includeHeader: false,
                money: dollars),
            "\"a,\"\"b\"\"\",3,-0.05,,\"x\ry\"\r\n")
    }

    func testReportTable_JSONKeysNullsAndCurrency() {
        XCTAssertEqual(report.json(reportRows, money: dollars), .array([
            .object([("name", .string("家賃\tx")), ("count", .int(2)), ("amount", .int(123_456)),
                     ("note", .string("a\nb\\c")), ("kind", .string("rent")), ("currency", .string("USD"))]),
            .object([("name", .string("Lunch")), ("count", .int(1)), ("amount", .null), ("note", .null),
                     ("kind", .null), ("currency", .string("USD"))]),
        ]))
        XCTAssertEqual(report.json([], money: dollars), .array([]))
        XCTAssertEqual(report.render([], as: .json, money: dollars), "[]\n")
        XCTAssertEqual(report.json(Array(reportRows.suffix(1)), money: MoneyFormat(currency: nil)),
                       .array([.object([("name", .string("Lunch")), ("count", .int(1)), ("amount", .null),
                                        ("note", .null), ("kind", .null), ("currency", .null)])]))
    }

    func testReportTable_TableSaysMoreWhereAColumnAsksAndAddsFooters() {
        let table = ReportTable<ReportRow>([
            .text("NAME", key: "name") { $0.name },
            ReportColumn.amount("LIMIT", key: "limit") { $0.amount }.inTables { row, money in
                row.amount.map { money.display($0) + " a year" } ?? ""
            },
        ], footers: { rows in [.init(label: "Total", value: String(rows.count), column: 1)] })
        XCTAssertEqual(table.render(reportRows, as: .table, money: dollars), """
        NAME                LIMIT
        家賃\\tx  $1,234.56 a year
        Lunch
        Total                   2

        """)
        XCTAssertEqual(
            table.render(reportRows, as: .tsv, money: dollars),
            "name\tlimit\n家賃\\tx\t1234.56\nLunch\t\n",
            "footers are for tables")
    }

    func testReconcilesLatest_AreTheGreatestInOrder_SortedOrSelected() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 5, 20, 400] {
            let items = (0..<2_000).map { _ in Int.random(in: 0..<500, using: &generator) }
            // Pairs with their position are distinct, as reconcile's keys (day, kind, position) are.
            let keyed = items.enumerated().map { ($0.element, $0.offset) }
            let latest = ReconcileCommand.latest(count, of: keyed) { $0 < $1 }
            let expected = keyed.sorted { $0 < $1 }.suffix(count)
            XCTAssertEqual(latest.map(\.0), expected.map(\.0), "\(count) of 2,000")
            XCTAssertEqual(latest.map(\.1), expected.map(\.1), "\(count) of 2,000")
        }
        XCTAssertEqual(ReconcileCommand.latest(Int.max, of: [3, 1, 2], by: <), [1, 2, 3])
        XCTAssertEqual(ReconcileCommand.latest(2, of: [3, 1, 2], by: <), [2, 3])
    }
}
