/// A transfer to a card that does not pay exactly what the card's statement billed (issue #29):
/// an instalment (分割払い), an annual fee, or a purchase not recorded.
public struct CardWithdrawalWarning: Equatable, Sendable {
    /// The transfer's ID.
    public var transferID: String
    /// The card account.
    public var card: String
    /// The statement whose withdrawal day is nearest the transfer's day.
    public var statement: CardCycle.Statement
    /// What the statement billed: its purchases less refunds, in minor units.
    public var billed: Int
    /// The transfer's amount, in minor units.
    public var amount: Int
    /// The transfer's day.
    public var day: Day

    /// What the transfer paid beyond the statement (negative: less than it billed); `nil` when
    /// the difference does not fit in 64 bits.
    public var difference: Int? {
        let (difference, overflow) = amount.subtractingReportingOverflow(billed)
        return overflow ? nil : difference
    }

    /// A warning from its parts.
    public init(transferID: String, card: String, statement: CardCycle.Statement, billed: Int, amount: Int, day: Day) {
        self.transferID = transferID
        self.card = card
        self.statement = statement
        self.billed = billed
        self.amount = amount
        self.day = day
    }

    /// `the withdrawal of ¥6,500 to 楽天カード on 2026-12-27 is ¥500 more than its purchases of
    /// 2026-11-01 to 2026-11-30 (¥6,000): 分割払い or an annual fee?`
    public func message(_ money: MoneyFormat) -> String {
        let (size, overflow) = amount.subtractingReportingOverflow(billed)
        let gap = overflow || size == Int.min ? "a different amount" : money.display(abs(size))
        let direction = overflow ? "than" : (size > 0 ? "more than" : "less than")
        let purchases = "\(statement.start.iso) to \(statement.closing.iso) (\(money.display(billed)))"
        return "the withdrawal of \(money.display(amount)) to \(card) on \(day.iso) is \(gap) \(direction) its "
            + "purchases of \(purchases): 分割払い or an annual fee?"
    }
}
