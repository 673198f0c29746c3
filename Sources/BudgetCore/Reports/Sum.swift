/// Exact sums: an overflowing total is an error, never a wrapped number.
enum Sum {
    static func of<S: Sequence>(_ amounts: S) throws -> Int where S.Element == Int {
        var total = 0
        for amount in amounts {
            let (next, overflow) = total.addingReportingOverflow(amount)
            if overflow { throw BudgetError.totalOverflow }
            total = next
        }
        return total
    }

    /// `a + b`.
    static func adding(_ a: Int, _ b: Int) throws -> Int {
        let (value, overflow) = a.addingReportingOverflow(b)
        if overflow { throw BudgetError.totalOverflow }
        return value
    }

    static func difference(_ a: Int, _ b: Int) throws -> Int {
        let (value, overflow) = a.subtractingReportingOverflow(b)
        if overflow { throw BudgetError.totalOverflow }
        return value
    }
}
