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
        let incomes = document.incomes.records
        for at in incomes.indices where period.contains(incomes[at].date) {
            guard let payer = incomes[at].paidBy, let member = lookup.index(of: payer) else { continue }
            let (sum, over) = incomeWeights[member].addingReportingOverflow(incomes[at].amount)
            overflow = overflow || over
            incomeWeights[member] = sum
        }
        guard !overflow else { throw BudgetError.totalOverflow }
        var exact = ExactShares(members: count)
        var paid = [Int](repeating: 0, count: count)
        var lines: [Line] = []
        var withoutPayer = 0
        var namingNoMember: [String] = []
        let defaultWeights = members.map(\.weight)
        let categoryShares = document[settings: ShareKeys.self].shares
        // Each category's group, by the category's number (`LabelIndex`: hashing a Japanese
        // category for a dictionary, once per expense, cost more than the settlement):
        // `notYet`, -2 (its share names no member), -1 (personal) or the group.
        let notYet = Int.min
        var categoryNumbers = LabelIndex()
        var categoryGroups: [Int] = []
        var defaultGroup: Int??
        /// The weights a split gives, by member; `nil` when it names someone who is no member.
        func weights(of split: Split, category: String?) throws -> [Int]? {
            switch split {
            case .personal: return nil
            case .income:
                guard incomeWeights.contains(where: { $0 > 0 }) else { throw MemberError.noIncome(category: category) }
                return incomeWeights
            case .weights(let given):
                var result = [Int](repeating: 0, count: count)
                for item in given {
                    guard let member = lookup.index(of: item.member) else { return nil }
                    result[member] = item.weight
                }
                return result
            }
        }
        let expenses = document.expenses.records
        for at in expenses.indices where period.contains(expenses[at].date) {
            if let matching, !matching(expenses[at]) { continue }
            let payer: Int?
            if let payerName = expenses[at].paidBy {
                guard let found = lookup.index(of: payerName) else {
                    namingNoMember.append(expenses[at].id)
                    continue
                }
                payer = found
            } else if sharingUnpaid && expenses[at].split != Split.personal.text {
                payer = nil
            } else {
                withoutPayer += 1
                continue
            }
            let amount = expenses[at].amount
            var rest = amount
            var partShares: [(member: Int, amount: Int)] = []
            if let text = expenses[at].parts {
                guard let parts = Parts(stored: text) else { continue }
                var known = true
                for part in parts.items {
                    guard let member = lookup.index(of: part.member) else {
                        known = false
                        break
                    }
                    let signed = amount < 0 ? -part.amount : part.amount
                    partShares.append((member, signed))
                    rest -= signed
                }
                guard known else {
                    namingNoMember.append(expenses[at].id)
                    continue
                }
            }
            // The group of the rest's weights: the record's split, its category's, the members'.
            let group: Int?
            if let text = expenses[at].split {
                guard let split = Split(stored: text) else { continue }
                if split == .personal {
                    group = nil
                } else {
                    guard let given = try weights(of: split, category: nil) else {
                        namingNoMember.append(expenses[at].id)
                        continue
                    }
                    group = exact.group(given)
                }
            } else if categoryShares.isEmpty {
                if defaultGroup == nil { defaultGroup = .some(exact.group(defaultWeights)) }
                group = defaultGroup ?? nil
            } else {
                let category = expenses[at].category
                let number = categoryNumbers.number(of: category)
                if number >= categoryGroups.count {
                    categoryGroups.append(contentsOf: repeatElement(notYet, count: number + 1 - categoryGroups.count))
                }
                let known = categoryGroups[number]
                if known != notYet {
                    if known == -2 {
                        namingNoMember.append(expenses[at].id)
                        continue
                    }
                    group = known < 0 ? nil : known
                } else {
                    let split = categoryShares[category]
                    let found: Int?
                    if let split {
                        if split == .personal {
                            found = nil
                        } else {
                            // A share naming someone who is no member (removed on another device):
                            // its expenses are left out and said, like a record naming one.
                            found = try weights(of: split, category: category).flatMap { exact.group($0) }
                            if found == nil {
                                categoryGroups[number] = -2
                                namingNoMember.append(expenses[at].id)
                                continue
                            }
                        }
                    } else {
                        found = exact.group(defaultWeights)
                    }
                    categoryGroups[number] = found ?? -1
                    group = found
                }
            }
            if let payer {
                let (sum, over) = paid[payer].addingReportingOverflow(amount)
                guard !over else { throw BudgetError.totalOverflow }
                paid[payer] = sum
            }
            if let group {
                try exact.add(rest, to: group)
            } else if let payer {
                try exact.add(part: rest, member: payer)  // personal: the payer's alone
            } else {
                // Personal by its category's share, and no payer: no one's to bear.
                withoutPayer += 1
            }
            for part in partShares { try exact.add(part: part.amount, member: part.member) }
            if explain {
                var shares = exact.display(rest, group: group, payer: payer ?? 0)
                for part in partShares { shares[part.member] += part.amount }
                var byName: [String: Int] = [:]
                for (member, share) in shares.enumerated() where share != 0 { byName[names[member]] = share }
                lines.append(Line(expense: expenses[at], shares: byName))
            }
        }
        // Settlements: transfers between members.
        var settled = [Int](repeating: 0, count: count)
        var recorded: [Payment] = []
        let transfers = document.transfers.records
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
        self.rows = rows
        payments = Self.payments(rows, recorded: recorded)
        self.lines = lines
        self.withoutPayer = withoutPayer
        self.namingNoMember = namingNoMember
    }

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
