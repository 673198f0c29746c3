/// Who owes whom (issue #30): per member what they paid, their share of what the household
/// spent, what settlements moved, the balance, and the payments that settle it.
///
/// Each expense with a payer counts: its parts are their members' alone, the rest is shared by
/// its own split, else its category's share (`share.<category>`), else the members' weights
/// (`member.<name>`); `income` shares by each member's income in the period. A personal expense
/// is its payer's. Shares are exact (each member's a fraction over one denominator) and
/// rounded once per member by the largest remainder, ties in member order, so the balances
/// always sum to exactly 0 and each share is within one minor unit of its exact value.
/// Transfers between members (a recorded settlement) move the balances.
public struct Settlement: Sendable {
    /// One member's sums.
    public struct Row: Sendable, Equatable {
        /// The member.
        public var member: String
        /// What they paid for the household.
        public var paid: Int
        /// Their share, rounded once.
        public var share: Int
        /// What settlements moved: what they paid other members, less what they received.
        public var settled: Int
        /// `paid - share + settled`: positive, the household owes them; negative, they owe.
        public var balance: Int
    }

    /// A payment that settles balances.
    public struct Payment: Sendable, Equatable {
        /// The member who pays.
        public var from: String
        /// The member paid.
        public var to: String
        /// How much.
        public var amount: Int
    }

    /// An expense behind the balances, for `--explain`.
    public struct Line: Sendable, Equatable {
        /// The expense.
        public var expense: Expense
        /// Each member's share of it, rounded for display only (the balances are rounded once).
        public var shares: [String: Int]
    }

    /// The days settled.
    public let period: DateRange
    /// Every member, in member order.
    public let rows: [Row]
    /// The payments that settle the balances: one for two members; for more, the largest debt
    /// paid to the largest credit first (ties in member order), planned on the balances before
    /// any settlement of the period, less the settlements recorded since, so recording one
    /// suggested payment leaves the others as they were.
    public let payments: [Payment]
    /// The expenses counted, with each one's shares (only when asked for).
    public let lines: [Line]
    /// Expenses in the period that name no payer: in no balance.
    public let withoutPayer: Int
    /// Expenses left out because they name someone who is no member (a member removed on
    /// another device), by ID.
    public let namingNoMember: [String]

