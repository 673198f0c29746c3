extension BudgetDocument {
    /// Records a transfer last, with the next transfer ID: money moved from one of the
    /// household's accounts to another, which no summary, limit or forecast counts as income or
    /// spending.
    ///
    /// - Parameter values: the transfer's fields (`from`, `to`, `amount`, `date`; `name`, `note`
    ///   and `tags` optional), read by their input rules as `add(_:_:today:)` reads them. Each
    ///   account is one of the budget's (`Transfer.adjustment` aside), spelt as the budget does.
    /// - Returns: the new transfer.
    /// - Throws: `AccountError.unknown` or `.closed` for an account; `TransferError.sameAccount`
    ///   when both are one; what `add` throws; nothing is added then.
    @discardableResult
    public mutating func addTransfer(_ values: RecordValues, today: Day = .today()) throws -> Transfer {
        var values = values
        if values["name"] == nil { values["name"] = .text(Transfer.defaultName) }
        var draft = self
        var transfer = try draft.add(Transfer.self, values, today: today)
        transfer = try draft.checkedAccounts(of: transfer)
        try draft.transfers.update(transfer)
        self = draft
        return transfer
    }

    /// A transfer's accounts spelt as the budget spells them, checked: each one of the budget's
    /// (or `Transfer.adjustment`), open on the transfer's day, and not both one.
    ///
    /// - Throws: `AccountError.unknown` or `.closed`; `TransferError.sameAccount`.
    func checkedAccounts(of transfer: Transfer) throws -> Transfer {
        let accounts = self[settings: AccountKeys.self]
        var checked = transfer
        // A settlement between two members (`recordSettlement`): both are members.
        let members = self[settings: MemberKeys.self]
        if !members.memberNames.isEmpty, account(named: transfer.from) == nil, account(named: transfer.to) == nil,
           let from = try? members.resolve(transfer.from), let to = try? members.resolve(transfer.to) {
            checked.from = from.name
            checked.to = to.name
            if checked.from == checked.to { throw TransferError.sameAccount(checked.from) }
            return checked
        }
        // One end a member and the other no member: said as such, not as an unknown account.
        if !members.memberNames.isEmpty {
            let fromMember = account(named: transfer.from) == nil ? try? members.resolve(transfer.from) : nil
            let toMember = account(named: transfer.to) == nil ? try? members.resolve(transfer.to) : nil
            if let member = fromMember ?? toMember, (fromMember == nil) != (toMember == nil) {
                let other = fromMember == nil ? transfer.from : transfer.to
                throw TransferError.memberAndOther(member: member.name, other: other)
            }
        }
        func spelt(_ name: String) throws(AccountError) -> String {
            name == Transfer.adjustment ? name : try accounts.recordAccount(name, on: transfer.date)
        }
        checked.from = try spelt(transfer.from)
        checked.to = try spelt(transfer.to)
        if checked.from == checked.to { throw TransferError.sameAccount(checked.from) }
        return checked
    }
}
