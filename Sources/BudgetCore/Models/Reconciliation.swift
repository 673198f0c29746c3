/// The last reconciliation of an account: the day it was checked against the bank's or
/// card's own figure, and that balance.
public struct Reconciliation: Hashable, Sendable {
    /// The day of the check: the balance is at the end of that day.
    public var day: Day
    /// The balance the bank or card showed, in minor units (for a card, what was owed).
    public var balance: Int

    /// A reconciliation on `day` at `balance`.
    public init(day: Day, balance: Int) {
        self.day = day
        self.balance = balance
    }
}
