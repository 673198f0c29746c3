/// The check of a record's member fields (issue #30), made from a budget's members and
/// accounts before a change so it can run while the change has the tables: who paid and
/// everyone a split or a part names is a member, spelt as the budget spells them; the parts
/// fit in the amount; a record in an account with an owner and no payer given is paid by the
/// owner.
public struct MemberCheck: Sendable {
    private let members: Settings<MemberKeys>
    private let accounts: Settings<AccountKeys>
    /// Who pays a record that says nothing and whose account has no owner: this device's
    /// default member, when the budget has members.
    private let devicePayer: String?

    /// The check of `document`'s members and accounts; `devicePayer` is this device's default
    /// member (ignored by a budget without members).
    public init(_ document: BudgetDocument, devicePayer: String? = nil) {
        members = document[settings: MemberKeys.self]
        accounts = document[settings: AccountKeys.self]
        self.devicePayer = members.memberNames.isEmpty ? nil : devicePayer
    }

    /// An expense with its member fields checked and spelt.
    ///
    /// - Throws: `MemberError.unknown`, `.partsExceedAmount`.
    public func expense(_ expense: Expense) throws(MemberError) -> Expense {
        // Nothing to check or fill in (an import's usual row): as it is.
        if expense.paidBy == nil && expense.account == nil && devicePayer == nil && expense.split == nil
            && expense.parts == nil {
            return expense
        }
        var checked = expense
        checked.paidBy = try payer(checked.paidBy, account: checked.account)
        if let text = checked.split, let split = Split(stored: text) {
            if split == .personal && checked.paidBy == nil { throw .personalWithoutPayer }
            checked.split = try spelled(split).text
        }
        if let text = checked.parts, var parts = Parts(stored: text) {
            for index in parts.items.indices {
                parts.items[index].member = try members.resolve(parts.items[index].member).name
            }
            guard let total = parts.total, total <= checked.amount.magnitude else {
                throw .partsExceedAmount(parts: parts.total ?? Int.max, amount: checked.amount)
            }
            checked.parts = parts.text
        }
        return checked
    }

    /// An income with who received it checked and spelt.
    ///
    /// - Throws: `MemberError.unknown`.
    public func income(_ income: Income) throws(MemberError) -> Income {
        if income.paidBy == nil && income.account == nil && devicePayer == nil { return income }
        var checked = income
        checked.paidBy = try payer(checked.paidBy, account: checked.account)
        return checked
    }

    /// A split with each member spelt as the budget spells them.
    ///
    /// - Throws: `MemberError.unknown` for a name that is no member (or one named twice).
    public func spelled(_ split: Split) throws(MemberError) -> Split {
        guard case .weights(let weights) = split else { return split }
        var result: [Split.MemberWeight] = []
        for weight in weights {
            let name = try members.resolve(weight.member).name
            guard !result.contains(where: { $0.member == name }) else { throw .namedTwice(name) }
            result.append(Split.MemberWeight(name, weight.weight))
        }
        return .weights(result)
    }

    /// Who paid: as given, else the account's owner.
    private func payer(_ given: String?, account: String?) throws(MemberError) -> String? {
        let owner = account.flatMap { accounts.account(named: $0)?.owner }
        if let name = given ?? owner { return try members.resolve(name).name }
        guard let devicePayer else { return nil }
        do {
            return try members.resolve(devicePayer).name
        } catch {
            throw .unknownDefault(devicePayer, known: members.memberNames)
        }
    }
}