    /// The settlement of the expenses and member transfers dated in `period`.
    ///
    /// - Parameters:
    ///   - explain: whether to keep each expense counted, with its shares (`lines`).
    ///   - matching: only the expenses it accepts count (`summary --by member`'s filters).
    ///   - sharingUnpaid: whether an expense without a payer is shared too (each member's share
    ///     of the household's spending, whoever paid): it adds to no one's `paid`.
    /// - Throws: `MemberError.noMembers`, `.noIncome` (an income share without income),
    ///   `.sharesTooLarge`; `BudgetError.totalOverflow` when a sum does not fit.
    public init(
        _ document: BudgetDocument, period: DateRange, explain: Bool = false,
        matching: ((Expense) -> Bool)? = nil, sharingUnpaid: Bool = false
    ) throws {
        let members = document[settings: MemberKeys.self].members
        guard !members.isEmpty else { throw MemberError.noMembers }
        let names = members.map(\.name)
        let lookup = NameLookup(names)
        let count = members.count
        // Each member's income in the period, for `income` shares.
        var incomeWeights = [Int](repeating: 0, count: count)
        var overflow = false
        let incomes = document.incomes.records.whollyRead
        for at in incomes.indices where period.contains(incomes[at].date) {
            guard let payer = incomes[at].paidBy, let member = lookup.index(of: payer) else { continue }
            let (sum, over) = incomeWeights[member].addingReportingOverflow(incomes[at].amount)
            overflow = overflow || over
            incomeWeights[member] = sum
        }
        guard !overflow else { throw BudgetError.totalOverflow }
        let rules = Rules(
            lookup: lookup, names: names, defaultWeights: members.map(\.weight),
            categoryShares: document[settings: ShareKeys.self].shares, incomeWeights: incomeWeights, period: period,
            explain: explain, sharingUnpaid: sharingUnpaid)
        let expenses = document.expenses.records.whollyRead
        var tally: Tally
        if matching == nil, expenses.count >= Self.concurrentCount {
            // Half the expenses on another thread: the two tallies add up as one would.
            let middle = expenses.count / 2
            let second = BackgroundWork { Result { () throws -> Tally in try Tally(expenses[middle...], rules) } }
            let first = Result { () throws -> Tally in try Tally(expenses[..<middle], rules) }
            let rest = second.result()
            tally = try first.get()
            try tally.join(rest.get())
        } else {
            tally = try Tally(expenses[...], rules, matching: matching)
        }
        let exact = tally.exact, paid = tally.paid
        // Settlements: transfers between members.
        var settled = [Int](repeating: 0, count: count)
        var recorded: [Payment] = []
        let transfers = document.transfers.records.whollyRead
        for at in transfers.indices where period.contains(transfers[at].date) {
            guard let from = lookup.index(of: transfers[at].from), let to = lookup.index(of: transfers[at].to) else {
                continue
            }
            let amount = transfers[at].amount
            let (up, overUp) = settled[from].addingReportingOverflow(amount)
            let (down, overDown) = settled[to].subtractingReportingOverflow(amount)
            guard !overUp, !overDown else { throw BudgetError.totalOverflow }
            settled[from] = up
            settled[to] = down
            recorded.append(Payment(from: names[from], to: names[to], amount: amount))
        }
        let shares = try exact.rounded()
        var rows: [Row] = []
        for member in 0..<count {
            let (owed, over) = paid[member].subtractingReportingOverflow(shares[member])
            let (balance, overSettled) = owed.addingReportingOverflow(settled[member])
            guard !over, !overSettled else { throw BudgetError.totalOverflow }
            rows.append(Row(
                member: names[member], paid: paid[member], share: shares[member], settled: settled[member],
                balance: balance))
        }
        self.period = period
        self.rows = rows
        payments = Self.payments(rows, recorded: recorded)
        lines = tally.lines
        withoutPayer = tally.withoutPayer
        namingNoMember = tally.namingNoMember
    }

    /// From this many expenses on, half of them are added up on another thread.
    static let concurrentCount = 100_000

    /// The plan on the balances before the settlements (`paid - share`), less each recorded
    /// settlement where it pays a planned payment (or part of one); when a settlement is none of
    /// them, a new plan on the balances as they are.
    static func payments(_ rows: [Row], recorded: [Payment]) -> [Payment] {
        var before = rows
        for index in before.indices {
            before[index].balance = before[index].balance &- before[index].settled
        }
        var plan = greedy(before)
        for payment in recorded {
            guard let at = plan.firstIndex(where: {
                $0.from == payment.from && $0.to == payment.to && $0.amount >= payment.amount
            }) else { return greedy(rows) }
            plan[at].amount -= payment.amount
            if plan[at].amount == 0 { plan.remove(at: at) }
        }
        return plan
    }

    /// The largest debt paid to the largest credit, again until none is left; ties in member order.
    static func greedy(_ rows: [Row]) -> [Payment] {
        var balances = rows.map(\.balance)
        var payments: [Payment] = []
        while true {
            var debtor: Int?, creditor: Int?
            for (at, balance) in balances.enumerated() {
                if balance < 0, debtor.map({ balance < balances[$0] }) ?? true { debtor = at }
                if balance > 0, creditor.map({ balance > balances[$0] }) ?? true { creditor = at }
            }
            guard let debtor, let creditor else { return payments }
            let owes = balances[debtor] == Int.min ? Int.max : -balances[debtor]
            let amount = min(owes, balances[creditor])
            payments.append(Payment(from: rows[debtor].member, to: rows[creditor].member, amount: amount))
            balances[debtor] += amount
            balances[creditor] -= amount
        }
    }
}
