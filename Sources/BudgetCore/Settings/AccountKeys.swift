/// The accounts (issue #29): one key per account (`account.楽天銀行`), whose value is the
/// account's line of parts (`Account+Setting`). Kept as settings, two devices merge each
/// account as one value, like any other setting.
public enum AccountKeys: SettingsDomain {
    /// The prefix of the domain's keys.
    public static let name = "account"

    /// The account with this name.
    public static func account(_ name: String) -> SettingKey<AccountKeys, Account?> {
        SettingKey(name, default: nil, "The account \(name).")
    }

    /// No fixed keys: one per account (`dynamicKey`).
    public static let keys: [AnySettingKey] = []

    /// The key of an account, when the name is one an account may have
    /// (`FieldRules.checkAccountName`).
    public static func dynamicKey(named name: String) -> AnySettingKey? {
        guard (try? FieldRules.checkAccountName(name)) != nil else { return nil }
        return account(name).erased
    }
}

extension Settings where Domain == AccountKeys {
    /// The names of the accounts, sorted.
    public var accountNames: [String] {
        let prefix = AccountKeys.name + "."
        return TextOrder.sorted(setKeys.map { String($0.dropFirst(prefix.count)) })
    }

    /// The account with exactly this name, or `nil` (a stored value that is not an account,
    /// which the reader refuses, reads as none).
    public func account(named name: String) -> Account? {
        guard var account = self[AccountKeys.account(name)] else { return nil }
        // As the budget spells it: the setting is found by a canonically equivalent spelling
        // too (`か\u{3099}` typed for `が`), which a record must not store.
        account.name = accountNames.first { $0 == name } ?? name
        return account
    }

    /// Every account, by name.
    public var accounts: [Account] {
        accountNames.compactMap { account(named: $0) }
    }

    /// Stores an account under its name.
    public mutating func set(_ account: Account) {
        self[AccountKeys.account(account.name)] = account
    }
}

extension Settings where Domain == AccountKeys {
    /// The account a typed name means: the account with that name, else with the trimmed
    /// name, else the one account whose name folds alike (`TextFolding`: `ｐａｙｐａｙ` for
    /// `PayPay`), the way a typed category takes the spelling in use.
    ///
    /// - Throws: `AccountError.unknown`, listing the accounts, when none (or several) match.
    public func resolve(_ typed: String) throws(AccountError) -> Account {
        if let account = account(named: typed) { return account }
        let trimmed = FieldRules.trimmed(typed)
        if let account = account(named: trimmed) { return account }
        let names = accountNames
        let folded = TextFolding.folded(trimmed)
        let alike = names.filter { TextFolding.folded($0) == folded }
        guard alike.count == 1, let name = alike.first, let account = account(named: name) else {
            throw .unknown(trimmed, known: names)
        }
        return account
    }

    /// The account a record dated `date` may name, by its typed name (`resolve`): its name as
    /// the record stores it.
    ///
    /// - Throws: `AccountError.unknown`; `AccountError.closed` when the account was closed
    ///   before `date` (a record on the closing day itself is its last).
    public func recordAccount(_ typed: String, on date: Day) throws(AccountError) -> String {
        let account = try resolve(typed)
        if let closed = account.closed, date > closed {
            throw .closed(account.name, on: closed, recordDate: date)
        }
        return account.name
    }
}
