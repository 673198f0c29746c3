/// A Japanese bank, card or household-app export that `import` reads without options: how it is
/// laid out, how its header is recognised, and which of its rows are not spending.
/// (`../shared/reference/statements-jp.md` has the formats.)
public struct StatementPreset: Sendable {
    /// The name `--profile` takes (`rakuten-card`).
    public let name: String
    /// What the confirmation calls such a file (`a Rakuten Card statement`).
    public let title: String
    /// The header cells (folded) that together identify the export.
    let signature: [String]
    /// How its rows are read.
    public let layout: StatementLayout
    /// Rows that are not spending or income (transfers, rows left out of totals): a column and
    /// the (folded) values that mark them.
    let exclusions: [(column: String, values: [String])]
    /// For exports without a header (SMBC's Vpass): the number of fields of a purchase row
    /// (surplus fields are unquoted commas, joined back: `StatementReader.rejoined`), the
    /// shape of a purchase, and how a section's first line (the card holder) is recognised.
    let headerless: Headerless?

    struct Headerless: Sendable {
        var fieldCount: Int
        var isSectionLine: @Sendable ([String]) -> Bool
        /// The fields besides the mapped amount that hold amounts (the payment).
        var amountFields: [Int] = [5]

        /// Whether a row of `fieldCount` fields has the shape of a purchase: `date, shop,
        /// amount, n, n, payment, note`, the two small counts where they belong and, for a
        /// single payment, the payment equal to the amount; or the three payment fields empty.
        func isPurchase(_ cells: [String], decimalMark: DecimalMark, minorDigits: Int) -> Bool {
            guard cells.count == fieldCount else { return false }
            func amount(_ text: String) -> Int? {
                if case .success(let value?) = StatementAmount.parse(
                    text, decimalMark: decimalMark, minorDigits: minorDigits) { return value }
                return nil
            }
            func count(_ text: String) -> Int? {
                let plain = FieldRules.trimmed(HalfWidth.plain(text))
                guard (1...2).contains(plain.count), plain.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
                return Int(plain)
            }
            guard let value = amount(cells[2]) else { return false }
            if cells[3...5].allSatisfy({ FieldRules.trimmed($0).isEmpty }) { return true }
            guard count(cells[3]) != nil, let times = count(cells[4]), let payment = amount(cells[5]) else {
                return false
            }
            return times != 1 || payment == value
        }
    }

    /// Every built-in preset.
    public static let all: [StatementPreset] = [
        moneyForward, zaim, rakutenCard, rakutenBank, sbiSumishin, mufg, smbcCard, payPayCard, yucho,
    ]

    /// The preset with this name.
    public static func named(_ name: String) -> StatementPreset? {
        all.first { $0.name == name }
    }

    init(
        name: String, title: String, signature: [String], layout: StatementLayout,
        exclusions: [(column: String, values: [String])] = [], headerless: Headerless? = nil
    ) {
        self.name = name
        self.title = title
        self.signature = signature
        self.layout = layout
        self.exclusions = exclusions
        self.headerless = headerless
    }

    /// Whether a row is this export's header: it holds every cell of the signature.
    func matchesHeader(_ cells: [String]) -> Bool {
        guard headerless == nil else { return false }
        let folded = Set(cells.map(ColumnReference.folded))
        return signature.allSatisfy(folded.contains)
    }

    private static func layout(
        _ columns: [StatementField: [String]], sign: StatementSign = .expenseNegative, hasHeader: Bool = true
    ) -> StatementLayout {
        var layout = StatementLayout()
        layout.hasHeader = hasHeader
        layout.sign = sign
        for (field, names) in columns { layout[field] = names.compactMap(ColumnReference.init(text:)) }
        return layout
    }

    // MARK: The presets

    /// MoneyForward ME's household-book export: one signed amount (spending negative), its
    /// own category (大項目) and a stable row ID; rows left out of totals (計算対象 0) and
    /// transfers between one's own accounts (振替 1) are skipped.
    static let moneyForward = StatementPreset(
        name: "moneyforward", title: "a MoneyForward ME export",
        signature: ["計算対象", "日付", "内容", "大項目", "振替"],
        layout: layout([
            .date: ["日付"], .name: ["内容"], .amount: ["金額(円)", "金額"], .category: ["大項目"], .note: ["メモ"],
            .id: ["ID"],
        ]),
        exclusions: [("計算対象", ["0"]), ("振替", ["1"])])

    /// Zaim's export: separate income and spending columns, the item's name else the shop's,
    /// else the category's detail or the category (an income row has only its category),
    /// its category; transfers and rows excluded from totals are skipped.
    static let zaim = StatementPreset(
        name: "zaim", title: "a Zaim export",
        signature: ["日付", "方法", "カテゴリ", "品目", "お店", "収入", "支出"],
        layout: layout([
            .date: ["日付"], .name: ["品目", "お店", "カテゴリの内訳", "カテゴリ"], .out: ["支出"], .in: ["収入"],
            .category: ["カテゴリ"], .note: ["メモ"],
        ]),
        exclusions: [("方法", ["transfer", "振替"]), ("集計の設定", ["集計に含めない"])])

