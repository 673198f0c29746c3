/// Credit cards' statements.
extension StatementPreset {
    /// The cards, in the order they are tried.
    static let cards: [StatementPreset] = [
        rakutenCard, smbcCard, smbcCardNonFixed, payPayCard, viewCard, saison, amex, epos, aeonCard, jcb,
    ]

    /// Rakuten Card's statement: purchases positive, a refund negative.
    static let rakutenCard = StatementPreset(
        name: "rakuten-card", title: "a Rakuten Card statement",
        signature: ["利用日", "利用店名・商品名", "利用金額"],
        layout: layout([.date: ["利用日"], .name: ["利用店名・商品名"], .amount: ["利用金額"]], sign: .expensePositive))

    /// SMBC card's Vpass export: no header; each card's section starts with the holder's line
    /// (`氏名　様,0000-00**-****-****,カード名`); rows are `date,shop,amount,…` with unquoted
    /// commas inside shop names; total lines have no date.
    static let smbcCard = StatementPreset(
        name: "smbc-card", title: "an SMBC card (Vpass) statement", signature: [],
        layout: layout(
            [.date: ["1"], .name: ["2"], .amount: ["3"], .note: ["7"]], sign: .expensePositive, hasHeader: false),
        headerless: Headerless(
            fieldCount: 7, isSectionLine: isVpassHolderLine, startsFile: isVpassHolderLine,
            isPurchase: isVpassPurchase, amountFields: [5]))

    /// The holder, the card's masked number and its name: View Card's first line
    /// (`会員番号,****-****-****-1234`) has the number but is no holder line.
    @Sendable static func isVpassHolderLine(_ cells: [String]) -> Bool {
        cells.count >= 3 && isMaskedCardNumber(cells[1]) && !FieldRules.trimmed(cells[2]).isEmpty
    }

    /// Whether a row has the shape of a purchase: `date, shop, amount, n, n, payment, note`,
    /// the two small counts where they belong and, for a single payment, the payment equal
    /// to the amount; or the three payment fields empty.
    @Sendable static func isVpassPurchase(_ cells: [String], _ amount: (String) -> Int?) -> Bool {
        func count(_ text: String) -> Int? {
            let plain = FieldRules.trimmed(HalfWidth.plain(text))
            guard (1...2).contains(plain.count), plain.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(plain)
        }
        guard cells.count >= 6, let value = amount(cells[2]) else { return false }
        if cells[3...5].allSatisfy({ FieldRules.trimmed($0).isEmpty }) { return true }
        guard count(cells[3]) != nil, let times = count(cells[4]), let payment = amount(cells[5]) else {
            return false
        }
        return times != 1 || payment == value
    }

    /// PayPay Card's statement: purchases positive, cancellations negative.
    static let payPayCard = StatementPreset(
        name: "paypay-card", title: "a PayPay Card statement",
        signature: ["利用日/キャンセル日", "利用店名・商品名", "利用金額"],
        layout: layout([.date: ["利用日/キャンセル日"], .name: ["利用店名・商品名"], .amount: ["利用金額"]], sign: .expensePositive))

    /// SMBC card's Vpass "non-fixed" (未確定) export, also its newer regular download: no header,
    /// no holder line, no totals; thirteen fields `date, shop, user (ご本人/ご家族), payment
    /// (1回払い; empty for a credit), instalment, first month ('22/08), amount, this month's
    /// payment, …` (the last five hold an overseas purchase's currency). The amount is the
    /// seventh field, purchases positive, a credit (キャッシュバック, a refund) negative;
    /// detected from its first row's shape. Verified on a real file (2018) and importers' tests;
    /// where the overseas fields go is inferred.
    static let smbcCardNonFixed = StatementPreset(
        name: "smbc-card-nonfixed", title: "an SMBC card (Vpass, non-fixed) statement", signature: [],
        layout: layout([.date: ["1"], .name: ["2"], .amount: ["7"]], sign: .expensePositive, hasHeader: false),
        headerless: Headerless(
            fieldCount: 13, isSectionLine: { _ in false }, startsFile: startsVpassNonFixed,
            isPurchase: isVpassNonFixedPurchase, amountFields: [7],
            shape: "date, shop, the user, the payment, an instalment, a month, the amount, the payment, …"))

