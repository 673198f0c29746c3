import XCTest
@testable import BudgetCore

/// Every preset is found in its own export's first lines and in no other's: the presets'
/// headers share words (日付, 利用日, ご利用金額, 出金金額), never a whole signature, and a
/// headerless export's first row is no other's.
final class PresetDetectionTests: XCTestCase {
    /// One export's first lines per preset (headers as found, with invented preambles).
    static let samples: [String: String] = [
        "moneyforward": "計算対象,日付,内容,金額（円）,保有金融機関,大項目,中項目,メモ,振替,ID",
        "zaim": "日付,方法,カテゴリ,カテゴリの内訳,支払元,入金先,品目,メモ,お店,通貨,収入,支出,振替,残高調整,通貨変換前の金額,集計の設定",
        "rakuten-bank": "取引日,入出金(円),取引後残高(円),入出金内容",
        "sbi-sumishin": #""日付","内容","出金金額(円)","入金金額(円)","残高(円)","メモ""#,
        "mufg": "日付,摘要,摘要内容,支払い金額,預かり金額,差引残高,メモ,未資金化区分,入払区分",
        "yucho": "お客さま口座情報\n現在高：,\"1,000\",円,\n出力日時：令和 08 年 11 月 25 日\n"
            + "口座番号：00000-00000000\n照会対象：全期間\n明細件数：1\n"
            + "取引日,入出金明細ＩＤ,受入金額（円）,払出金額（円）,詳細１,詳細２,現在（貸付）高,",
        "smbc-bank": "年月日,お引出し,お預入れ,お取り扱い内容,残高,メモ,ラベル",
        "ja-bank": #""番号","明細区分","取扱日付","起算日","お支払金額","お預り金額","取引区分","残高","摘要""#,
        "sbi-shinsei": #""取引日","摘要","出金金額","入金金額","残高""#,
        "rakuten-card": #""利用日","利用店名・商品名","利用者","支払方法","利用金額","支払手数料","支払総額""#,
        "smbc-card": "テスト　様,1234-56**-****-****,テストカード\n2026/10/13,テスト商店,390,１,１,390,",
        "smbc-card-nonfixed": "2026/4/30,テスト商店,ご本人,1回払い,,'26/05,213,213,,,,,",
        "paypay-card": #""利用日/キャンセル日","利用店名・商品名","利用者","支払区分","利用金額","手数料""#,
        "view-card": "会員番号,****-****-****-1234\n対象カード,テストカード\nお支払日,2026年05月07日\n"
            + "今回お支払金額,\"3,524\"\n\nご利用年月日,ご利用箇所,ご利用額,払戻額,ご請求額（うち手数料・利息）",
        "saison": "利用日,ご利用店名及び商品名,本人・家族区分,支払区分名称,締前入金区分,利用金額,備考",
        "amex": "ご利用日,データ処理日,ご利用内容,カード会員様名,会員番号 #,金額,海外通貨利用金額,換算レート",
        "epos": "月別ご利用明細　テスト　様　株式会社エポスカード\n"
            + "種別（ショッピング、キャッシング、その他）,ご利用年月日,ご利用場所,ご利用内容,ご利用金額,支払区分",
        "aeon-card": "ご利用カード,イオンカード,,,,,,,\nご利用日,利用者区分,ご利用先,支払方法,,,ご利用金額,備考,",
        "jcb": "JCBカードご利用代金明細\n"
            + #""ご利用者","カテゴリ","ご利用日","ご利用先など","ご利用金額(￥)","支払区分""#,
        "paypay": "取引日,出金金額（円）,入金金額（円）,海外出金金額,通貨,変換レート（円）,利用国,取引内容,取引先,取引方法,"
            + "支払い区分,利用者,取引番号",
        "mobile-suica": "月日,種別,利用場所,種別,利用場所,残高,入金・利用額",
        "sfcardviewer": "カードID=0000000000000000,,,,,,,,,\n"
            + "利用年月日,定期,鉄道会社名,入場駅/事業者名,定期,鉄道会社名,出場駅/降車場所,利用額(円),残額(円),メモ",
        "waon": "取引年月日,利用店舗,利用金額（税込）,利用区分,チャージ区分",
        "paypal": "日付,時間,タイムゾーン,名前,タイプ,ステータス,通貨,合計,手数料,正味,送信者メールアドレス,"
            + "受信者メールアドレス,取引ID",
    ]

    func testEveryPreset_IsFoundInItsOwnExportOnly() {
        XCTAssertEqual(Set(Self.samples.keys), Set(StatementPreset.all.map(\.name)), "a sample for every preset")
        for (name, sample) in Self.samples.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(StatementPreset.detect(in: sample + "\n")?.name, name, sample)
            // Every header line of the sample matches its own preset's signature only.
            for line in sample.split(separator: "\n") {
                let cells = line.split(separator: ",", omittingEmptySubsequences: false).map {
                    String($0).replacingOccurrences(of: "\"", with: "")
                }
                let matching = StatementPreset.all.filter { $0.matchesHeader(cells) }.map(\.name)
                XCTAssertTrue(matching == [] || matching == [name], "\(line): \(matching)")
            }
        }
        for preset in StatementPreset.all {
            XCTAssertEqual(StatementPreset.named(preset.name)?.title, preset.title)
        }
    }
}
