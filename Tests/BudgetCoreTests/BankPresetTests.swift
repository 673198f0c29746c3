import XCTest
@testable import BudgetCore

/// The banks' presets (`StatementPreset+Banks.swift`) on statements of their real shapes, with
/// invented names and amounts: found with no options after any preamble, their rows' kinds,
/// names and amounts, the lines that hold no transaction, and no other export taken for them.
final class BankPresetTests: XCTestCase {
    private let today = Day(year: 2026, month: 11, day: 25)!

    /// The presets this class tests.
    private static let names = ["smbc-bank", "yucho", "ja-bank", "sbi-shinsei"]

    /// The text as `import` gets it: written in CP932 or UTF-8 (with a byte-order mark or not),
    /// then decoded with the encoding found.
    private func decoded(_ text: String, cp932: Bool = false, bom: Bool = false) throws -> String {
        var bytes = cp932 ? try TextEncoding.cp932.encode(text) : Array(text.utf8)
        if bom { bytes = TextEncoding.utf8BOM + bytes }
        return try TextDecoder().decode(bytes)
    }

    /// The preset found in the text (it must be `expected`) and what it reads.
    private func read(
        _ text: String, as expected: String, cp932: Bool = false, bom: Bool = false, asOf: Day? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> StatementReading {
        let text = try decoded(text, cp932: cp932, bom: bom)
        let preset = try XCTUnwrap(StatementPreset.detect(in: text), "no preset found", file: file, line: line)
        XCTAssertEqual(preset.name, expected, file: file, line: line)
        let reader = StatementReader(
            layout: preset.layout, preset: preset, kind: nil, signDecidesKind: true, minorDigits: 0,
            today: asOf ?? today)
        return try reader.read(text)
    }

    /// Each entry as `kind date name amount` (a refund's amount negative).
    private func rows(_ reading: StatementReading) -> [String] {
        reading.entries.map { "\($0.kind.singular) \($0.date.iso) \($0.name) \($0.recordedAmount)" }
    }

    /// Each skipped line as `line: why`.
    private func skipped(_ reading: StatementReading) -> [String] {
        reading.skipped.map { "\($0.line): \($0.reason.description)" }
    }

    // MARK: SMBC Bank

    private static let smbcBank = """
        年月日,お引出し,お預入れ,お取り扱い内容,残高,メモ,ラベル
        2026/3/27,,2,"ﾘｿｸ",402115,"",
        2026/3/25,40000,,"ﾐﾂｲｽﾐﾄﾓｶ-ﾄﾞ (ｶ",402113,"",
        2026/3/12,10000,,"V112233 ENET ATM",442113,"",
        2026/3/8,2750,,"V445566　テスト商店／ｉＤ",452113,"ランチ",
        2026/3/1,,312000,"給料振込　ﾃｽﾄ(ｶ",454863,"",
        ,,,,402115,,

        """

    func testSMBCBank_OutAndInColumnsAndTheBalanceLine() throws {
        let reading = try read(Self.smbcBank, as: "smbc-bank", cp932: true)
        XCTAssertEqual(rows(reading), [
            "income 2026-03-27 ﾘｿｸ 2", "expense 2026-03-25 ﾐﾂｲｽﾐﾄﾓｶ-ﾄﾞ (ｶ 40000",
            "expense 2026-03-12 V112233 ENET ATM 10000", "expense 2026-03-08 V445566　テスト商店／ｉＤ 2750",
            "income 2026-03-01 給料振込　ﾃｽﾄ(ｶ 312000",
        ])
        XCTAssertEqual(skipped(reading), ["7: no date (a total, a section, a note or a title)"])
        XCTAssertEqual(reading.nonTransactions, 1)
        XCTAssertEqual(reading.transfers, 0)
        XCTAssertTrue(reading.entries.allSatisfy { !$0.identity.hasPrefix("id") }, "the bank gives no row IDs")
    }

    func testSMBCBank_TheShortHeaderWithAByteOrderMarkAndTheEraHeader() throws {
        let short = "年月日,お引出し,お預入れ,お取り扱い内容,残高\n2026/1/4,480,,パン,XXX\n2026/1/31,,5000,テスト入金,XXX\n"
        XCTAssertEqual(
            rows(try read(short, as: "smbc-bank", bom: true)),
            ["expense 2026-01-04 パン 480", "income 2026-01-31 テスト入金 5000"])
        let era = """
            "年月日（和暦）","お引出し","お預入れ","お取り扱い内容","残高"
            H30.01.17,15900,,"カード振込　ﾃｽﾄ",19532
            H30.01.25,,200000,"給料振込",219532

            """
        XCTAssertEqual(
            rows(try read(era, as: "smbc-bank", cp932: true)),
            ["expense 2018-01-17 カード振込　ﾃｽﾄ 15900", "income 2018-01-25 給料振込 200000"])
    }

    // MARK: Japan Post Bank (ゆうちょダイレクト)

    private static let yucho = """
        お客さま口座情報
        現在高：,"184,560",円,
        出力日時：令和 08 年 09 月 02 日 20 時 15 分
        お客さま口座番号：00000-00000000
        照会対象：全期間
        明細件数：6
        取引日,入出金明細ＩＤ,受入金額（円）,払出金額（円）,詳細１,詳細２,現在（貸付）高,
        20260802,1,,10000,カード,ＡＴＭ,170000,
        20260806,2,30000,,振込,ﾃｽﾄ ﾊﾅｺ,200000,
        20260811,3,,15220,自払,テスト電気,184780,
        20260815,4,,110,料　金,送金料金,184670,
        20260815,5,,110,料　金,送金料金,184560,
        20260820,6,5,,利子,,184565,

        """

    func testYucho_ThePreambleTheFullWidthHeaderAndNoRowIDs() throws {
        let reading = try read(Self.yucho, as: "yucho", cp932: true)
        XCTAssertEqual(rows(reading), [
            "expense 2026-08-02 ＡＴＭ 10000", "income 2026-08-06 ﾃｽﾄ ﾊﾅｺ 30000", "expense 2026-08-11 テスト電気 15220",
            "expense 2026-08-15 送金料金 110", "expense 2026-08-15 送金料金 110", "income 2026-08-20 利子 5",
        ], "詳細２ is the name, else 詳細１")
        XCTAssertEqual(reading.entries.first?.line, 8, "lines are counted from the file's first")
        XCTAssertEqual(reading.skipped, [])
        // 入出金明細ＩＤ is numbered anew at each export: rows are identified by their content,
        // the two equal fees by their occurrence.
        XCTAssertEqual(reading.entries.map(\.identity)[3...4], [
            "2026-08-15|expense|110|1|送金料金", "2026-08-15|expense|110|2|送金料金",
        ])
        XCTAssertTrue(reading.entries.allSatisfy { !$0.identity.hasPrefix("id") })
    }

    func testYucho_APeriodsSevenLinePreambleAndAnEarlierProfile() throws {
        let period = Self.yucho.replacingOccurrences(
            of: "照会対象：全期間\n", with: "照会対象：期間指定\n日付指定：令和 08 年 08 月 01 日 ～ 令和 08 年 08 月 31 日\n")
        XCTAssertEqual(try read(period, as: "yucho", cp932: true).entries.count, 6)
        // A profile saved with the preset before it read the real layout still loads, and reads it.
        let profile = try XCTUnwrap(ImportProfile(stored: .string("preset=yucho")))
        XCTAssertEqual(profile.preset, "yucho")
        let layout = profile.layout(on: StatementPreset.yucho.layout)
        let reader = StatementReader(
            layout: layout, preset: .yucho, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        XCTAssertEqual(try reader.read(try decoded(Self.yucho, cp932: true)).entries.count, 6)
    }

    // MARK: JA Bank

    private static let jaBank = #"""
        "番号","明細区分","取扱日付","起算日","お支払金額","お預り金額","取引区分","残高","摘要"
        "001","","4月25日","","","\250,000","振込入金","\262,000","ﾃｽﾄｼｮｳｼﾞ"
        "002","","4月27日","","\10,000","","出金","\252,000",""
        "003","","5月1日","","\8,800","","振替","\243,200","ﾃｽﾄﾃﾞﾝｷ"

        """#

    func testJABank_YenSignsDatesWithoutAYearAndTheKindAsAFallbackName() throws {
        let reading = try read(Self.jaBank, as: "ja-bank", cp932: true)
        XCTAssertEqual(rows(reading), [
            "income 2026-04-25 ﾃｽﾄｼｮｳｼﾞ 250000", "expense 2026-04-27 出金 10000", "expense 2026-05-01 ﾃｽﾄﾃﾞﾝｷ 8800",
        ])
        XCTAssertEqual(reading.yearlessDates, 3)
        let older = try read(Self.jaBank, as: "ja-bank", cp932: true, asOf: Day(year: 2024, month: 5, day: 2))
        XCTAssertEqual(older.entries.map(\.date.iso), ["2024-04-25", "2024-04-27", "2024-05-01"])
    }

    func testJABank_TheRegionalBanksHeaderWithACheckColumn() throws {
        let text = #"""
            "番号","明細区分","取扱日付","起算日","お支払金額","お預り金額","小切手","取引区分","残高","摘要"
            "001","","10月3日","","\3,300","","","振替","\96,700","ﾃｽﾄｶﾞｽ"

            """#
        XCTAssertEqual(rows(try read(text, as: "ja-bank", cp932: true)), ["expense 2026-10-03 ﾃｽﾄｶﾞｽ 3300"])
    }

    // MARK: SBI Shinsei Bank

    func testSBIShinsei_TheJapaneseAndTheEnglishHeaders() throws {
        let japanese = """
            "取引日","摘要","出金金額","入金金額","残高"
            "2026/06/22","振込手数料","","110","711"
            "2026/06/22","振込手数料","110","","601"
            "2026/06/25","振込　テスト","","25000","25601"

            """
        XCTAssertEqual(rows(try read(japanese, as: "sbi-shinsei", bom: true)), [
            "income 2026-06-22 振込手数料 110", "expense 2026-06-22 振込手数料 110", "income 2026-06-25 振込　テスト 25000",
        ])
        let english = """
            "Value Date","Description","Debit","Credit","Balance","Memo"
            "2026/07/01","ATM","30000","","120000",""
            "2026/07/10","Interest","","3","120003",""

            """
        XCTAssertEqual(
            rows(try read(english, as: "sbi-shinsei", bom: true)),
            ["expense 2026-07-01 ATM 30000", "income 2026-07-10 Interest 3"])
    }

    // MARK: Detection

    func testDetection_NoBankIsTakenForAnotherExport() throws {
        // Each bank by its header, after a preamble of its own.
        let headers = [
            "smbc-bank": "年月日,お引出し,お預入れ,お取り扱い内容,残高,メモ,ラベル",
            "yucho": "取引日,入出金明細ＩＤ,受入金額（円）,払出金額（円）,詳細１,詳細２,現在（貸付）高,",
            "ja-bank": #""番号","明細区分","取扱日付","起算日","お支払金額","お預り金額","取引区分","残高","摘要""#,
            "sbi-shinsei": #""取引日","摘要","出金金額","入金金額","残高""#,
        ]
        for (name, header) in headers {
            XCTAssertEqual(StatementPreset.detect(in: "口座,1\n\n" + header + "\n")?.name, name)
            XCTAssertEqual(StatementPreset.named(name)?.name, name)
        }
        // Which other export each is not: PresetDetectionTests.
    }
}
