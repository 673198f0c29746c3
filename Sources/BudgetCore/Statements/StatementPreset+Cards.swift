/// Credit cards' statements.
extension StatementPreset {
    /// The cards, in the order they are tried.
    static let cards: [StatementPreset] = [rakutenCard, smbcCard, payPayCard]

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
}
