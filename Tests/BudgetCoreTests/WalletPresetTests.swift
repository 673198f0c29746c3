import XCTest
@testable import BudgetCore

/// The wallets' and payment apps' presets (`StatementPreset+Wallets.swift`) on histories of
/// their real shapes, with invented names and amounts: found with no options, their rows'
/// kinds, names and amounts, charges and top-ups counted as transfers, the lines that hold no
/// transaction, and no other export taken for them.
final class WalletPresetTests: XCTestCase {
    private let today = Day(year: 2026, month: 11, day: 25)!

    /// The presets this class tests.
    private static let names = ["paypay", "mobile-suica", "sfcardviewer", "waon", "paypal"]

    /// The text as `import` gets it: written in CP932 or UTF-8 (with a byte-order mark or not),
    /// then decoded with the encoding found.
    private func decoded(_ text: String, cp932: Bool = false, bom: Bool = false) throws -> String {
        var bytes = cp932 ? try TextEncoding.cp932.encode(text) : Array(text.utf8)
        if bom { bytes = TextEncoding.utf8BOM + bytes }
        return try TextDecoder().decode(bytes)
    }

    /// The preset found in the text (it must be `expected`) and its reader.
    private func reader(
        _ text: String, as expected: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> StatementReader {
        let preset = try XCTUnwrap(StatementPreset.detect(in: text), "no preset found", file: file, line: line)
        XCTAssertEqual(preset.name, expected, file: file, line: line)
        return StatementReader(
            layout: preset.layout, preset: preset, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
    }

    /// What the preset found in the text (it must be `expected`) reads.
    private func read(
        _ text: String, as expected: String, cp932: Bool = false, bom: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> StatementReading {
        let text = try decoded(text, cp932: cp932, bom: bom)
        return try reader(text, as: expected, file: file, line: line).read(text)
    }

    /// Each entry as `kind date name amount` (a refund's amount negative).
    private func rows(_ reading: StatementReading) -> [String] {
        reading.entries.map { "\($0.kind.singular) \($0.date.iso) \($0.name) \($0.recordedAmount)" }
    }

    /// Each skipped line as `line: why`.
    private func skipped(_ reading: StatementReading) -> [String] {
        reading.skipped.map { "\($0.line): \($0.reason.description)" }
    }

    // MARK: PayPay

    private static let payPay = """
        取引日,出金金額（円）,入金金額（円）,海外出金金額,通貨,変換レート（円）,利用国,取引内容,取引先,取引方法,支払い区分,利用者,取引番号
        2026/03/12 12:05:44,"1,450",-,"1,450",JPY,1,JP,支払い,テスト弁当,PayPayカード VISA 0000,一回払い,本人,PPCD_A_0001
        2026/03/11 19:20:01,60,-,-,-,-,-,支払い,テスト薬局,PayPayポイント,-,本人,04700000000000000002
        2026/03/11 19:20:01,940,-,-,-,-,-,支払い,テスト薬局,クレジット VISA 0000,-,本人,04700000000000000002
        2026/03/10 20:15:00,520,-,-,-,-,-,支払い,テスト書店,"PayPayポイント (20円), PayPay残高 (500円)",-,-,04700000000000000004
        2026/03/10 08:00:00,-,"5,000",-,-,-,-,チャージ,PayPay,テスト銀行 *****00,-,-,04700000000000000005
        2026/03/09 23:59:04,-,45,-,-,-,-,ポイント、残高の獲得,テストキャンペーン,PayPayポイント,-,-,900000000000000000-a0
        2026/03/05 12:00:00,"2,800",-,-,-,-,-,請求書払い,テスト水道局,PayPay残高,-,-,04700000000000000007
        2026/03/01 09:00:00,"3,000",-,-,-,-,-,口座送金,テスト銀行,PayPay残高,-,-,04700000000000000008

        """

    func testPayPay_SplitPaymentsTopUpsRewardsAndTimesOfDay() throws {
        for (cp932, bom) in [(false, true), (true, false)] {
            let reading = try read(Self.payPay, as: "paypay", cp932: cp932, bom: bom)
            XCTAssertEqual(rows(reading), [
                "expense 2026-03-12 テスト弁当 1450", "expense 2026-03-11 テスト薬局 60", "expense 2026-03-11 テスト薬局 940",
                "expense 2026-03-10 テスト書店 520", "income 2026-03-09 テストキャンペーン 45",
                "expense 2026-03-05 テスト水道局 2800",
            ])
            XCTAssertEqual(skipped(reading), ["6: a transfer (チャージ)", "9: a transfer (口座送金)"])
            XCTAssertEqual(reading.transfers, 2)
            // The two halves of a split payment share 取引番号: told apart by their order.
            XCTAssertEqual(reading.entries[1...2].map(\.identity), [
                "id=04700000000000000002", "id#2=04700000000000000002",
            ])
        }
    }

    // MARK: Mobile Suica

    private static let mobileSuica = #"""
        月日,種別,利用場所,種別,利用場所,残高,入金・利用額
        11/05,物販,,,,"\2,402",-210
        11/05,入,渋谷,出,目黒,"\2,612",-178
        11/04,ｵｰﾄ,渋谷,,,"\2,790","+2,000"
        11/02,ﾊﾞｽ等,テストバス,,,\790,-220
        10/30,VIEW,モバイル,,,"\1,010",
        10/28,繰,,,,\468,
        """#

    func testMobileSuica_ColumnsByPositionChargesAndTheCarriedOverBalance() throws {
        let reading = try read(Self.mobileSuica, as: "mobile-suica")
        XCTAssertEqual(rows(reading), [
            "expense 2026-11-05 物販 210", "expense 2026-11-05 目黒 178", "expense 2026-11-02 テストバス 220",
        ], "the place of exit, else of entry, else the kind")
        XCTAssertEqual(skipped(reading), [
            "4: a transfer (ｵｰﾄ)", "6: a transfer (VIEW)", "7: no amount",
        ])
        XCTAssertEqual(reading.yearlessDates, 3)
        let older = #"月/日,種別,利用場所,種別,利用場所,残額,差額"# + "\n" + #"09/30,ｶｰﾄﾞ,モバイル,,,"\3,000","+3,000""#
            + "\n" + #"09/30,現金,新宿,,,"\4,000","+1,000""# + "\n09/29,入,新宿,出,中野,\\790,-168\n"
        let olderReading = try read(older, as: "mobile-suica")
        XCTAssertEqual(rows(olderReading), ["expense 2026-09-29 中野 168"])
        XCTAssertEqual(olderReading.transfers, 2)
    }

    // MARK: SFCardViewer

    private static let sfCardViewer = """
        カードID=0000000000000000,,,,,,,,,
        利用年月日,定期,鉄道会社名,入場駅/事業者名,定期,鉄道会社名,出場駅/降車場所,利用額(円),残額(円),メモ
        2026/03/22,,,,,,,150,1850,物販
        2026/03/21,,JR東,新宿,,JR東,中野,168,2000,
        2026/03/20,,東武,北千住,,東武,北千住,0,2168,窓出
        2026/03/19,,,テストバス,,,,220,2168,ﾊﾞｽ/路面等
        2026/03/18,,JR東,新宿,,,,-3000,2388,ｵｰﾄﾁｬｰｼﾞ

        """

    func testSFCardViewer_ChargesWindowExitsAndNames() throws {
        let reading = try read(Self.sfCardViewer, as: "sfcardviewer", cp932: true)
        XCTAssertEqual(rows(reading), [
            "expense 2026-03-22 物販 150", "expense 2026-03-21 中野 168", "expense 2026-03-19 テストバス 220",
        ], "the exit station, else the entry station or a bus's operator, else the note")
        XCTAssertEqual(skipped(reading), ["5: nothing moved (an amount of 0)", "7: a transfer (ｵｰﾄﾁｬｰｼﾞ)"])
        XCTAssertEqual(reading.transfers, 1)
        XCTAssertEqual(reading.nonTransactions, 1)
        // Only a charge brings money into a transit card: one noted otherwise is no refund.
        let other = try read(Self.sfCardViewer + "2026/03/17,,,,,,,-1000,5388,ﾁｬｰｼﾞ(ｸﾚｶ)\n", as: "sfcardviewer")
        XCTAssertEqual(other.entries.count, 3)
        XCTAssertEqual(other.skipped.last?.reason, .transfer("money in: a charge"))
        let suica = try read(
            "月日,種別,利用場所,種別,利用場所,残高,入金・利用額\n10/28,ﾁｬｰｼﾞ,駅,,,\"\\5,000\",\"+5,000\"\n",
            as: "mobile-suica")
        XCTAssertEqual([suica.entries.count, suica.transfers], [0, 1], "money in is a charge, not an income")
    }

    // MARK: WAON

    private static let waon = """
        取引年月日,利用店舗,利用金額（税込）,利用区分,チャージ区分
        2026/10/02,テスト商店,"1,489円",支払,-
        2026/10/03,テスト商店,"1,489円",支払取消,-
        2026/10/04,テスト店,"3,000円",チャージ,現金
        2026/10/05,テスト店,"5,000円",オートチャージ,銀行口座
        2026/10/06,テスト店,0円,ポイントダウンロード,-
        2026/10/07,テスト銀行ＡＴＭ,"2,000円",WAON移行（アップロード）,-
        2026/10/07,テスト銀行ＡＴＭ,"2,000円",WAON移行（ダウンロード）,-

        """

    func testWAON_TheKindOfUseDecidesEachRow() throws {
        let reading = try read(Self.waon, as: "waon", cp932: true)
        XCTAssertEqual(rows(reading), ["expense 2026-10-02 テスト商店 1489", "income 2026-10-03 テスト商店 1489"])
        XCTAssertEqual(skipped(reading), [
            "4: a transfer (チャージ)", "5: a transfer (オートチャージ)", "6: left out (ポイントダウンロード)",
            "7: a transfer (WAON移行（アップロード）)", "8: a transfer (WAON移行（ダウンロード）)",
        ])
        XCTAssertEqual([reading.transfers, reading.excluded], [4, 1])
        // A kind of use no one has seen is refused, not guessed.
        let unknown = Self.waon + "2026/10/08,テスト商店,500円,返金,-\n"
        XCTAssertThrowsError(try reader(unknown, as: "waon").read(unknown)) { error in
            guard let problems = error as? StatementProblems else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.problems.map(\.line), [9])
            XCTAssertEqual(problems.problems.first?.reason, .statementKind)
        }
    }

    // MARK: PayPal

    /// PayPal's 41 columns.
    private static let payPalHeader = [
        "日付", "時間", "タイムゾーン", "名前", "タイプ", "ステータス", "通貨", "合計", "手数料", "正味", "送信者メールアドレス",
        "受信者メールアドレス", "取引ID", "配送先住所", "住所ステータス", "商品タイトル", "商品ID", "配送および手数料の額", "保険金額",
        "消費税", "オプション1: 名前", "オプション1: 金額", "オプション2: 名前", "オプション2: 金額", "リファレンス トランザクションID",
        "請求書番号", "カスタム番号", "数量", "領収書ID", "残高", "住所1行目", "住所2行目/地区/地域", "市区町村", "都道府県", "郵便番号",
        "国および地域", "連絡先の電話番号", "件名", "備考", "国コード", "残高への影響",
    ]

    /// A row of PayPal's history with these cells, the others empty.
    private static func payPalRow(_ cells: [String: String]) -> String {
        payPalHeader.map { cells[$0] ?? "" }.joined(separator: ",")
    }

    private static var payPal: String {
        func payment(_ time: String, _ amount: String, _ id: String) -> String {
            payPalRow([
                "日付": "2026/10/11", "時間": time, "タイムゾーン": "JST", "名前": "テスト書房", "タイプ": "ウェブペイメント",
                "ステータス": "完了", "通貨": "JPY", "合計": "-" + amount, "手数料": "0", "正味": "-" + amount, "取引ID": id,
                "残高への影響": "引落し",
            ])
        }
        func funding(_ time: String, _ amount: String, _ id: String, for payment: String) -> String {
            payPalRow([
                "日付": "2026/10/11", "時間": time, "タイムゾーン": "JST", "タイプ": "クレジットカードによる一般の入金",
                "ステータス": "完了", "通貨": "JPY", "合計": amount, "手数料": "0", "正味": amount, "取引ID": id,
                "リファレンス トランザクションID": payment, "残高への影響": "入金",
            ])
        }
        let refund = payPalRow([
            "日付": "2026/10/20", "時間": "10:00:00", "タイムゾーン": "JST", "名前": "テスト書房", "タイプ": "返金",
            "ステータス": "完了", "通貨": "JPY", "合計": "1200", "手数料": "0", "正味": "1200", "取引ID": "0000000000000000E",
            "残高への影響": "入金",
        ])
        return ([payPalHeader.joined(separator: ",")]
            + [
                payment("19:35:53", "1200", "0000000000000000A"),
                funding("19:35:53", "1200", "0000000000000000B", for: "0000000000000000A"),
                payment("19:37:33", "880", "0000000000000000C"),
                funding("19:37:33", "880", "0000000000000000D", for: "0000000000000000C"),
                refund,
            ]).joined(separator: "\n") + "\n"
    }

    func testPayPal_CardFundingRowsAreTransfers() throws {
        let reading = try read(Self.payPal, as: "paypal", cp932: true)
        XCTAssertEqual(rows(reading), [
            "expense 2026-10-11 テスト書房 1200", "expense 2026-10-11 テスト書房 880", "income 2026-10-20 テスト書房 1200",
        ])
        XCTAssertEqual(skipped(reading), [
            "3: a transfer (クレジットカードによる一般の入金)", "5: a transfer (クレジットカードによる一般の入金)",
        ])
        XCTAssertEqual(
            reading.entries.map(\.identity), ["id=0000000000000000A", "id=0000000000000000C", "id=0000000000000000E"])
    }

    // MARK: Detection

    func testDetection_NoWalletIsTakenForAnotherExport() throws {
        let texts = [
            "paypay": Self.payPay, "mobile-suica": Self.mobileSuica, "sfcardviewer": Self.sfCardViewer,
            "waon": Self.waon, "paypal": Self.payPal,
        ]
        for (name, text) in texts {
            XCTAssertEqual(StatementPreset.detect(in: text)?.name, name)
            XCTAssertEqual(StatementPreset.named(name)?.name, name)
        }
        // Which other export each is not: PresetDetectionTests.
    }
}
