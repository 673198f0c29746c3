extension BudgetDocument {
    /// The largest amount, and the largest sum of all the amounts of one kind, in minor units:
    /// 9,223,372,036,854,775,807 (the largest 64-bit integer).
    ///
    /// Keeping each kind's sum within it keeps every report computable: any total of a subset
    /// (a month, a category, a filtered list) is smaller, and income minus expenses lies between
    /// minus and plus this maximum.
    public static let maximumTotal = Int.max

    /// Checks the rule that keeps every total computable, after an add, an edit, an import or a
    /// rescale: the sum of all incomes, and that of all expenses, must not exceed `maximumTotal`.
    ///
    /// - Throws: `BudgetError.totalTooLarge` naming the kind whose sum would not fit; the
    ///   change is then refused and the file stays as it was.
    public func checkTotals() throws {
        if Self.total(of: incomes.records.lazy.map(\.amount)) == nil { throw BudgetError.totalTooLarge(.income) }
        if Self.total(of: expenses.records.lazy.map(\.amount)) == nil { throw BudgetError.totalTooLarge(.expense) }
    }

    /// The sum of the amounts, or `nil` when it does not fit in 64 bits.
    static func total<S: Sequence>(of amounts: S) -> Int? where S.Element == Int {
        var total = 0
        for amount in amounts {
            let (next, overflow) = total.addingReportingOverflow(amount)
            if overflow { return nil }
            total = next
        }
        return total
    }
}
