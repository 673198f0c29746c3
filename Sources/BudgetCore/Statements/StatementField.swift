/// What a statement's column can give an imported record (`--map <field>=<column>`).
public enum StatementField: String, CaseIterable, Sendable {
    /// The day of the transaction.
    case date
    /// What the money was for or came from.
    case name
    /// One signed amount column (which sign is spending: `StatementSign`).
    case amount
    /// Money that went out (an expense), in a column of its own.
    case out
    /// Money that came in (an income), in a column of its own.
    case `in`
    /// Which kind the row is (`income`/`expense`, `収入`/`支出`).
    case kind
    /// The statement's own category.
    case category
    /// A note.
    case note
    /// Tags, comma-separated in one cell.
    case tags
    /// The statement's own ID of the row, which identifies it across downloads.
    case id
}

/// Which sign of a statement's single amount column is spending.
public enum StatementSign: String, CaseIterable, Sendable {
    /// Money out is negative (bank statements, MoneyForward): a positive amount is an income.
    case expenseNegative = "expense-negative"
    /// Money out is positive (card statements): a negative amount is a refund, an expense
    /// taken back in the category it is filed under (`Expense.isRefund`).
    case expensePositive = "expense-positive"
}

/// The character that separates the whole part of an amount from its decimals.
public enum DecimalMark: String, CaseIterable, Sendable {
    /// `1,234.56`
    case point = "."
    /// `1.234,56`
    case comma = ","
}
