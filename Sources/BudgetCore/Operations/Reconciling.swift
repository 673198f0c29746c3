/// What checking an account against the bank's own figure found (`BudgetDocument.reconcile`).
public struct Reconciling: Sendable, Equatable {
    /// The account, as it is after the check.
    public var account: Account
    /// The day checked: balances at its end.
    public var day: Day
    /// The balance the bank or card shows (for a card, what is owed).
    public var stated: Int
    /// The balance the budget counts, in the same terms, before any adjustment.
    public var counted: Int
    /// `stated - counted`: what the budget lacks (negative: what it has too much).
    public var difference: Int
    /// The reconciliation before this one, if any.
    public var previous: Reconciliation?
    /// The 残高調整 transfer recorded to make them agree, when one was asked for and needed.
    public var adjustment: Transfer?

    /// Whether the budget agreed with the bank (before any adjustment).
    public var agrees: Bool { difference == 0 }
    /// Whether the check was remembered: they agreed, or an adjustment made them agree.
    public var isRecorded: Bool { agrees || adjustment != nil }
}
