/// The totals a listing of records ends with: what came in, what went out, and the balance.
/// Every sum is exact.
public struct RecordTotals: Equatable, Sendable {
    /// The incomes' total, in the currency's minor unit.
    public let income: Int
    /// The expenses' total.
    public let expenses: Int
    /// `income - expenses`.
    public let balance: Int

    /// The totals of some records.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    public init(incomes: some Sequence<Income>, expenses: some Sequence<Expense>) throws {
        try self.init(incomeAmounts: incomes.lazy.map(\.amount), expenseAmounts: expenses.lazy.map(\.amount))
    }

    /// The totals of amounts already picked out of records (rows of a listing, say).
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    public init(incomeAmounts: some Sequence<Int>, expenseAmounts: some Sequence<Int>) throws {
        income = try Sum.of(incomeAmounts)
        expenses = try Sum.of(expenseAmounts)
        balance = try Sum.difference(income, expenses)
    }

    /// The totals of amounts already picked out of records, in arrays: summed without going
    /// through a generic sequence from another module (a listing's 100,000 rows).
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    public init(incomeAmounts: [Int], expenseAmounts: [Int]) throws {
        income = try Sum.of(incomeAmounts)
        expenses = try Sum.of(expenseAmounts)
        balance = try Sum.difference(income, expenses)
    }
}
