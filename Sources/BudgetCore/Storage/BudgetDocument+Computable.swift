extension BudgetDocument {
    /// Amounts or limits too large for the reports to add up (`checkTotals`), as `check` says
    /// it: only a hand edit makes a file so, since every change that would is refused, and
    /// then the reports that add them fail until some are changed. A file written before a
    /// rule was added keeps what the rule lets such files keep (`checkTotals(since:)`).
    var uncomputableTotals: DataFileCheck.Problem? {
        let message: String
        do throws(BudgetError) {
            try checkTotals(since: self)
            return nil
        } catch .totalTooLarge(let kind) {
            message = "the \(kind.plural) add up to more than \(AmountParser.grouped(Int.max)), the largest total "
                + "budget can compute: reports of them fail until some are changed"
        } catch .limitTooLarge(let scope, let maximum) {
            let limit = scope.category.map { "the limit of \($0)" } ?? "the total limit"
            message = "\(limit) is above \(AmountParser.grouped(maximum)), the largest that stays computable "
                + "over every period"
        } catch .refundsTooLarge(let refunds, let maximum) {
            message = "the refunds (\(AmountParser.grouped(refunds)) together) and the limits are too large to "
                + "compute over every period: with these limits the refunds can add up to "
                + "\(AmountParser.grouped(max(0, maximum)))"
        } catch {
            message = error.errorDescription ?? "the totals are too large to compute"
        }
        return DataFileCheck.Problem(position: nil, message: message, isRepairable: false)
    }
}
