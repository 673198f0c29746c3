extension BudgetDocument {
    /// The transfers to a card added or changed since `before` that do not pay what the card's
    /// statement billed (issue #29): for each transfer whose `to` is a card with a closing and
    /// a withdrawal day (from its funding account or from anywhere), the statement whose
    /// withdrawal day is nearest the transfer's day, at most `withdrawalTolerance` days away, is
    /// compared with it: its purchases less refunds (`billed(card:statement:)`). A transfer
    /// with no statement near, or that pays exactly what was billed, does not warn.
    ///
    /// Call it after a change, as `limitWarnings(since:)`: `transfer`, `add transfer` and a
    /// statement import.
    ///
    /// - Returns: one warning per such transfer, in the transfers' order.
    public func cardWithdrawalWarnings(since before: BudgetDocument) -> [CardWithdrawalWarning] {
        // Arrays that share storage compare in constant time: a change that left the
        // transfers alone costs nothing here.
        guard before.transfers.records != transfers.records else { return [] }
        var cycles: [String: CardCycle] = [:]
        for (account, cycle) in cardCycles { cycles[account.name] = cycle }
        guard !cycles.isEmpty else { return [] }
        var old: [String: Transfer] = [:]
        for transfer in before.transfers.records { old[transfer.id] = transfer }
        var warnings: [CardWithdrawalWarning] = []
        for transfer in transfers.records {
            guard let cycle = cycles[transfer.to], old[transfer.id] != transfer,
                  let statement = cycle.statement(withdrawnNear: transfer.date, within: Self.withdrawalTolerance),
                  let billed = try? billed(card: transfer.to, statement: statement),
                  billed != transfer.amount else { continue }
            warnings.append(CardWithdrawalWarning(
                transferID: transfer.id, card: transfer.to, statement: statement, billed: billed,
                amount: transfer.amount, day: transfer.date))
        }
        return warnings
    }
}
