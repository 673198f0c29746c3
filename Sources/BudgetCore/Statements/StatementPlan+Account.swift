extension StatementPlan {
    /// The types of account a preset's statements are of: a bank's are a bank or savings
    /// account's, a card's a card's, a wallet's e-money's or cash's; `nil` for a household
    /// book's export or a statement of no preset, which may be of any account.
    public var accountTypes: Set<AccountType>? {
        guard let preset else { return nil }
        if StatementPreset.banks.contains(where: { $0.name == preset.name }) { return [.bank, .savings] }
        if StatementPreset.cards.contains(where: { $0.name == preset.name }) { return [.card] }
        if StatementPreset.wallets.contains(where: { $0.name == preset.name }) { return [.emoney, .cash] }
        return nil
    }

    /// Why importing this statement into `account` looks like a mistake (a card's statement into
    /// a bank account), or `nil`: its records would name an account the money never went through.
    public func mismatch(with account: Account) -> String? {
        guard let types = accountTypes, !types.contains(account.type) else { return nil }
        let expected = types.map(\.rawValue).sorted().joined(separator: " or ")
        return "\(title) is of a \(expected) account, but \(account.name) is a \(account.type.rawValue) account: "
            + "check that it is the account meant"
    }
}
