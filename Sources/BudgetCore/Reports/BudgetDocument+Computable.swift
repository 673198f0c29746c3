extension BudgetDocument {
    /// Amounts or limits too large for the reports to add up (`checkTotals`), as `check` says
    /// it: only a hand edit makes a file so, since every change that would is refused, and
    /// then the reports that add them fail until some are changed. A file written before a
    /// rule was added keeps what the rule lets such files keep (`checkTotals(since:)`).
    var uncomputableTotals: DataFileCheck.Problem? {
        let message: String
        do throws(BudgetError) {
            try checkTotals(since: self)
            // (`since: self` lets a file keep balances past 64 bits; `accounts` fails on them.)
            if !self[settings: AccountKeys.self].accountNames.isEmpty, (try? AccountBalances(self)) == nil {
                throw .totalOverflow
            }
            return nil
        } catch .totalTooLarge(let kind) {
            // A refund counts by its size among the expenses, and again beside the incomes.
            let what = kind == .income ? "incomes with the refunds' sizes" : "\(kind.plural) by their sizes"
            message = "the \(what) add up to more than \(AmountParser.grouped(Int.max)), the largest total "
                + "budget can compute: reports of them fail until some are changed"
        } catch .limitTooLarge(let scope, let maximum) {
            let limit = scope.category.map { "the limit of \($0)" } ?? "the total limit"
            message = "\(limit) is above \(AmountParser.grouped(maximum)), the largest that stays computable "
                + "over every period"
        } catch .refundsTooLarge(let refunds, let maximum) {
            message = "the refunds (\(AmountParser.grouped(refunds)) together) and the limits are too large to "
                + "compute over every period: with these limits the refunds can add up to "
                + "\(AmountParser.grouped(max(0, maximum)))"
        } catch .totalOverflow {
            message = "the accounts' balances are too large to compute: 'budget accounts' and the reports of them fail "
                + "until some records are changed"
        } catch {
            message = error.errorDescription ?? "the totals are too large to compute"
        }
        return DataFileCheck.Problem(position: nil, message: message, isRepairable: false)
    }
}