    /// Rakuten Card's statement: purchases positive, a refund negative (an income).
    static let rakutenCard = StatementPreset(
        name: "rakuten-card", title: "a Rakuten Card statement",
        signature: ["利用日", "利用店名・商品名", "利用金額"],
        layout: layout([.date: ["利用日"], .name: ["利用店名・商品名"], .amount: ["利用金額"]], sign: .expensePositive))

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

    /// SMBC card's Vpass export: no header; each card's section starts with the holder's line
    /// (`氏名　様,0000-00**-****-****,カード名`); rows are `date,shop,amount,…` with unquoted
    /// commas inside shop names; total lines have no date.
    static let smbcCard = StatementPreset(
        name: "smbc-card", title: "an SMBC card (Vpass) statement", signature: [],
        layout: layout(
            [.date: ["1"], .name: ["2"], .amount: ["3"], .note: ["7"]], sign: .expensePositive, hasHeader: false),
        headerless: Headerless(fieldCount: 7, isSectionLine: { cells in
            // The holder, the card's masked number and its name: View Card's first line
            // (`会員番号,****-****-****-1234`) has the number but is no holder line.
            cells.count >= 3 && isMaskedCardNumber(cells[1]) && !FieldRules.trimmed(cells[2]).isEmpty
        }))

    /// PayPay Card's statement: purchases positive, cancellations negative.
    static let payPayCard = StatementPreset(
        name: "paypay-card", title: "a PayPay Card statement",
        signature: ["利用日/キャンセル日", "利用店名・商品名", "利用金額"],
        layout: layout([.date: ["利用日/キャンセル日"], .name: ["利用店名・商品名"], .amount: ["利用金額"]], sign: .expensePositive))

    /// Japan Post Bank (ゆうちょ): separate out and in columns, a row ID, the details as name.
    static let yucho = StatementPreset(
        name: "yucho", title: "a Japan Post Bank (Yucho) statement",
        signature: ["日付", "入出金明細ID", "払出し金額", "預入れ金額"],
        layout: layout([
            .date: ["日付"], .name: ["詳細2", "詳細1"], .out: ["払出し金額"], .in: ["預入れ金額"], .note: ["メモ"],
            .id: ["入出金明細ID"],
        ]))

    /// `0000-00**-****-****`: digits and asterisks in four groups.
    static func isMaskedCardNumber(_ text: String) -> Bool {
        let groups = FieldRules.trimmed(HalfWidth.plain(text)).split(separator: "-", omittingEmptySubsequences: false)
        return groups.count == 4 && groups.allSatisfy { group in
            group.count == 4 && group.allSatisfy { $0 == "*" || $0.isASCII && $0.isNumber }
        } && groups.contains { $0.contains("*") }
    }
}

extension StatementPreset {
    /// The built-in export a statement is, by its header (a row starting on one of its first
    /// ten lines, each tried on its own, so that a preamble that is no CSV does not hide it)
    /// or, for exports without one, its first line; `nil` when it is none of them.
    public static func detect(in text: String, delimiter: Unicode.Scalar = ",") -> StatementPreset? {
        for (index, cells) in rows(startingOnLines: 0..<10, of: text, delimiter: delimiter) {
            for preset in all {
                if let headerless = preset.headerless {
                    if index == 0 && headerless.isSectionLine(cells) { return preset }
                } else if preset.matchesHeader(cells) {
                    return preset
                }
            }
        }
        return nil
    }

    /// The index of the line that is this preset's header, among the first ten from `start`.
    func headerLine(in text: String, delimiter: Unicode.Scalar, from start: Int) -> Int? {
        Self.rows(startingOnLines: start..<(start + 10), of: text, delimiter: delimiter)
            .first { matchesHeader($0.cells) }?.index
    }

    /// The row that starts on each of these lines (counted from 0) and reads as CSV, however
    /// long (a quoted field may hold line breaks); blank lines and lines that start no valid
    /// row are left out.
    private static func rows(
        startingOnLines lines: Range<Int>, of text: String, delimiter: Unicode.Scalar
    ) -> [(index: Int, cells: [String])] {
        var found: [(index: Int, cells: [String])] = []
        guard var rest = StatementText.dropping(lines: lines.lowerBound, of: text) else { return [] }
        for index in lines {
            let startsBlank = rest.unicodeScalars.first.map { $0 == "\n" || $0 == "\r" } ?? true
            if !startsBlank, let row = DelimitedReader.firstRow(rest, by: delimiter) {
                found.append((index, row.fields))
            }
            guard let next = StatementText.dropping(lines: 1, of: rest) else { break }
            rest = next
        }
        return found
    }

    /// The preset whose header shares the most cells with this one (at least half of its
    /// signature), for a message about a statement that matches none.
    public static func closest(toHeader cells: [String]) -> StatementPreset? {
        let folded = Set(cells.map(ColumnReference.folded))
        let scored = all.filter { !$0.signature.isEmpty }.map { preset in
            (preset, preset.signature.filter(folded.contains).count)
        }
        guard let best = scored.max(by: { $0.1 < $1.1 }), best.1 * 2 >= best.0.signature.count, best.1 > 0 else {
            return nil
        }
        return best.0
    }
}