    /// The card's user in the non-fixed layout's third field.
    static let vpassUsers: Set<String> = ["本人", "ご本人", "家族", "ご家族"]

    /// Whether a first row is a non-fixed purchase: a date with its year, then (after a shop's
    /// name, which may hold unquoted commas) the user, and at least the thirteen fields.
    @Sendable static func startsVpassNonFixed(_ cells: [String]) -> Bool {
        guard cells.count >= 13 else { return false }
        let date = FieldRules.trimmed(HalfWidth.plain(cells[0]))
        let parts = date.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return false }
        // A comma in the shop's name moves the user right by one field for each.
        return cells[2...(cells.count - 11)].contains { vpassUsers.contains(FieldRules.trimmed($0)) }
    }

    /// Whether a row has the non-fixed purchase's shape: the user, a month or nothing where
    /// the first month is, an amount, and a payment or nothing after it.
    @Sendable static func isVpassNonFixedPurchase(_ cells: [String], _ amount: (String) -> Int?) -> Bool {
        guard cells.count == 13, vpassUsers.contains(FieldRules.trimmed(cells[2])), amount(cells[6]) != nil else {
            return false
        }
        let month = FieldRules.trimmed(cells[5])
        let monthReads = month.isEmpty || month.contains { $0.isASCII && $0.isNumber }
        return monthReads && (FieldRules.trimmed(cells[7]).isEmpty || amount(cells[7]) != nil)
    }

    /// View Card's statement (ビューカード, VIEW's NET; also ルミネカード): a preamble (会員番号,
    /// 対象カード, お支払日, 今回お支払金額, a blank line), then the header, a card-holder line
    /// (`****-****-****-1234 氏名`, no date) before each card's rows. A purchase's amount is in
    /// ご利用額, money back in 払戻額 (a refund); a Suica charge (`板橋駅　オートチャージ`,
    /// `ＳＵＩＣＡ　チャージ`: any place naming チャージ) moves money to one's own Suica and is
    /// counted as a transfer; the annual fee is
    /// spending. Verified on a real file; the refund row (払戻額 alone) is from an importer's
    /// test, and several cards in one file are inferred.
    static let viewCard = StatementPreset(
        name: "view-card", title: "a View Card statement",
        signature: ["ご利用年月日", "ご利用箇所", "ご利用額", "払戻額"],
        layout: layout(
            [.date: ["ご利用年月日"], .name: ["ご利用箇所"], .out: ["ご利用額"], .in: ["払戻額"]], sign: .expensePositive),
        exclusions: [Exclusion(column: "ご利用箇所", values: ["チャージ"], meaning: .transfer, withinText: true)])

    /// Saison's Netアンサー statement (セゾン, セゾンAMEX; 出光カード has the same): a preamble
    /// (カード名称, お支払日, 今回ご請求額, a blank line), then the header; each card user's
    /// rows follow a line `,ご利用者名:氏名 様,…` and end with `,【小計】,,,,3505,`, the file
    /// with `【合計】` (no date: skipped). An overseas purchase is followed by a line with its
    /// name and no date or amount (skipped). Amounts plain, now and then with an unquoted
    /// thousands separator (`1,705`, joined back); a refund negative. Verified from importers'
    /// code and tests and a requirements document describing a real file; the refund's sign
    /// and cash advances are inferred (no type column: a cash advance would read as spending).
    static let saison = StatementPreset(
        name: "saison", title: "a Saison card (Netアンサー) statement",
        signature: ["利用日", "ご利用店名及び商品名", "利用金額"],
        layout: layout(
            [.date: ["利用日"], .name: ["ご利用店名及び商品名"], .amount: ["利用金額"], .note: ["備考"]],
            sign: .expensePositive))

    /// American Express's (Japan) online statement: no preamble, the header
    /// `ご利用日,データ処理日,ご利用内容,カード会員様名,会員番号 #,金額,…` (an older one lacks the
    /// member's name and number); names padded with full-width spaces (trimmed); 会員番号 is
    /// written `-12345` and read as nothing. A charge is positive, a credit negative (a refund),
    /// but the payment of the last statement from the bank (`前回分口座振替金額`, negative) is a
    /// transfer. Verified from three importers' tests; a refund's sign is inferred from the
    /// payment row's, and no other payment wording was found.
    static let amex = StatementPreset(
        name: "amex", title: "an American Express statement",
        signature: ["ご利用日", "データ処理日", "ご利用内容", "金額"],
        layout: layout([.date: ["ご利用日"], .name: ["ご利用内容"], .amount: ["金額"]], sign: .expensePositive),
        exclusions: [Exclusion(column: "ご利用内容", values: ["前回分口座振替金額"], meaning: .transfer, withinText: true)])

    /// EPOS card's statement (エポスカード): a title line (`月別ご利用明細　氏名　様　…　株式会社
    /// エポスカード`) before the header; the type column (種別: ショッピング, キャッシング, その他)
    /// marks a cash advance (キャッシング), which moves money into one's wallet: a transfer;
    /// totals (`ショッピング合計`) and notes (`※１ …`) have no date; dates `2026年1月5日`. The
    /// billing statement's header (ご利用金額 then お支払金額, an `お支払合計額` line) reads the
    /// same. Verified from importers' tests; a refund's (negative) shape is inferred.
    static let epos = StatementPreset(
        name: "epos", title: "an EPOS card statement",
        signature: ["ご利用年月日", "ご利用場所", "ご利用内容", "支払区分"],
        layout: layout(
            [
                .date: ["ご利用年月日"], .name: ["ご利用場所"],
                .amount: ["ご利用金額（キャッシングでは元金になります）", "ご利用金額"],
                .kind: ["種別（ショッピング、キャッシング、その他）"], .note: ["ご利用内容"],
            ],
            sign: .expensePositive, kindValues: [KindValue("キャッシング", .transfer)]))

    /// AEON card's statement (イオンカード, 暮らしのマネーサイト): a preamble (ご利用カード,
    /// 今回ご請求金額, お支払い日, perhaps the bank account, `ご利用明細`), every line padded to nine
    /// cells; the header `ご利用日,利用者区分,ご利用先,支払方法,,,ご利用金額,備考,`; dates written
    /// `260518` (two-digit year). A 会員値引 (member discount) line has no date and a negative
    /// amount: it takes the date of the purchase above it, a refund. Verified from five importers
    /// (one checked against a real file). The `分割・ボーナス払い明細` table after the rows has
    /// columns of its own: its rows (none seen; instalments of purchases listed in earlier
    /// months' statements) are left out and counted, never read by this table's columns.
    /// The layout `statements-jp.md` gives (`イオンカードご利用明細`, `ご利用金額(円)`) was found
    /// in no importer and is not read.
    static let aeonCard: StatementPreset = {
        var columns = layout(
            [.date: ["ご利用日"], .name: ["ご利用先"], .amount: ["ご利用金額"], .note: ["備考"]], sign: .expensePositive)
        columns.dateFormat = "%y%m%d"
        return StatementPreset(
            name: "aeon-card", title: "an AEON card statement",
            signature: ["ご利用日", "利用者区分", "ご利用先", "支払方法", "ご利用金額"], layout: columns,
            undatedRowsFollow: true, endMarks: ["分割・ボーナス払い明細", "分割払い明細", "ボーナス払い明細"])
    }()

    /// JCB's MyJCB statement (also セブンカード・プラス): a preamble (`"","","今回のお支払日",…`,
    /// `"【ご利用明細】"`), then the header; every row names its card and holder in ご利用者
    /// (no holder lines); dates may start with a space; amounts quoted with thousands; the
    /// purchase is ご利用金額(￥) (お支払い金額 is this month's part of it). A refund is negative;
    /// a cash advance (カテゴリ holding キャッシング) is a transfer. Verified from a 2019 CP932
    /// fixture and five importers; the refund's shape and the cash advance's カテゴリ are inferred.
    static let jcb = StatementPreset(
        name: "jcb", title: "a JCB card (MyJCB) statement",
        signature: ["ご利用者", "カテゴリ", "ご利用日", "ご利用先など"],
        layout: layout(
            [.date: ["ご利用日"], .name: ["ご利用先など"], .amount: ["ご利用金額(￥)", "ご利用金額"]], sign: .expensePositive),
        exclusions: [Exclusion(column: "カテゴリ", values: ["キャッシング"], meaning: .transfer, withinText: true)])
}
