import BudgetCore
import Foundation
import XCTest

/// The card presets through the built binary: each card's statement (made up, in its exact
/// shape, in CP932 as the cards write it) imports with no options, is named in the
/// confirmation, lists its skipped lines with `--dry-run`, and adds nothing the second time.
final class CardPresetEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
    }

    /// Writes a statement file in CP932 and returns its path.
    private func statement(_ name: String, _ text: String) throws -> String {
        let url = budget.directory.appendingPathComponent(name)
        try Data(try TextEncoding.cp932.encode(text)).write(to: url)
        return url.path
    }

    /// Each expense as `date name amount`.
    private func expenses() throws -> [String] {
        Listing(tsv: try budget.run("list", "expenses", "--format", "tsv").stdout).rows.map {
            "\($0["date"] ?? "") \($0["name"] ?? "") \($0["amount"] ?? "")"
        }
    }

    /// A card's statement: its text, the confirmation of its import and the expenses it gives.
    private struct Card {
        var file: String
        var text: String
        var confirmation: String
        var expenses: [String]
    }

    private let cards = [
        Card(
            file: "vpass.csv",
            text: """
                2026/7/20,キャッシュバック（ポイント交換）,ご本人,,,'26/08,-500,-500,,,,,
                2026/7/4,ＡＭＡＺＯＮ．ＣＯ．ＪＰ,ご家族,1回払い,,'26/08,3844,3844,,,,,

                """,
            confirmation: "Imported 2 expenses (1 of them a refund) from an SMBC card (Vpass, non-fixed) statement "
                + "(expenses filed 2 under the default category).\n",
            expenses: ["2026-07-20 キャッシュバック（ポイント交換） -500", "2026-07-04 ＡＭＡＺＯＮ．ＣＯ．ＪＰ 3844"]),
        Card(
            file: "saison.csv",
            text: """
                カード名称,セゾンカードインターナショナル
                お支払日,2026/06/04
                今回ご請求額,0000001705

                利用日,ご利用店名及び商品名,本人・家族区分,支払区分名称,締前入金区分,利用金額,備考
                ,ご利用者名:サンプル タロウ         様,,,,,
                2026/04/10,ホームセンター 杉並店,1,1回,,1,705,
                ,【小計】,,,,1705,
                ,【合計】,,,,1705,

                """,
            confirmation: "Imported 1 expense from a Saison card (Netアンサー) statement (3 lines without a transaction "
                + "skipped; expenses filed 1 under the default category).\n",
            expenses: ["2026-04-10 ホームセンター 杉並店 1705"]),
        Card(
            file: "amex.csv",
            text: """
                ご利用日,データ処理日,ご利用内容,カード会員様名,会員番号 #,金額,海外通貨利用金額,換算レート
                2026/06/21,2026/06/22,スーパーマーケット　サンプル店　　　　,TARO SAMPLE,-11111,"12,340",,
                2026/05/26,2026/05/26,前回分口座振替金額,TARO SAMPLE,-11111,"-45,678",,

                """,
            confirmation: "Imported 1 expense from an American Express statement (1 transfer skipped; "
                + "expenses filed 1 under the default category).\n",
            expenses: ["2026-06-21 スーパーマーケット　サンプル店 12340"]),
        Card(
            file: "epos.csv",
            text: """
                月別ご利用明細　サンプル　ハナコ　様　株式会社エポスカード,,,,,,,
                種別（ショッピング、キャッシング、その他）,ご利用年月日,ご利用場所,ご利用内容,\
                ご利用金額（キャッシングでは元金になります）,支払区分,お支払開始月,備考
                ショッピング,2026年1月5日,サンプルストア新宿,－,1200,1回払い,2026年2月,
                ショッピング合計,,,,1200,,,
                キャッシング,2026年1月25日,ＡＴＭ　サンプル,－,10000,1回払い,2026年2月,

                """,
            confirmation: "Imported 1 expense from an EPOS card statement (1 transfer skipped; 1 line without a "
                + "transaction skipped; expenses filed 1 under the default category).\n",
            expenses: ["2026-01-05 サンプルストア新宿 1200"]),
        Card(
            file: "aeon.csv",
            text: """
                ご利用カード,イオンカード（サンプル）,,,,,,,
                今回ご請求金額,3040,,,,,,,
                お支払い日,2026年 7月 2日,,,,,,,
                ご利用明細,,,,,,,,
                ご利用日,利用者区分,ご利用先,支払方法,,,ご利用金額,備考,
                260518,本人,イオンサンプル店,１回,,,3200,,
                ,本人,会員値引,１回,,,-160,,

                """,
            confirmation: "Imported 2 expenses (1 of them a refund) from an AEON card statement "
                + "(expenses filed 2 under the default category).\n",
            expenses: ["2026-05-18 イオンサンプル店 3200", "2026-05-18 会員値引 -160"]),
        Card(
            file: "jcb.csv",
            text: """
                "","","今回のお支払日","2026/07/10"
                "【ご利用明細】"
                "ご利用者","カテゴリ","ご利用日","ご利用先など","ご利用金額(￥)","支払区分","今回回数","訂正サイン",\
                "お支払い金額(￥)","国内／海外","摘要","備考"
                "****-****-****-1234　ｻﾝﾌﾟﾙ ﾀﾛｳ様","≪ショッピング取組（国内）≫"," 2026/06/03","サンプル通販","1,145",\
                "１回","","","1,145","国内","",""

                """,
            confirmation: "Imported 1 expense from a JCB card (MyJCB) statement "
                + "(expenses filed 1 under the default category).\n",
            expenses: ["2026-06-03 サンプル通販 1145"]),
    ]

    /// Every card: no options, its name in the confirmation, its expenses, and nothing added
    /// by the same file again.
    func testCards_ImportWithNoOptionsAndOnlyOnce() throws {
        for card in cards {
            budget = try BudgetProcess()
            let path = try statement(card.file, card.text)
            let first = try budget.run("import", path)
            XCTAssertEqual(first.code, 0, first.stderr)
            XCTAssertEqual(first.stderr, card.confirmation, card.file)
            XCTAssertEqual(try expenses(), card.expenses, card.file)
            let again = try budget.run("import", path)
            XCTAssertEqual(again.code, 0, again.stderr)
            XCTAssertEqual(again.stdout, "", card.file)
            XCTAssertTrue(again.stderr.hasPrefix("Imported nothing from "), again.stderr)
            XCTAssertEqual(try expenses().count, card.expenses.count, card.file)
        }
    }

    /// View Card: no longer taken for Vpass; `--dry-run` lists the card-holder line and the
    /// Suica auto-charge (a transfer); 払戻額 is a refund.
    func testViewCard_IsNamedAndListsWhatItSkips() throws {
        let path = try statement(
            "view.csv",
            """
            会員番号,****-****-****-1234
            対象カード,「ビュー・スイカ｣カード
            お支払日,2026年07月06日
            今回お支払金額,"2,004"

            ご利用年月日,ご利用箇所,ご利用額,払戻額,ご請求額（うち手数料・利息）,支払区分（回数）,今回回数,\
            今回ご請求額・弁済金（うち手数料・利息）,現地通貨額,通貨略称,換算レート
            ****-****-****-1234 サンプル　タロウ
            2026/05/21,新宿駅　オートチャージ,"3,000",,"3,000",１回払,,"3,000",,   ,
            2026/05/28,サンプル書店,"1,980",,"1,980",１回払,,"1,980",,   ,
            2026/06/02,サンプル書店,,500,-500,１回払,,-500,,   ,
            2026/06/10,カード年会費,524,,524,１回払,,524,,   ,

            """)
        let dry = try budget.run("import", path, "--dry-run")
        XCTAssertEqual(dry.code, 0, dry.stderr)
        XCTAssertTrue(
            dry.stderr.hasPrefix(
                "Would import 3 expenses (1 of them a refund) from a View Card statement (1 transfer skipped; "
                    + "1 line without a transaction skipped"),
            dry.stderr)
        XCTAssertTrue(dry.stderr.contains("line 7: no date"), dry.stderr)
        XCTAssertTrue(
            dry.stderr.contains("line 8: a transfer (ご利用箇所 新宿駅　オートチャージ)"), dry.stderr)
        XCTAssertNil(budget.dataBytes())
        try budget.succeed("import", path)
        XCTAssertEqual(
            try expenses(), ["2026-05-28 サンプル書店 1980", "2026-06-02 サンプル書店 -500", "2026-06-10 カード年会費 524"])
    }
}
