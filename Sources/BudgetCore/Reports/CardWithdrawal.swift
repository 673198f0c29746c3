/// One coming withdrawal of a card's statement from its funding account (issue #29), as the
/// forecast lists it: like a bank balance calendar.
public struct CardWithdrawal: Equatable, Sendable {
    /// The card account.
    public var card: String
    /// The account the bill is paid from.
    public var funding: String
    /// The statement: its purchases' days and its withdrawal day.
    public var statement: CardCycle.Statement
    /// The statement's purchases less its refunds, in minor units.
    public var amount: Int
    /// The funding account's balance at the end of the withdrawal day: what it holds from the
    /// records through that day (`AccountBalances`), less this and every earlier coming
    /// withdrawal from it.
    public var balanceAfter: Int

    /// The day the money leaves the funding account.
    public var day: Day { statement.withdrawal }

    /// A withdrawal from its parts.
    public init(card: String, funding: String, statement: CardCycle.Statement, amount: Int, balanceAfter: Int) {
        self.card = card
        self.funding = funding
        self.statement = statement
        self.amount = amount
        self.balanceAfter = balanceAfter
    }
}
