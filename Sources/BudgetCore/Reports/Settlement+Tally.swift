extension Settlement {
    /// What decides how an expense is shared: the members, their weights, the categories'
    /// shares, the incomes an `income` share follows, and the period.
    struct Rules: Sendable {
        let lookup: NameLookup
        let names: [String]
        let defaultWeights: [Int]
        let categoryShares: [String: Split]
        let incomeWeights: [Int]
        let period: DateRange
        /// Whether each expense counted is kept, with its shares (`lines`).
        let explain: Bool
        /// Whether an expense without a payer is shared too.
        let sharingUnpaid: Bool

        /// The weights a split gives, by member; `nil` when it names someone who is no member.
        func weights(of split: Split, category: String?) throws -> [Int]? {
            switch split {
            case .personal: return nil
            case .income:
                guard incomeWeights.contains(where: { $0 > 0 }) else { throw MemberError.noIncome(category: category) }
                return incomeWeights
            case .weights(let given):
                var result = [Int](repeating: 0, count: names.count)
                for item in given {
                    guard let member = lookup.index(of: item.member) else { return nil }
                    result[member] = item.weight
                }
                return result
            }
        }
    }

    /// What a run of expenses adds to the balances, in record order; the tallies of two runs
    /// that follow each other join into the tally of both.
    struct Tally: Sendable {
        /// The exact shares of what was spent.
        private(set) var exact: ExactShares
        /// What each member paid, by member.
        private(set) var paid: [Int]
        /// The expenses counted, with their shares (with `explain`).
        private(set) var lines: [Line] = []
        /// Expenses that name no payer: in no balance.
        private(set) var withoutPayer = 0
        /// Expenses that name someone who is no member, by ID.
        private(set) var namingNoMember: [String] = []

        /// The expenses of `run` dated in the rules' period (and accepted by `matching`).
        init(_ run: Slice<RecordList<Expense>>, _ rules: Rules, matching: ((Expense) -> Bool)? = nil) throws {
            let count = rules.names.count
            exact = ExactShares(members: count)
            paid = [Int](repeating: 0, count: count)
            // Each category's group, by the category's number (`LabelIndex`: hashing a Japanese
            // category for a dictionary, once per expense, cost more than the settlement):
            // `notYet`, -2 (its share names no member), -1 (personal) or the group.
            let notYet = Int.min
            var categoryNumbers = LabelIndex()
            var categoryGroups: [Int] = []
            var defaultGroup: Int??
            let lookup = rules.lookup
            for at in run.indices where rules.period.contains(run[at].date) {
                if let matching, !matching(run[at]) { continue }
                let payer: Int?
                if let payerName = run[at].paidBy {
                    guard let found = lookup.index(of: payerName) else {
                        namingNoMember.append(run[at].id)
                        continue
                    }
                    payer = found
                } else if rules.sharingUnpaid && run[at].split != Split.personal.text {
                    payer = nil
                } else {
                    withoutPayer += 1
                    continue
                }
                let amount = run[at].amount
                var rest = amount
                var partShares: [(member: Int, amount: Int)] = []
                if let text = run[at].parts {
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
                        namingNoMember.append(run[at].id)
                        continue
                    }
                }
                // The group of the rest's weights: the record's split, its category's, the members'.
                let group: Int?
                if let text = run[at].split {
                    guard let split = Split(stored: text) else { continue }
                    if split == .personal {
                        group = nil
                    } else {
                        guard let given = try rules.weights(of: split, category: nil) else {
                            namingNoMember.append(run[at].id)
                            continue
                        }
                        group = exact.group(given)
                    }
                } else if rules.categoryShares.isEmpty {
                    if defaultGroup == nil { defaultGroup = .some(exact.group(rules.defaultWeights)) }
                    group = defaultGroup ?? nil
                } else {
                    let category = run[at].category
                    let number = categoryNumbers.number(of: category)
                    if number >= categoryGroups.count {
                        categoryGroups.append(
                            contentsOf: repeatElement(notYet, count: number + 1 - categoryGroups.count))
                    }
                    let known = categoryGroups[number]
                    if known != notYet {
                        if known == -2 {
                            namingNoMember.append(run[at].id)
                            continue
                        }
                        group = known < 0 ? nil : known
                    } else {
                        let split = rules.categoryShares[category]
                        let found: Int?
                        if let split {
                            if split == .personal {
                                found = nil
                            } else {
                                // A share naming someone who is no member (removed on another
                                // device): its expenses are left out and said, like a record naming one.
                                found = try rules.weights(of: split, category: category).flatMap { exact.group($0) }
                                if found == nil {
                                    categoryGroups[number] = -2
                                    namingNoMember.append(run[at].id)
                                    continue
                                }
                            }
                        } else {
                            found = exact.group(rules.defaultWeights)
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
                if rules.explain {
                    var shares = exact.display(rest, group: group, payer: payer ?? 0)
                    for part in partShares { shares[part.member] += part.amount }
                    var byName: [String: Int] = [:]
                    for (member, share) in shares.enumerated() where share != 0 { byName[rules.names[member]] = share }
                    lines.append(Line(expense: run[at], shares: byName))
                }
            }
        }

        /// Adds the tally of the expenses that follow this one's.
        ///
        /// - Throws: `BudgetError.totalOverflow` when a sum does not fit.
        mutating func join(_ next: Tally) throws(BudgetError) {
            try exact.join(next.exact)
            for member in paid.indices {
                let (sum, over) = paid[member].addingReportingOverflow(next.paid[member])
                guard !over else { throw .totalOverflow }
                paid[member] = sum
            }
            lines += next.lines
            withoutPayer += next.withoutPayer
            namingNoMember += next.namingNoMember
        }
    }
}
