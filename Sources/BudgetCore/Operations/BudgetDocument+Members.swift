/// Members (issue #30): who pays and who is paid for, each one setting (`MemberKeys`), named
/// by records' `paid_by`, `split` and `parts`, and by the categories' shares (`ShareKeys`).
extension BudgetDocument {
    /// The members, in member order (by the bytes of their names).
    public var members: [Member] {
        self[settings: MemberKeys.self].members
    }

    /// The member a typed name means (`Settings<MemberKeys>.resolve`).
    ///
    /// - Throws: `MemberError.unknown`, listing the members.
    public func existingMember(named name: String) throws(MemberError) -> Member {
        try self[settings: MemberKeys.self].resolve(name)
    }

    /// Adds a member.
    ///
    /// - Throws: `MemberError.exists` (a member of that name, or one folding alike),
    ///   `.nameOfAccount`; `ValueError` for a name no member may have.
    @discardableResult
    public mutating func addMember(_ typed: String, weight: Int = 1) throws -> Member {
        let name = try FieldRules.label(typed, field: "member name")
        try FieldRules.checkMemberName(name)
        if let existing = try? existingMember(named: name) { throw MemberError.exists(existing.name) }
        if account(named: name) != nil { throw MemberError.nameOfAccount(name) }
        let member = Member(name: name, weight: weight)
        self[settings: MemberKeys.self][MemberKeys.member(name)] = member
        describeChange("add member \(name)")
        return member
    }

    /// Sets a member's default weight.
    ///
    /// - Throws: `MemberError.unknown`.
    @discardableResult
    public mutating func setMemberWeight(_ typed: String, to weight: Int) throws(MemberError) -> Member {
        var member = try existingMember(named: typed)
        member.weight = weight
        self[settings: MemberKeys.self][MemberKeys.member(member.name)] = member
        describeChange("set member \(member.name)'s share to \(weight)")
        return member
    }

    /// Renames a member everywhere: their setting, the records that name them (who paid, a
    /// split, a part, a settlement), the categories' shares and the accounts they own.
    ///
    /// - Returns: how many records changed.
    /// - Throws: `MemberError.unknown`, `.exists`, `.nameOfAccount`; `ValueError`.
    @discardableResult
    public mutating func renameMember(_ typed: String, to newTyped: String) throws -> Int {
        var member = try existingMember(named: typed)
        let old = member.name, new = try FieldRules.label(newTyped, field: "member name")
        try FieldRules.checkMemberName(new)
        if new == old { return 0 }
        if let other = try? existingMember(named: new), other.name != old { throw MemberError.exists(other.name) }
        if account(named: new) != nil { throw MemberError.nameOfAccount(new) }
        var settings = self[settings: MemberKeys.self]
        settings[MemberKeys.member(old)] = nil
        member.name = new
        settings[MemberKeys.member(new)] = member
        self[settings: MemberKeys.self] = settings
        var shares = self[settings: ShareKeys.self]
        for (category, split) in shares.shares where split.members.contains(old) {
            shares[ShareKeys.category(category)] = split.renaming(old, to: new)
        }
        self[settings: ShareKeys.self] = shares
        var accounts = self[settings: AccountKeys.self]
        for var account in accounts.accounts where account.owner == old {
            account.owner = new
            accounts.set(account)
        }
        self[settings: AccountKeys.self] = accounts
        var count = 0
        var incomes = self.incomes.records.whollyRead
        for at in incomes.indices where incomes[at].paidBy == old {
            incomes[at].paidBy = new
            count += 1
        }
        self.incomes.records = incomes
        var expenses = self.expenses.records.whollyRead
        for at in expenses.indices where expenses[at].names(member: old) {
            expenses[at].renameMember(old, to: new)
            count += 1
        }
        self.expenses.records = expenses
        var transfers = self.transfers.records.whollyRead
        for at in transfers.indices where transfers[at].from == old || transfers[at].to == old {
            if transfers[at].from == old { transfers[at].from = new }
            if transfers[at].to == old { transfers[at].to = new }
            count += 1
        }
        self.transfers.records = transfers
        describeChange("rename member \(old) → \(new) (\(count) \(count == 1 ? "record" : "records"))")
        return count
    }

