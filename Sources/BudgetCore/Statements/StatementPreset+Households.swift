/// Household-book apps' exports.
extension StatementPreset {
    /// The household-book apps, in the order they are tried.
    static let households: [StatementPreset] = [moneyForward, zaim]

    /// MoneyForward ME's household-book export: one signed amount (spending negative), its
    /// own category (大項目) and a stable row ID; rows left out of totals (計算対象 0) are
    /// skipped and transfers between one's own accounts (振替 1) counted as transfers.
    static let moneyForward = StatementPreset(
        name: "moneyforward", title: "a MoneyForward ME export",
        signature: ["計算対象", "日付", "内容", "大項目", "振替"],
        layout: layout([
            .date: ["日付"], .name: ["内容"], .amount: ["金額(円)", "金額"], .category: ["大項目"], .note: ["メモ"],
            .id: ["ID"],
        ]),
        exclusions: [
            Exclusion(column: "計算対象", values: ["0"], meaning: .skip),
            Exclusion(column: "振替", values: ["1"], meaning: .transfer),
        ])

    /// Zaim's export: separate income and spending columns, the item's name else the shop's,
    /// else the category's detail or the category (an income row has only its category),
    /// its category; transfers are counted as such and rows excluded from totals skipped.
    static let zaim = StatementPreset(
        name: "zaim", title: "a Zaim export",
        signature: ["日付", "方法", "カテゴリ", "品目", "お店", "収入", "支出"],
        layout: layout([
            .date: ["日付"], .name: ["品目", "お店", "カテゴリの内訳", "カテゴリ"], .out: ["支出"], .in: ["収入"],
            .category: ["カテゴリ"], .note: ["メモ"],
        ]),
        exclusions: [
            Exclusion(column: "方法", values: ["transfer", "振替"], meaning: .transfer),
            Exclusion(column: "集計の設定", values: ["集計に含めない"], meaning: .skip),
        ])
}
