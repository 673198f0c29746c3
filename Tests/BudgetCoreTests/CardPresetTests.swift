import XCTest
@testable import BudgetCore

/// The card presets (`StatementPreset+Cards.swift`), each on a statement of its own made up in
/// the export's exact shape (preamble, header, rows, the lines that are no transaction, a
/// refund): found with no options, read to the yen, and never taken for another card's.
final class CardPresetTests: XCTestCase {
    private let today = Day(year: 2026, month: 11, day: 24)!

    /// What a statement read as: the preset found, each entry as `date name amount` (a refund
    /// negative), and each skipped line as `line: reason`.
    private struct Read {
        var preset: String
        var entries: [String]
        var skipped: [String]
        var transfers: Int
        var nonTransactions: Int

        /// The sum of the entries' amounts, refunds taken off.
        var total = 0
    }

    private func read(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Read {
        let preset = try XCTUnwrap(StatementPreset.detect(in: text), "no preset found", file: file, line: line)
        let reader = StatementReader(
            layout: preset.layout, preset: preset, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        let reading = try reader.read(text)
        var read = Read(
            preset: preset.name,
            entries: reading.entries.map { entry in
                let sign = entry.isRefund ? "-" : ""
                return "\(entry.date.iso) \(entry.kind.singular) \(entry.name) \(sign)\(entry.amount)"
            },
            skipped: reading.skipped.map { "\($0.line): \($0.reason.description)" },
            transfers: reading.transfers, nonTransactions: reading.nonTransactions)
        read.total = reading.entries.reduce(0) { $0 + ($1.isRefund ? -$1.amount : $1.amount) }
        return read
    }

    private func problems(_ text: String, preset: StatementPreset) -> [String] {
        let reader = StatementReader(
            layout: preset.layout, preset: preset, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        do {
            _ = try reader.read(text)
            return []
        } catch {
            return (error as? StatementProblems)?.problems.map { "\($0.line ?? 0): \($0.message)" } ?? ["\(error)"]
        }
    }

    // MARK: Vpass, both layouts

    /// Vpass's non-fixed layout: no header, no holder line, thirteen fields with the user and the
    /// payment after the shop; a credit is a refund, a comma in a shop's name is joined back, an
    /// instalment's payment differs from its amount, an overseas purchase has no payment.
    func testVpassNonFixed_IsFoundByItsFirstRowAndReadFromTheSeventhField() throws {
        let text = """
            2026/7/20,キャッシュバック（ポイント交換）,ご本人,,,'26/08,-500,-500,,,,,
            2026/7/15,EXAMPLE SOFTWARE,ご本人,1回払い,,'26/08,1520,,,12.00,USD,126.666,
            2026/7/12,サンプルスーパー,ご家族,1回払い,,'26/08,2180,2180,,,,,
            2026/7/10,SHOP, INC. (SHOP.COM ),本人,1回払い,,'26/08,980,980,,,,,
            2026/7/5,ヨドバシ,ご本人,3回払い,1回目,'26/08,30000,10000,,,,,

            """
        let read = try read(text)
        XCTAssertEqual(read.preset, "smbc-card-nonfixed")
        XCTAssertEqual(read.entries, [
            "2026-07-20 expense キャッシュバック（ポイント交換） -500",
            "2026-07-15 expense EXAMPLE SOFTWARE 1520",
            "2026-07-12 expense サンプルスーパー 2180",
            "2026-07-10 expense SHOP, INC. (SHOP.COM ) 980",
            "2026-07-05 expense ヨドバシ 30000",
        ])
        XCTAssertEqual(read.total, 34180)
        XCTAssertEqual(read.skipped, [])
        XCTAssertEqual(
            try self.read("2026/7/10,SHOP, INC.,家族,1回払い,,'26/08,980,980,,,,,\n").preset, "smbc-card-nonfixed",
            "a comma in the first row's shop")
        XCTAssertEqual(
            problems("2026/7/10,SHOP,ご本人,1回払い,,'26/08,abc,980,,,,,\n", preset: .smbcCardNonFixed), [
                "1: the row does not read as a purchase (date, shop, the user, the payment, an instalment, a month, "
                    + "the amount, the payment, …)",
            ], "a row that is no purchase stays an error")
    }

    /// The fixed layout (a holder line, seven fields) and the non-fixed one are never taken for
    /// each other, nor is View Card's preamble (a masked number on its first line) for either.
    func testVpass_TheTwoLayoutsAreToldApart() throws {
        XCTAssertEqual(
            StatementPreset.detect(in: "山田　太郎　様,4980-00**-****-****,三井住友カードＶＩＳＡ\n2026/7/3,SHOP,11402,1,1,11402,\n")?
                .name,
            "smbc-card")
        XCTAssertEqual(
            StatementPreset.detect(in: "2018/7/3,東京電力  電気料金等,ご本人,1回払い,,18/8,11402,11402,,,,,\n")?.name,
            "smbc-card-nonfixed")
        XCTAssertNil(StatementPreset.detect(in: "2026/7/3,SHOP,11402,1,1,11402,\n"), "a fixed row without its holder")
        XCTAssertNil(StatementPreset.detect(in: "2026/7/3,SHOP,山田,1回払い,,'26/08,500,500,,,,,\n"), "no user")
        XCTAssertNotEqual(StatementPreset.detect(in: viewCard)?.name, "smbc-card")
        XCTAssertNotEqual(StatementPreset.detect(in: viewCard)?.name, "smbc-card-nonfixed")
    }

    // MARK: View Card

    private let viewCard = """
        会員番号,****-****-****-1234
        対象カード,「ビュー・スイカ｣カード
        お支払日,2026年07月06日
        今回お支払金額,"6,874"

        ご利用年月日,ご利用箇所,ご利用額,払戻額,ご請求額（うち手数料・利息）,支払区分（回数）,今回回数,\
        今回ご請求額・弁済金（うち手数料・利息）,現地通貨額,通貨略称,換算レート
        ****-****-****-1234 サンプル　タロウ
        2026/05/21,新宿駅　オートチャージ,"3,000",,"3,000",１回払,,"3,000",,   ,
        2026/05/28,サンプル書店　ルミネ新宿店,"1,980",,"1,980",１回払,,"1,980",,   ,
        2026/06/02,サンプル書店　ルミネ新宿店,,500,-500,１回払,,-500,,   ,
        2026/06/10,カード年会費,524,,524,１回払,,524,,   ,
        ****-****-****-5678 サンプル　ハナコ
        2026/06/12,サンプル雑貨,"1,870",,"1,870",１回払,,"1,870",,   ,

        """

    /// View Card: the preamble is passed over, each card-holder line is a line without a
    /// transaction, an auto-charge of Suica is a transfer, money back in 払戻額 is a refund and
    /// the annual fee is spending.
    func testViewCard_ReadsItsRowsAndCountsTheAutoChargeAsATransfer() throws {
        let read = try read(viewCard)
        XCTAssertEqual(read.preset, "view-card")
        XCTAssertEqual(StatementPreset.named("view-card")?.title, "a View Card statement")
        XCTAssertEqual(read.entries, [
            "2026-05-28 expense サンプル書店　ルミネ新宿店 1980",
            "2026-06-02 expense サンプル書店　ルミネ新宿店 -500",
            "2026-06-10 expense カード年会費 524",
            "2026-06-12 expense サンプル雑貨 1870",
        ])
        XCTAssertEqual(read.total, 3874)
        XCTAssertEqual(read.skipped, [
            "7: no date (a total, a section, a note or a title)",
            "8: a transfer (ご利用箇所 新宿駅　オートチャージ)",
            "12: no date (a total, a section, a note or a title)",
        ])
        XCTAssertEqual(read.transfers, 1)
        XCTAssertEqual(read.nonTransactions, 2)
    }

    // MARK: Saison

    /// Saison's Netアンサー: the preamble, each user's line, the undated line after an overseas
    /// purchase, 【小計】 and 【合計】 are no transactions; an unquoted `1,705` (the note empty
    /// after it) is ¥1,705, not ¥1 with a note of 705; a refund is negative.
    func testSaison_SkipsUsersSubtotalsAndJoinsAnUnquotedThousandsSeparator() throws {
        let text = """
            カード名称,セゾンカードインターナショナル
            お支払日,2026/06/04
            今回ご請求額,0000005705

            利用日,ご利用店名及び商品名,本人・家族区分,支払区分名称,締前入金区分,利用金額,備考
            ,ご利用者名:サンプル タロウ         様,,,,,
            2026/04/03,コーヒーショップ 中野店,1,1回,,480,
            2026/04/10,ホームセンター 杉並店,1,1回,,1,705,
            2026/04/15,EXAMPLE.COM,1,1回,,1620,現地通貨額:10.00 USD
            ,EXAMPLE.COM,1,1回,,,
            2026/04/20,ホームセンター 杉並店,1,1回,,-300,
            ,【小計】,,,,3505,
            ,ご利用者名:サンプル ハナコ         様,2,,,,
            2026/04/22,ドラッグストア 荻窪店,2,1回,,2200,
            ,【小計】,,,,2200,
            ,【合計】,,,,5705,

            """
        let read = try read(text)
        XCTAssertEqual(read.preset, "saison")
        XCTAssertEqual(read.entries, [
            "2026-04-03 expense コーヒーショップ 中野店 480",
            "2026-04-10 expense ホームセンター 杉並店 1705",
            "2026-04-15 expense EXAMPLE.COM 1620",
            "2026-04-20 expense ホームセンター 杉並店 -300",
            "2026-04-22 expense ドラッグストア 荻窪店 2200",
        ])
        XCTAssertEqual(read.total, 5705, "the statement's 今回ご請求額")
        XCTAssertEqual(
            read.skipped, [6, 10, 12, 13, 15, 16].map { "\($0): no date (a total, a section, a note or a title)" })
        XCTAssertTrue(StatementReader.readsAsValue("1回", layout: StatementLayout(), minorDigits: 0, today: today))
        XCTAssertTrue(StatementReader.readsAsValue("１回", layout: StatementLayout(), minorDigits: 0, today: today))
        XCTAssertFalse(StatementReader.readsAsValue("第3回", layout: StatementLayout(), minorDigits: 0, today: today))
    }

    // MARK: American Express

    /// AMEX (Japan): names lose their full-width padding, the member number (`-11111`) is no
    /// amount, a credit is a refund, and the payment of the last statement is a transfer.
    func testAmex_ReadsChargesAndCreditsAndCountsThePaymentAsATransfer() throws {
        let text = """
            ご利用日,データ処理日,ご利用内容,カード会員様名,会員番号 #,金額,海外通貨利用金額,換算レート
            2026/06/21,2026/06/22,スーパーマーケット　サンプル店　　　　,TARO SAMPLE,-11111,"12,340",,
            2026/06/20,2026/06/21,ＡＢＣ　ＳＴＯＲＥ　　　　　　　　　,HANAKO SAMPLE,-22222,980,,
            2026/06/18,2026/06/19,ＥＸＡＭＰＬＥ　ＳＨＯＰ　,TARO SAMPLE,-11111,"1,320",10.00,132.00
            2026/06/15,2026/06/17,スーパーマーケット　サンプル店　　　　,TARO SAMPLE,-11111,-540,,
            2026/05/26,2026/05/26,前回分口座振替金額,TARO SAMPLE,-11111,"-45,678",,

            """
        let read = try read(text)
        XCTAssertEqual(read.preset, "amex")
        XCTAssertEqual(read.entries, [
            "2026-06-21 expense スーパーマーケット　サンプル店 12340",
            "2026-06-20 expense ＡＢＣ　ＳＴＯＲＥ 980",
            "2026-06-18 expense ＥＸＡＭＰＬＥ　ＳＨＯＰ 1320",
            "2026-06-15 expense スーパーマーケット　サンプル店 -540",
        ])
        XCTAssertEqual(read.total, 14100)
        XCTAssertEqual(read.skipped, ["6: a transfer (ご利用内容 前回分口座振替金額)"])
        XCTAssertEqual(
            StatementPreset.detect(in: "ご利用日,データ処理日,ご利用内容,金額,海外通貨利用金額,換算レート,\n")?.name, "amex",
            "the older header, without the member's name and number")
    }

    // MARK: EPOS

    /// EPOS: the title line is passed over; ショッピング合計 and the ※ note have no date; a
    /// cash advance (種別 キャッシング) is a transfer; a refund is negative; the billing
    /// statement's header reads the same.
    func testEpos_SkipsTotalsAndNotesAndCountsACashAdvanceAsATransfer() throws {
        let text = """
            月別ご利用明細　サンプル　ハナコ　様　ご利用期間：2026年1月から2026年2月　株式会社エポスカード,,,,,,,
            種別（ショッピング、キャッシング、その他）,ご利用年月日,ご利用場所,ご利用内容,\
            ご利用金額（キャッシングでは元金になります）,支払区分,お支払開始月,備考
            ショッピング,2026年1月5日,サンプルストア新宿,－,1200,1回払い,2026年2月,
            ショッピング,2026年1月18日,オンラインショップＡ,－,3480,1回払い,2026年2月,
            ショッピング,2026年1月20日,オンラインショップＡ,－,-480,1回払い,2026年2月,
            その他,2026年1月21日,年会費,－,"1,000",1回払い,2026年2月,
            ショッピング合計,,,,5200,,,
            キャッシング,2026年1月25日,ＡＴＭ　サンプル,－,10000,1回払い,2026年2月,
            ※１　ご利用金額は税込です。,,,,,,,

            """
        let read = try read(text)
        XCTAssertEqual(read.preset, "epos")
        XCTAssertEqual(read.entries, [
            "2026-01-05 expense サンプルストア新宿 1200",
            "2026-01-18 expense オンラインショップＡ 3480",
            "2026-01-20 expense オンラインショップＡ -480",
            "2026-01-21 expense 年会費 1000",
        ])
        XCTAssertEqual(read.total, 5200)
        XCTAssertEqual(read.skipped, [
            "7: no date (a total, a section, a note or a title)",
            "8: a transfer (キャッシング)",
            "9: no date (a total, a section, a note or a title)",
        ])
        let billing = """
            種別（ショッピング、キャッシング、その他）,ご利用年月日,ご利用場所,ご利用内容,ご利用金額,\
            お支払金額（キャッシングでは利息を含みます）,支払区分
            ショッピング,2026年07月01日,店舗A,－,2627,2627,1回払い
            お支払合計額,,,,,2627,

            """
        let billed = try self.read(billing)
        XCTAssertEqual(billed.preset, "epos")
        XCTAssertEqual(billed.entries, ["2026-07-01 expense 店舗A 2627"])
        XCTAssertEqual(billed.nonTransactions, 1)
    }

    // MARK: AEON

    /// AEON: the preamble (every line padded to nine cells) is passed over, dates are written
    /// `260518`, a member discount (no date, negative) is a refund on the day of the purchase
    /// above it, and the lines after the rows (the instalments' title and header) have no date.
    func testAeonCard_ReadsTwoDigitYearDatesAfterItsPreamble() throws {
        let text = """
            ご利用カード,イオンカード（サンプル）,,,,,,,
            今回ご請求金額,5970,,,,,,,
            お支払い日,2026年 7月 2日,,,,,,,
            ご利用明細,,,,,,,,
            ご利用日,利用者区分,ご利用先,支払方法,,,ご利用金額,備考,
            260518,本人,イオンサンプル店,１回,,,3200,,
            ,本人,会員値引,１回,,,-160,,
            260521,家族,サンプル書店,１回,,,1650,,
            260524,本人,サンプル書店,１回,,,-500,,
            260525,本人,サンプルドラッグ,１回,,,"1,780",２０２６／０６カイヒ,
            ,,ご利用合計,,,,5970,,
            分割・ボーナス払い明細,,,,,,,,
            ご利用日,ご利用先,支払回数,ご利用金額,実質年率,お支払い総額,今回ご請求金額,内手数料,今回回数
            260310,サンプル家電,12,120000,15.00,132000,11000,1000,3

            """
        let read = try read(text)
        XCTAssertEqual(read.preset, "aeon-card")
        XCTAssertEqual(read.entries, [
            "2026-05-18 expense イオンサンプル店 3200",
            "2026-05-18 expense 会員値引 -160",
            "2026-05-21 expense サンプル書店 1650",
            "2026-05-24 expense サンプル書店 -500",
            "2026-05-25 expense サンプルドラッグ 1780",
        ])
        XCTAssertEqual(read.total, 5970)
        XCTAssertEqual(read.skipped, [
            "11: no date (a total, a section, a note or a title)",
            "12: no date (a total, a section, a note or a title)",
            "13: left out (after 分割・ボーナス払い明細)",
            "14: left out (after 分割・ボーナス払い明細)",
        ], "the total is no purchase, and the instalments' table is not read by this table's columns")
        let orphan = text.replacingOccurrences(of: "260518,本人,イオンサンプル店", with: ",本人,イオンサンプル店")
        XCTAssertThrowsError(try self.read(orphan), "a purchase with no date is refused, not passed over")
    }

    // MARK: JCB

    /// JCB (MyJCB): the quoted preamble is passed over; every row names its card in ご利用者;
    /// dates may start with a space; a refund is negative; a cash advance is a transfer.
    func testJcb_ReadsRowsOfEveryCardAfterItsPreamble() throws {
        let text = """
            "","","今回のお支払日","2026/07/10"
            "","","今回のお支払金額合計(￥)","4,365"
            "","","　うち国内ご利用金額合計(￥)","4,365"
            "","","　うち海外ご利用金額合計(￥)","0"
            "【ご利用明細】"
            "ご利用者","カテゴリ","ご利用日","ご利用先など","ご利用金額(￥)","支払区分","今回回数","訂正サイン",\
            "お支払い金額(￥)","国内／海外","摘要","備考"
            "****-****-****-1234　ｻﾝﾌﾟﾙ ﾀﾛｳ様","≪ショッピング取組（国内）≫"," 2026/05/21","サンプル食堂","920","１回","","",\
            "920","国内","","* 1"
            "****-****-****-1234　ｻﾝﾌﾟﾙ ﾀﾛｳ様"," ≪ショッピング≫"," 2026/06/03","サンプル通販","1,145","１回","","",\
            "1,145","国内","",""
            "****-****-****-5678　ｻﾝﾌﾟﾙ ﾊﾅｺ様","≪ショッピング取組（国内）≫"," 2026/06/05","サンプル書店","2,500","１回","","",\
            "2,500","国内","",""
            "****-****-****-1234　ｻﾝﾌﾟﾙ ﾀﾛｳ様","≪ショッピング取組（国内）≫"," 2026/06/08","サンプル通販","-200","１回","",\
            "*","-200","国内","",""
            "****-****-****-1234　ｻﾝﾌﾟﾙ ﾀﾛｳ様","≪キャッシング≫"," 2026/06/09","ＡＴＭ","10,000","１回","","",\
            "10,000","国内","",""

            """
        let read = try read(text)
        XCTAssertEqual(read.preset, "jcb")
        XCTAssertEqual(read.entries, [
            "2026-05-21 expense サンプル食堂 920",
            "2026-06-03 expense サンプル通販 1145",
            "2026-06-05 expense サンプル書店 2500",
            "2026-06-08 expense サンプル通販 -200",
        ])
        XCTAssertEqual(read.total, 4365, "the statement's お支払金額合計")
        XCTAssertEqual(read.skipped, ["11: a transfer (カテゴリ ≪キャッシング≫)"])
        XCTAssertEqual(try self.read("JCBカードご利用代金明細\n" + text).preset, "jcb", "after a title line too")
    }
}
