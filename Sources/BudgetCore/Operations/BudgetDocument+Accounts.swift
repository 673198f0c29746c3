/// Accounts (issue #29): where money is kept, each one setting (`AccountKeys`), named by the
/// records that moved through it (`account`).
extension BudgetDocument {
    // MARK: Reading

    /// Every account, by name.
    public var accounts: [Account] {
        self[settings: AccountKeys.self].accounts
    }

    /// The record fields this budget has no use for yet, which listings and exports leave out,
    /// so that a budget that never used them reads as it did before they existed: `account`
    /// until the budget has an account (or a record names one); `paid_by`, `split` and `parts`
    /// until it has a member (or a record names one).
    public var unusedFields: Set<String> {
        var unused: Set<String> = []
        // By index: the fields are read in place, no record is copied (a listing of a million).
        let incomes = incomes.records, expenses = expenses.records
        if self[settings: AccountKeys.self].accountNames.isEmpty,
           !incomes.indices.contains(where: { incomes[$0].account != nil }),
           !expenses.indices.contains(where: { expenses[$0].account != nil }) {
            unused.insert("account")
        }
        if self[settings: MemberKeys.self].memberNames.isEmpty,
           !incomes.indices.contains(where: { incomes[$0].paidBy != nil }),
           !expenses.indices.contains(where: {
               expenses[$0].paidBy != nil || expenses[$0].split != nil || expenses[$0].parts != nil
           }) {
            unused.formUnion(["paid_by", "split", "parts"])
        }
        return unused
    }

    /// The account a typed name means: its exact name, trimmed, or the one account that folds
    /// alike (`ＰａｙＰａｙ` for `PayPay`), the way typed categories take their spelling in use.
    /// `nil` when there is none.
    public func account(named name: String) -> Account? {
        try? self[settings: AccountKeys.self].resolve(name)
    }

    /// The account a typed name means (`account(named:)`).
    ///
    /// - Throws: `AccountError.unknown`, listing the accounts.
    public func existingAccount(named name: String) throws(AccountError) -> Account {
        try self[settings: AccountKeys.self].resolve(name)
    }

    // MARK: Changing

    /// Adds an account.
    ///
    /// - Parameter account: its name is read with `FieldRules.accountName` (trimmed, no `;` or
    ///   `=`); a card's `funding` names a bank or savings account, spelt as typed or folding alike.
    /// - Returns: the account as stored.
    /// - Throws: `AccountError.exists` when an account has the name or one folding alike;
    ///   `AccountError.notACard`, `.cannotFund`, `.unknown` (the funding account),
    ///   `.invalidValue`; nothing changes then.
    @discardableResult
    public mutating func addAccount(_ account: Account) throws(AccountError) -> Account {
        var account = account
        do {
            account.name = try FieldRules.accountName(account.name)
        } catch {
            throw .invalidValue(error)
        }
        if let existing = self.account(named: account.name) { throw .exists(existing.name) }
        if let member = try? existingMember(named: account.name) { throw .nameOfMember(member.name) }
        try store(&account)
        try checkBalances(of: account.name)
        describeChange("add account \(account.name)")
        return account
    }

    /// Changes an account's opening balance, its day, or a card's cycle, as `change` does
    /// (renaming is `renameAccount`, closing `closeAccount`).
    ///
    /// - Parameters:
    ///   - name: the account, as typed (`account(named:)`).
    ///   - change: what to change; its changes to the name are ignored.
    /// - Returns: the account as stored.
    /// - Throws: `AccountError.unknown`, and what `addAccount` throws for the new values;
    ///   nothing changes then.
    @discardableResult
    public mutating func editAccount(
        _ name: String, _ change: (inout Account) throws(AccountError) -> Void
    ) throws(AccountError) -> Account {
        let old = try existingAccount(named: name)
        var account = old
        try change(&account)
        account.name = old.name
        if account.type != old.type {
            // A card's records are money owed; another type's, money held: they would change meaning.
            if account.type.isLiability != old.type.isLiability && namedByRecords(old.name) {
                throw .typeChange(
                    old.name, from: old.type, to: account.type,
                    why: "its records would change meaning (money held against money owed); add a new account")
            }
            if !account.type.canFundCards, let card = accounts.first(where: { $0.funding == old.name }) {
                throw .typeChange(
                    old.name, from: old.type, to: account.type, why: "the card \(card.name) is paid from it")
            }
        }
        try store(&account)
        try checkBalances(of: account.name)
        return account
    }

    /// Renames an account, and with it the `account` of every income, expense and schedule,
    /// the `expense.default-account` setting and the `funding` of every card paid from it: one
    /// change, one undo step.
    ///
    /// - Parameters:
    ///   - oldName: the account, as typed (`account(named:)`).
    ///   - newName: read with `FieldRules.accountName`.
    /// - Returns: the number of records that moved to the new name.
    /// - Throws: `AccountError.unknown`, `.exists` (another account has the new name or one
    ///   folding alike), `.invalidValue`; nothing changes then.
    @discardableResult
    public mutating func renameAccount(_ oldName: String, to newName: String) throws(AccountError) -> Int {
        // A name records give that is no account (an account renamed on another device while
        // this one recorded under the old name) moves onto the account named.
        if account(named: oldName) == nil, let target = account(named: newName) {
            let orphan = FieldRules.trimmed(oldName)
            guard namedByRecords(orphan) else { throw .unknown(oldName, known: accounts.map(\.name)) }
            let count = moveRecords(from: orphan, to: target.name)
            let records = "\(count) \(count == 1 ? "record" : "records")"
            describeChange("move \(records) from \(orphan) to account \(target.name)")
            return count
        }
        var account = try existingAccount(named: oldName)
        let old = account.name
        let new: String
        do {
            new = try FieldRules.accountName(newName)
        } catch {
            throw .invalidValue(error)
        }
        if new == old { return 0 }
        if let other = self.account(named: new), other.name != old { throw .exists(other.name) }
        if let member = try? existingMember(named: new) { throw .nameOfMember(member.name) }
        var settings = self[settings: AccountKeys.self]
        settings.remove(AccountKeys.account(old))
        account.name = new
        settings.set(account)
        for var card in settings.accounts where card.funding == old {
            card.funding = new
            settings.set(card)
        }
        self[settings: AccountKeys.self] = settings
        var expenseSettings = self[settings: ExpenseKeys.self]
        if expenseSettings[ExpenseKeys.defaultAccount]?.text == old {
            expenseSettings[ExpenseKeys.defaultAccount] = LabelSetting(stringLiteral: new)
            self[settings: ExpenseKeys.self] = expenseSettings
        }
        let count = moveRecords(from: old, to: new)
        updateSchedules { schedule in
            guard schedule.account == old else { return false }
            schedule.account = new
            return true
        }
        describeChange("rename account \(old) → \(new) (\(count) \(count == 1 ? "record" : "records"))")
        return count
    }

