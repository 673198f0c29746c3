/// Banks' statements.
extension StatementPreset {
    /// The banks, in the order they are tried.
    static let banks: [StatementPreset] = [rakutenBank, sbiSumishin, mufg, yucho, smbcBank, jaBank, sbiShinsei]

    /// Rakuten Bank's statement: one signed amount, dates as `20230407`.
    static let rakutenBank = StatementPreset(
        name: "rakuten-bank", title: "a Rakuten Bank statement",
        signature: ["取引日", "入出金(円)", "入出金内容"],
        layout: layout([
            .date: ["取引日"], .name: ["入出金内容"], .amount: ["入出金(円)"], .balance: ["取引後残高(円)"],
        ]))

    /// SBI Sumishin Net Bank's statement: separate out and in columns (`-` when empty).
    static let sbiSumishin = StatementPreset(
        name: "sbi-sumishin", title: "an SBI Sumishin Net Bank statement",
        signature: ["日付", "内容", "出金金額(円)", "入金金額(円)"],
        layout: layout([
            .date: ["日付"], .name: ["内容"], .out: ["出金金額(円)"], .in: ["入金金額(円)"], .note: ["メモ"],
            .balance: ["残高(円)"],
        ]))

    /// MUFG Bank's statement: the detail (摘要内容) else the summary (摘要) as the name.
    static let mufg = StatementPreset(
        name: "mufg", title: "an MUFG Bank statement",
        signature: ["日付", "摘要", "摘要内容", "支払い金額", "預かり金額"],
        layout: layout([
            .date: ["日付"], .name: ["摘要内容", "摘要"], .out: ["支払い金額"], .in: ["預かり金額"], .note: ["メモ"],
            .balance: ["差引残高"],
        ]))

    /// Japan Post Bank's ゆうちょダイレクト statement (CP932): a preamble of 6 or 7 lines (the
    /// account, its balance, the time of export, the period, the count of rows), then
    /// `取引日,入出金明細ＩＤ,受入金額（円）,払出金額（円）,詳細１,詳細２,現在（貸付）高,` with dates as
    /// `20260801` and separate in and out columns. The name is 詳細２ (the other party: the payer
    /// of a transfer in, the payee of an automatic debit) else 詳細１ (the kind of transaction,
    /// `振込`, `カード`, `利子`: all an interest row has). 入出金明細ＩＤ is numbered anew at each
    /// export, so it is no row's identity: rows are told apart by their content. No row is a
    /// transfer: an ATM withdrawal (`カード`) is spending until accounts exist.
    static let yucho = StatementPreset(
        name: "yucho", title: "a Japan Post Bank (Yucho) statement",
        signature: ["取引日", "入出金明細ID", "受入金額(円)", "払出金額(円)"],
        layout: layout([
            .date: ["取引日"], .name: ["詳細2", "詳細1"], .out: ["払出金額(円)"], .in: ["受入金額(円)"],
            .balance: ["現在(貸付)高"],
        ]))

    /// SMBC Bank's (三井住友銀行) statement (CP932, sometimes a BOM):
    /// `年月日,お引出し,お預入れ,お取り扱い内容,残高[,メモ,ラベル]`, dates as `2026/2/27`, separate
    /// out and in columns, the description (お取り扱い内容) as the name. The last line holds only
    /// the balance (`,,,,149307,,`): a line without a transaction. Older exports date rows in
    /// the Japanese era (`年月日（和暦）`, `H30.01.15`).
    static let smbcBank = StatementPreset(
        name: "smbc-bank", title: "an SMBC Bank statement",
        signature: ["年月日", "お引出し", "お預入れ", "お取り扱い内容"],
        alternatives: [["年月日(和暦)", "お引出し", "お預入れ", "お取り扱い内容"]],
        layout: layout([
            .date: ["年月日", "年月日(和暦)"], .name: ["お取り扱い内容"], .out: ["お引出し"], .in: ["お預入れ"],
            .balance: ["残高"],
        ]))

    /// JA Bank's JAネットバンク statement, and the regional banks' on the same system (京都銀行 …)
    /// (CP932, every field quoted): `"番号","明細区分","取扱日付","起算日","お支払金額","お預り金額",
    /// ["小切手",]"取引区分","残高","摘要"`; amounts as `"\7,000"`; dates as `4月30日`, without a
    /// year (the latest such day on or before the statement's day). The description (摘要) else
    /// the kind of transaction (取引区分) is the name.
    static let jaBank = StatementPreset(
        name: "ja-bank", title: "a JA Bank statement",
        signature: ["取扱日付", "お支払金額", "お預り金額", "摘要"],
        layout: layout([
            .date: ["取扱日付"], .name: ["摘要", "取引区分"], .out: ["お支払金額"], .in: ["お預り金額"],
            .balance: ["残高"],
        ]))

    /// SBI Shinsei Bank's (SBI新生銀行) statement (UTF-8 with a BOM, every field quoted):
    /// `"取引日","摘要","出金金額","入金金額","残高"`, or from the English site
    /// `"Value Date","Description","Debit","Credit","Balance"`; dates as `2023/06/22` in both,
    /// separate out and in columns, the description as the name.
    static let sbiShinsei = StatementPreset(
        name: "sbi-shinsei", title: "an SBI Shinsei Bank statement",
        signature: ["取引日", "摘要", "出金金額", "入金金額"],
        alternatives: [["Value Date", "Description", "Debit", "Credit"]],
        layout: layout([
            .date: ["取引日", "Value Date"], .name: ["摘要", "Description"], .out: ["出金金額", "Debit"],
            .in: ["入金金額", "Credit"], .balance: ["残高", "Balance"],
        ]))
}
