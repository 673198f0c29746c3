extension BudgetDocument {
    /// The name of a 残高調整 (balance adjustment) transfer.
    public static let adjustmentName = "残高調整"

    /// Checks an account against the balance its bank or card shows at the end of `day`.
    ///
    /// When they agree, the check is remembered (`Account.reconciled`), unless one of a later
    /// day is (a statement checked out of turn does not move the last reconciliation back).
    /// When they differ and
    /// `adjust` is given, a 残高調整 transfer from (or to) `Transfer.adjustment` makes them agree
    /// (with the source that makes the same check's adjustment on another device one with it:
    /// `DerivedSource`) and the check is remembered, as one change; without `adjust` nothing
    /// changes.
    ///
    /// - Parameters:
    ///   - name: the account, as typed (`account(named:)`).
    ///   - balance: what the bank shows: money held, or for a card what is owed.
    /// - Throws: `AccountError.unknown`; `BudgetError.totalOverflow` when a balance does not fit
    ///   in 64 bits; what recording the transfer throws; nothing changes then.
    public mutating func reconcile(
        _ name: String, balance: Int, on day: Day, adjust: Bool
    ) throws -> Reconciling {
        let account = try existingAccount(named: name)
        if let asOf = account.asOf, day < asOf { throw AccountError.beforeOpening(account.name, asOf: asOf, day: day) }
        let balances = try AccountBalances(self, through: day)
        let counted = balances.row(account.name)?.balance ?? account.opening
        let (difference, overflow) = balance.subtractingReportingOverflow(counted)
        guard !overflow, difference != Int.min else { throw BudgetError.totalOverflow }
        var result = Reconciling(
            account: account, day: day, stated: balance, counted: counted, difference: difference,
            previous: account.reconciled)
        if difference != 0 && !adjust { return result }
        var draft = self
        if difference != 0 {
            // A card's balance is what it owes: more owed is money out of the card.
            let moreHeld = account.type.isLiability ? difference < 0 : difference > 0
            var values = RecordValues()
            values["name"] = .text(Self.adjustmentName)
            values["from"] = .text(moreHeld ? Transfer.adjustment : account.name)
            values["to"] = .text(moreHeld ? account.name : Transfer.adjustment)
            values["amount"] = .amount(abs(difference))
            values["date"] = .day(day)
            let view = recordsView(ofAccount: account.name, through: day)
            var adjustment = try draft.addTransfer(values)
            adjustment.source = DerivedSource.adjustment(
                account: account.name, day: day, balance: balance, difference: difference, view: view,
                among: transfers.records)
            try draft.transfers.update(adjustment)
            result.adjustment = adjustment
        }
        try draft.checkBalances(of: account.name)
        if account.reconciled != Reconciliation(day: day, balance: balance),
           account.reconciled.map({ $0.day <= day }) ?? true {
            result.account = try draft.setReconciled(account.name, day: day, balance: balance)
        }
        let amount = draft.moneyFormat.plain(balance)
        draft.describeChange(
            "reconcile \(account.name) on \(day.iso) at \(amount)"
                + (result.adjustment.map { " (\(Self.adjustmentName) \(draft.moneyFormat.plain($0.amount)))" } ?? ""))
        self = draft
        return result
    }
}