    /// Closes an account on `day`: records dated after it may no longer name it (those already
    /// there stay, and a record on `day` itself is still taken). Its records and balance stay.
    ///
    /// - Throws: `AccountError.unknown`, `.alreadyClosed`; nothing changes then.
    @discardableResult
    public mutating func closeAccount(_ name: String, on day: Day) throws(AccountError) -> Account {
        var account = try existingAccount(named: name)
        if let closed = account.closed { throw .alreadyClosed(account.name, on: closed) }
        let later = recordDates(of: account.name).filter { $0 > day }
        if let first = later.min() {
            throw .recordsAfterClosing(account.name, on: day, count: later.count, first: first)
        }
        account.closed = day
        var settings = self[settings: AccountKeys.self]
        settings.set(account)
        self[settings: AccountKeys.self] = settings
        describeChange("close account \(account.name)")
        return account
    }

    /// Remembers the last reconciliation of an account: the day and the balance the bank or
    /// card showed at its end.
    ///
    /// - Throws: `AccountError.unknown`; nothing changes then.
    @discardableResult
    public mutating func setReconciled(_ name: String, day: Day, balance: Int) throws(AccountError) -> Account {
        var account = try existingAccount(named: name)
        account.reconciled = Reconciliation(day: day, balance: balance)
        var settings = self[settings: AccountKeys.self]
        settings.set(account)
        self[settings: AccountKeys.self] = settings
        return account
    }

    /// Checks an account (`checkAccount`) and stores it under its name.
    private mutating func store(_ account: inout Account) throws(AccountError) {
        try checkAccount(&account)
        var settings = self[settings: AccountKeys.self]
        settings.set(account)
        self[settings: AccountKeys.self] = settings
    }

    /// Checks an account's card fields and funding account, and spells the funding account as
    /// the budget does (`config set account.<name>` keeps the same rules).
    ///
    /// - Throws: `AccountError.notACard`, `.cannotFund`, `.unknown` (the funding account).
    /// Reopens a closed account: records of any day may name it again.
    ///
    /// - Throws: `AccountError.unknown`; nothing changes then.
    @discardableResult
    public mutating func reopenAccount(_ name: String) throws(AccountError) -> Account {
        var account = try existingAccount(named: name)
        guard account.closed != nil else { return account }
        account.closed = nil
        var settings = self[settings: AccountKeys.self]
        settings.set(account)
        self[settings: AccountKeys.self] = settings
        describeChange("reopen account \(account.name)")
        return account
    }

    /// Makes every record that names `old` name `new`; how many did.
    private mutating func moveRecords(from old: String, to new: String) -> Int {
        var count = 0
        func rename<Record: BaseModel>(_ table: inout RecordTable<Record>) {
            var records = table.records
            for index in records.indices where records[index].renameAccount(old, to: new) {
                count += 1
            }
            table.records = records
        }
        rename(&incomes)
        rename(&expenses)
        rename(&transfers)
        return count
    }

    /// Whether any record (an income, an expense or a transfer) names the account.
    func namedByRecords(_ name: String) -> Bool {
        incomes.records.contains { $0.account == name } || expenses.records.contains { $0.account == name }
            || transfers.records.contains { $0.from == name || $0.to == name }
    }

    /// The dates of the records that name the account.
    func recordDates(of name: String) -> [Day] {
        incomes.records.filter { $0.account == name }.map(\.date)
            + expenses.records.filter { $0.account == name }.map(\.date)
            + transfers.records.filter { $0.from == name || $0.to == name }.map(\.date)
    }

    /// Checks that every account's balance, and the accounts' totals, stay computable.
    ///
    /// - Throws: `AccountError.balanceTooLarge`.
    func checkBalances(of name: String) throws(AccountError) {
        guard !self[settings: AccountKeys.self].accountNames.isEmpty else { return }
        do {
            _ = try AccountBalances(self)
        } catch {
            throw .balanceTooLarge(name)
        }
    }

    func checkAccount(_ account: inout Account) throws(AccountError) {
        // A card has a cycle and the account it is paid from; e-money the account it is charged from.
        if account.type != .card, account.closing != nil || account.withdrawal != nil
            || (account.funding != nil && account.type != .emoney) {
            throw .notACard(account.name, type: account.type)
        }
        if let funding = account.funding {
            let source = try existingAccount(named: funding)
            let canFund = account.type == .emoney ? source.type.canFundCards || source.type == .card
                : source.type.canFundCards
            guard canFund, source.name != account.name else { throw .cannotFund(source.name, type: source.type) }
            account.funding = source.name
        }
    }
}
