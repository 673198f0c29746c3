/// What reading a statement gave: the rows that become records, and the rows left out.
public struct StatementReading: Sendable {
    /// The rows that become records, in file order.
    public var entries: [StatementEntry] = []
    /// Rows the statement marks as neither spending nor income (transfers between one's own
    /// accounts, rows left out of its totals).
    public var excluded = 0
    /// Lines that are no transaction: totals, a card section's first line, rows where nothing
    /// moved (an amount of 0).
    public var nonTransactions = 0
    /// Rows of the other kind, when one kind was asked for.
    public var otherKind = 0
    /// Entries whose dates had no year (`4月30日`), read as the latest such day on or before
    /// the statement's day.
    public var yearlessDates = 0
}
