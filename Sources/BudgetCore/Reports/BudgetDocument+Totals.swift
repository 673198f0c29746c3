extension BudgetDocument {
    /// The most months a report period can span (years 1 to 9999), which a monthly limit is
    /// multiplied by.
    static let maximumReportMonths = 9_999 * 12

    /// The largest monthly limit: one that stays computable over the longest report period.
    public static let maximumLimit = Int.max / maximumReportMonths

    /// Checks the one rule that keeps every report computable: each kind's amounts add up to
    /// at most `Int.max` (then so does every category, month and period, and income minus
    /// expenses always fits), and no monthly limit exceeds `maximumLimit`.
    ///
    /// Stores run it before they save a change, so an `add`, `edit` or `import` that would
    /// break it is refused there, with nothing changed, rather than every later report failing.
    ///
    /// - Throws: `BudgetError.totalTooLarge` or `BudgetError.limitTooLarge`.
    public func checkTotals() throws(BudgetError) {
        if !Self.fits(incomes.records) { throw .totalTooLarge(.income) }
        if !Self.fits(expenses.records) { throw .totalTooLarge(.expense) }
        let limits = self[settings: BudgetKeys.self]
        for category in limits.limitedCategories {
            if let limit = limits[BudgetKeys.limit(category)], limit.minorUnits > Self.maximumLimit {
                throw .limitTooLarge(category: category, maximum: Self.maximumLimit)
            }
        }
    }

    private static func fits<Record: BaseModel>(_ records: [Record]) -> Bool {
        var total = 0
        for record in records {
            let (sum, overflow) = total.addingReportingOverflow(record.amount)
            if overflow { return false }
            total = sum
        }
        return true
    }
}