    /// Removes a member no record names.
    ///
    /// - Throws: `MemberError.unknown`, `.inUse` (with how many records name them).
    public mutating func removeMember(_ typed: String) throws(MemberError) {
        let member = try existingMember(named: typed)
        let name = member.name
        let count = incomes.records.count { $0.paidBy == name } + expenses.records.count { $0.names(member: name) }
            + transfers.records.count { $0.from == name || $0.to == name }
        guard count == 0 else { throw .inUse(name, records: count) }
        // Nothing goes silently: shares and accounts that name them are changed first.
        let settings = self[settings: ShareKeys.self].shares.filter { $0.value.members.contains(name) }
            .map { "share.\($0.key)" }.sorted()
            + accounts.filter { $0.owner == name }.map { "account.\($0.name) (its owner)" }
        guard settings.isEmpty else { throw .namedBySettings(name, settings: settings) }
        self[settings: MemberKeys.self][MemberKeys.member(name)] = nil
        describeChange("remove member \(name)")
    }

    /// Sets how a category's expenses are shared (`nil`: by the members' weights again).
    ///
    /// - Returns: the category as the budget spells it, and the split with members so spelt.
    /// - Throws: `MemberError.unknown` for a member the split names.
    @discardableResult
    public mutating func setShare(
        of typedCategory: String, to split: Split?
    ) throws -> (category: String, split: Split?) {
        let category = canonicalCategory(try FieldRules.label(typedCategory, field: "category"))
        if split != nil, members.isEmpty { throw MemberError.noMembers }
        let spelt = try split.map { split throws(MemberError) in try MemberCheck(self).spelled(split) }
        self[settings: ShareKeys.self][ShareKeys.category(category)] = spelt
        describeChange(spelt.map { "share \(category) as \($0.text)" } ?? "share \(category) as the members' weights")
        return (category, spelt)
    }

    /// Records the payments that settle the period (`Settlement.payments`) as transfers
    /// between members, dated `day`, each with the source that makes the same payment recorded
    /// on another device one with it (`DerivedSource`).
    ///
    /// - Returns: the transfers recorded (none when everyone is settled).
    /// - Throws: what `Settlement` and `addTransfer` throw; nothing is recorded then.
    @discardableResult
    public mutating func recordSettlement(_ settlement: Settlement, on day: Day) throws -> [Transfer] {
        var draft = self
        var recorded: [Transfer] = []
        let view = recordsView(in: settlement.period)
        for payment in settlement.payments {
            var values = RecordValues()
            values["name"] = .text(Self.settlementName)
            values["from"] = .text(payment.from)
            values["to"] = .text(payment.to)
            values["amount"] = .amount(payment.amount)
            values["date"] = .day(day)
            var transfer = try draft.addTransfer(values)
            transfer.source = DerivedSource.settlement(
                period: settlement.period, from: transfer.from, to: transfer.to, amount: transfer.amount, view: view,
                among: transfers.records)  // (as they were: every payment of one settlement has its `n`)
            try draft.transfers.update(transfer)
            recorded.append(transfer)
        }
        draft.describeChange("settle up (\(recorded.count) \(recorded.count == 1 ? "payment" : "payments"))")
        self = draft
        return recorded
    }

    /// The name of a settlement's transfers.
    public static let settlementName = "精算"
}

extension Expense {
    /// Whether it names the member: as who paid, in its split or in a part.
    func names(member name: String) -> Bool {
        paidBy == name || (split.flatMap(Split.init(stored:))?.members.contains(name) ?? false)
            || (parts.flatMap(Parts.init(stored:))?.items.contains { $0.member == name } ?? false)
    }

    /// Renames a member wherever it names them.
    mutating func renameMember(_ old: String, to new: String) {
        if paidBy == old { paidBy = new }
        if let text = split, let parsed = Split(stored: text) { split = parsed.renaming(old, to: new).text }
        if let text = parts, let parsed = Parts(stored: text) { parts = parsed.renaming(old, to: new).text }
    }
}
