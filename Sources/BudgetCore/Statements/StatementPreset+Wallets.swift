/// Electronic money, transit cards and payment apps.
extension StatementPreset {
    /// The wallets and payment apps, in the order they are tried.
    static let wallets: [StatementPreset] = [payPay, mobileSuica, sfCardViewer, waon, payPal]

    /// The PayPay app's history (取引履歴, UTF-8 with a BOM): `取引日,出金金額（円）,入金金額（円）,
    /// 海外出金金額,通貨,変換レート（円）,利用国,取引内容,取引先,取引方法,支払い区分,利用者,取引番号`, dates
    /// with a time (`2025/02/11 22:32:13`), `-` for nothing, separate out and in columns. The
    /// shop (取引先) else the kind of row (取引内容) is the name; 取引番号 is the row's ID (the two
    /// halves of a payment split between points and a card share it, and are told apart by
    /// their order). Points and balance earned (`ポイント、残高の獲得`) are incomes; a top-up
    /// (`チャージ`) and money sent back to one's own bank (`口座送金`) are transfers.
    static let payPay = StatementPreset(
        name: "paypay", title: "a PayPay history",
        signature: ["取引日", "出金金額(円)", "入金金額(円)", "取引内容", "取引先", "取引番号"],
        layout: layout(
            [
                .date: ["取引日"], .name: ["取引先", "取引内容"], .out: ["出金金額(円)"], .in: ["入金金額(円)"],
                .kind: ["取引内容"], .id: ["取引番号"],
            ],
            kindValues: [KindValue("チャージ", .transfer), KindValue("口座送金", .transfer)]))

    /// モバイルSuica's history (SF（電子マネー）利用履歴, the member site's table saved as CSV):
    /// `月日,種別,利用場所,種別,利用場所,残高,入金・利用額` (the names repeat: read by position), dates
    /// as `10/28` without a year, signed amounts (`+10,000` a charge, `-220` a fare). The place
    /// of exit, else of entry or purchase, else the kind (`物販`) is the name. Charges (`ｵｰﾄ` auto
    /// charge, `VIEW`, `ｶｰﾄﾞ`, `現金`) are transfers, with or without an amount; the carried-over
    /// balance (`繰`) has no amount: a line without a transaction. Any other money in is a
    /// charge too (a transfer), never an income. The older table's header
    /// (`月/日,…,残額,差額`) is read the same way.
    static let mobileSuica = StatementPreset(
        name: "mobile-suica", title: "a Mobile Suica history",
        signature: ["月日", "種別", "利用場所", "残高", "入金・利用額"],
        alternatives: [["月/日", "種別", "利用場所", "残額", "差額"]],
        layout: layout(
            [.date: ["1"], .name: ["5", "3", "2"], .amount: ["7"], .kind: ["2"]],
            kindValues: ["ｵｰﾄ", "VIEW", "ｶｰﾄﾞ", "現金"].map { KindValue($0, .transfer) }),
        moneyInIsTransfer: true)

    /// A Suica or PASMO card's history read by SFCardViewer (CP932): a first line
    /// `カードID=…`, then `利用年月日,定期,鉄道会社名,入場駅/事業者名,定期,鉄道会社名,出場駅/降車場所,
    /// 利用額(円),残額(円),メモ`; spending positive. The exit station, else the entry station or a
    /// bus's operator (入場駅/事業者名: a bus ride has no exit), else the note (`物販`: a purchase
    /// names no station) is the name. A charge (`-3000` noted `ｵｰﾄﾁｬｰｼﾞ`, or `ﾁｬｰｼﾞ`, or any
    /// other negative amount: only a charge brings money in) is a transfer, never a refund; a
    /// row of 0 (`窓出`, an exit at the fare window) moved nothing.
    static let sfCardViewer = StatementPreset(
        name: "sfcardviewer", title: "a Suica/PASMO history (SFCardViewer)",
        signature: ["利用年月日", "入場駅/事業者名", "出場駅/降車場所", "利用額(円)", "残額(円)"],
        layout: layout(
            [
                .date: ["利用年月日"], .name: ["出場駅/降車場所", "入場駅/事業者名", "メモ"], .amount: ["利用額(円)"],
                .kind: ["メモ"],
            ],
            sign: .expensePositive,
            kindValues: [KindValue("ｵｰﾄﾁｬｰｼﾞ", .transfer), KindValue("ﾁｬｰｼﾞ", .transfer)]),
        moneyInIsTransfer: true)

    /// WAON's history: `取引年月日,利用店舗,利用金額（税込）,利用区分,チャージ区分`, amounts as `"1,489円"`.
    /// The kind of use (利用区分) decides each row: a payment (`支払`) is an expense, a cancelled
    /// one (`支払取消`) money back (an income); charges (`チャージ`, `オートチャージ`) and moves of
    /// the balance to and from another card (`WAON移行（アップロード）`, `WAON移行（ダウンロード）`)
    /// are transfers; a point download (`ポイントダウンロード`, 0 yen) is left out. Any other kind
    /// is refused. The shop (利用店舗) is the name.
    static let waon = StatementPreset(
        name: "waon", title: "a WAON history",
        signature: ["取引年月日", "利用店舗", "利用金額(税込)", "利用区分"],
        layout: layout(
            [.date: ["取引年月日"], .name: ["利用店舗"], .amount: ["利用金額(税込)"], .kind: ["利用区分"]],
            kindValues: [
                KindValue("支払", .expense), KindValue("支払取消", .income), KindValue("チャージ", .transfer),
                KindValue("オートチャージ", .transfer), KindValue("ポイントダウンロード", .skip),
                KindValue("WAON移行（アップロード）", .transfer), KindValue("WAON移行（ダウンロード）", .transfer),
            ]))

    /// PayPal's activity download from the Japanese site (41 columns: `日付,時間,タイムゾーン,名前,
    /// タイプ,ステータス,通貨,合計,手数料,正味,…,取引ID,…`): one signed gross amount (合計, spending
    /// negative), 取引ID as the row's ID, the other party (名前) else the type (タイプ) as the
    /// name. Each payment funded by a card comes with a funding row (no name, タイプ
    /// `クレジットカードによる一般の入金`): a transfer.
    static let payPal = StatementPreset(
        name: "paypal", title: "a PayPal history",
        signature: ["日付", "時間", "タイムゾーン", "名前", "タイプ", "ステータス", "合計", "取引ID"],
        layout: layout(
            [.date: ["日付"], .name: ["名前", "タイプ"], .amount: ["合計"], .kind: ["タイプ"], .id: ["取引ID"]],
            kindValues: [KindValue("クレジットカードによる一般の入金", .transfer)]))
}
