/// Banks' statements.
extension StatementPreset {
    /// The banks, in the order they are tried.
    static let banks: [StatementPreset] = [rakutenBank, sbiSumishin, mufg, yucho]

    /// Rakuten Bank's statement: one signed amount, dates as `20230407`.
    static let rakutenBank = StatementPreset(
        name: "rakuten-bank", title: "a Rakuten Bank statement",
        signature: ["取引日", "入出金(円)", "入出金内容"],
        layout: layout([.date: ["取引日"], .name: ["入出金内容"], .amount: ["入出金(円)"]]))

    /// SBI Sumishin Net Bank's statement: separate out and in columns (`-` when empty).
    static let sbiSumishin = StatementPreset(
        name: "sbi-sumishin", title: "an SBI Sumishin Net Bank statement",
        signature: ["日付", "内容", "出金金額(円)", "入金金額(円)"],
        layout: layout([.date: ["日付"], .name: ["内容"], .out: ["出金金額(円)"], .in: ["入金金額(円)"], .note: ["メモ"]]))

    /// MUFG Bank's statement: the detail (摘要内容) else the summary (摘要) as the name.
    static let mufg = StatementPreset(
        name: "mufg", title: "an MUFG Bank statement",
        signature: ["日付", "摘要", "摘要内容", "支払い金額", "預かり金額"],
        layout: layout([.date: ["日付"], .name: ["摘要内容", "摘要"], .out: ["支払い金額"], .in: ["預かり金額"], .note: ["メモ"]]))

    /// Japan Post Bank (ゆうちょ): separate out and in columns, a row ID, the details as name.
    static let yucho = StatementPreset(
        name: "yucho", title: "a Japan Post Bank (Yucho) statement",
        signature: ["日付", "入出金明細ID", "払出し金額", "預入れ金額"],
        layout: layout([
            .date: ["日付"], .name: ["詳細2", "詳細1"], .out: ["払出し金額"], .in: ["預入れ金額"], .note: ["メモ"],
            .id: ["入出金明細ID"],
        ]))
}
