/// What a row of a statement is, when a column says so (a type column such as WAON's 利用区分,
/// or a column the statement marks rows with, such as MoneyForward's 振替).
public enum RowMeaning: String, CaseIterable, Sendable {
    /// Money that came in: an income (WAON's 支払取消, a cancelled payment, is money back).
    case income
    /// Money spent: an expense.
    case expense
    /// Money moved between one's own accounts or wallets (a charge, a top-up, a card's
    /// funding row, a card payment from the bank): neither income nor expense. Left out and
    /// counted as a transfer.
    case transfer
    /// A row the statement itself leaves out (outside its totals, a point download of 0):
    /// left out and counted.
    case skip
}
