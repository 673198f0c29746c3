/// Card statements (issue #29): what a card's cycle bills, and the withdrawals still to come.
extension BudgetDocument {
    /// How many days a transfer to a card may be from a statement's withdrawal day and still be
    /// its payment (a withdrawal day on a weekend or holiday moves to the next business day).
    public static let withdrawalTolerance = 7

    /// The card accounts with a closing and a withdrawal day, with their cycles, by name.
    public var cardCycles: [(account: Account, cycle: CardCycle)] {
        accounts.compactMap { account in CardCycle(account).map { (account, $0) } }
    }

    /// What a card's statement bills: the purchases on `card` (its stored name) dated within
    /// the statement's days, less the refunds among them.
    ///
    /// - Throws: `BudgetError.totalOverflow` when the sum does not fit in 64 bits.
    public func billed(card: String, statement: CardCycle.Statement) throws(BudgetError) -> Int {
        var total = 0
        for expense in expenses.records where expense.account == card && statement.contains(expense.date) {
            let (sum, overflow) = total.addingReportingOverflow(expense.amount)
            if overflow { throw .totalOverflow }
            total = sum
        }
        return total
    }

    /// Whether a transfer to `card` is recorded within `withdrawalTolerance` days of the
    /// statement's withdrawal day: the statement is paid already.
    func isWithdrawn(card: String, statement: CardCycle.Statement) -> Bool {
        let day = statement.withdrawal.dayNumber
        return transfers.records.contains { transfer in
            transfer.to == card && abs(transfer.date.dayNumber - day) <= Self.withdrawalTolerance
        }
    }

    /// The withdrawals still to come after `today` through `end`, by day (then card): one per
    /// statement of a card with a cycle and a funding account that bills something and has no
    /// transfer to the card recorded near its withdrawal day, with the funding account's
    /// balance after it (`CardWithdrawal.balanceAfter`). Empty for a budget without such cards.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit in 64 bits.
    public func cardWithdrawals(after today: Day, through end: Day) throws(BudgetError) -> [CardWithdrawal] {
        var coming: [(card: String, funding: String, statement: CardCycle.Statement, amount: Int)] = []
        for (account, cycle) in cardCycles {
            guard let typed = account.funding else { continue }
            let funding = self.account(named: typed)?.name ?? typed
            for statement in cycle.statements(withdrawnAfter: today, through: end)
            where !isWithdrawn(card: account.name, statement: statement) {
                let amount = try billed(card: account.name, statement: statement)
                guard amount != 0 else { continue }
                coming.append((account.name, funding, statement, amount))
            }
        }
        guard !coming.isEmpty else { return [] }
        coming.sort { ($0.statement.withdrawal, $0.card) < ($1.statement.withdrawal, $1.card) }
        var balances: [Day: AccountBalances] = [:]
        var withdrawn: [String: Int] = [:]
        var result: [CardWithdrawal] = []
        for item in coming {
            let day = item.statement.withdrawal
            let dayBalances: AccountBalances
            if let known = balances[day] {
                dayBalances = known
            } else {
                dayBalances = try AccountBalances(self, through: day)
                balances[day] = dayBalances
            }
            let (taken, over) = withdrawn[item.funding, default: 0].addingReportingOverflow(item.amount)
            guard !over else { throw .totalOverflow }
            withdrawn[item.funding] = taken
            let (after, overAfter) = (dayBalances.row(item.funding)?.balance ?? 0).subtractingReportingOverflow(taken)
            guard !overAfter else { throw .totalOverflow }
            result.append(CardWithdrawal(
                card: item.card, funding: item.funding, statement: item.statement, amount: item.amount,
                balanceAfter: after))
        }
        return result
    }
}
