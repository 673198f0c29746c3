extension BudgetDocument {
    // MARK: Reading

    /// A setting's value as text: its value when set, else its default (`none` when it has none).
    public func settingText(_ key: AnySettingKey) -> String {
        settingsValues.value(forKey: key.storedKey).flatMap { key.describe($0, settingContext) }
            ?? key.defaultText(context: settingContext)
    }

    /// Every fixed key, then each limit, each saved import profile and each account that is set, with its
    /// value and default.
    public var settingEntries: [SettingEntry] {
        let limits = self[settings: BudgetKeys.self].limitedCategories.map { BudgetKeys.limit($0).erased }
        let profiles = SettingsCatalog.profileKeys(in: settingsValues)
        let accounts = self[settings: AccountKeys.self].accountNames.map { AccountKeys.account($0).erased }
        return (SettingsCatalog.fixedKeys + limits + profiles + accounts).map { key in
            SettingEntry(key: key, value: settingText(key), defaultValue: key.defaultText(context: settingContext),
                         isSet: settingsValues.value(forKey: key.storedKey) != nil)
        }
    }

    // MARK: Changing

    /// Sets a key from text as a person types it, or removes it (`nil`), with the rules every
    /// key follows: the value is read in the key's type (an amount in the budget's currency),
    /// and the currency changes through `setCurrency`, where `none` means no currency and
    /// `rescale` converts the amounts.
    ///
    /// - Parameters:
    ///   - key: the key (`SettingsCatalog.key(toSet:)` finds it by name).
    ///   - text: the new value; `nil` returns the key to its default.
    ///   - rescale: with `display.currency` only: convert every amount to the new currency's decimals.
    /// - Returns: what changed.
    /// - Throws: `ValueError` for a value of the wrong kind, `SettingsError.rescaleNotApplicable`
    ///   for `rescale` with another key, `SettingsError.numberedRule` for a rule's key (rules
    ///   change through `addRule`, `deleteRule`, `moveRule`), `SettingsError.scheduleKey` for a
    ///   schedule's key or their counter, `SettingsError.deletedRowsKey` for the rows of deleted
    ///   imported records (`import.deleted.<month>`), what `setCurrency` throws,
    ///   `AccountError` for an account that breaks `checkAccount` or a default account the
    ///   budget does not have; nothing changes then.
    @discardableResult
    public mutating func setSetting(
        _ key: AnySettingKey, to text: String?, rescale: Bool = false
    ) throws -> SettingChange {
        let before = settingsValues.value(forKey: key.storedKey)
        // Set one by one, rules could leave a gap in their numbers or skip one.
        if RuleKeys.key(stored: key.storedKey) != nil { throw SettingsError.numberedRule(key: key.storedKey) }
        if SettingsCatalog.isSchedule(key.storedKey) { throw SettingsError.scheduleKey(key: key.storedKey) }
        if SettingsCatalog.isDeletedRows(key.storedKey) { throw SettingsError.deletedRowsKey(key: key.storedKey) }
        if key.storedKey == DisplayKeys.currency.storedKey {
            // `none`, as `config list` shows an unset currency, means plain whole numbers.
            let currency = try text.flatMap { text throws(ValueError) -> Currency? in
                if FieldRules.trimmed(text).lowercased() == "none" { return nil }
                return try Currency(settingText: text)
            }
            try setCurrency(currency, rescale: rescale)
        } else {
            if rescale { throw SettingsError.rescaleNotApplicable(key: key.storedKey) }
            var stored = try text.flatMap { text throws(ValueError) in try key.parse(text, settingContext) }
            // A default category typed in another case or width is the category in use.
            if key.storedKey == ExpenseKeys.defaultCategory.storedKey, case .string(let category)? = stored {
                stored = .string(canonicalCategory(category))
            }
            // A default account is one of the budget's, spelt as it is.
            if key.storedKey == ExpenseKeys.defaultAccount.storedKey, case .string(let account)? = stored {
                stored = .string(try existingAccount(named: account).name)
            }
            // An account set by its key follows the rules `addAccount` and `editAccount` keep.
            if key.storedKey.hasPrefix(AccountKeys.name + "."), let value = stored,
               var account = Account(stored: value) {
                account.name = String(key.storedKey.dropFirst(AccountKeys.name.count + 1))
                try checkAccount(&account)
                stored = account.stored
            }
            // A member set by its key follows `addMember`'s rules: a name of its own.
            if key.storedKey.hasPrefix(MemberKeys.name + "."), stored != nil, before == nil {
                let name = String(key.storedKey.dropFirst(MemberKeys.name.count + 1))
                _ = try FieldRules.label(name, field: "member name")
                if let existing = try? existingMember(named: name) { throw MemberError.exists(existing.name) }
                if account(named: name) != nil { throw MemberError.nameOfAccount(name) }
            }
            // A category's share names members of the budget, spelt as they are.
            if key.storedKey.hasPrefix(ShareKeys.name + "."), let value = stored, let split = Split(stored: value) {
                stored = try MemberCheck(self).spelled(split).stored
            }
            settingsValues.setValue(stored, forKey: key.storedKey)
        }
        let after = settingsValues.value(forKey: key.storedKey)
        return SettingChange(key: key.storedKey, wasSet: before != nil, changed: before != after,
                             value: after.flatMap { key.describe($0, settingContext) })
    }

    /// Sets a category's plain monthly limit (no rollover).
    ///
    /// - Parameters:
    ///   - category: read with `FieldRules.label`.
    ///   - amount: in the currency's minor unit; at most `maximumLimit`, which the store checks.
    /// - Returns: the category as stored.
    /// - Throws: `ValueError` for a category that cannot be one or a negative amount.
    @discardableResult
    public mutating func setLimit(_ amount: Int, for category: String) throws(ValueError) -> String {
        let scope = try setLimit(try SpendingLimit(monthly: amount), for: .category(category))
        return scope.category ?? category
    }

    /// Sets a limit: a category's, or the total limit on all expenses. A plain monthly limit
    /// is stored as a number, as earlier versions wrote it; one with options as its text
    /// (`SpendingLimit+Setting`).
    ///
    /// - Parameters:
    ///   - limit: its amount at most `maximumLimit`, which the store checks.
    ///   - scope: a category (read with `FieldRules.label`, spelt as a category in use that
    ///     folds alike: `canonicalCategory`) or the total.
    /// - Returns: the scope as stored (the category trimmed).
    /// - Throws: `ValueError` for a category that cannot be one.
    @discardableResult
    public mutating func setLimit(_ limit: SpendingLimit, for scope: LimitScope) throws(ValueError) -> LimitScope {
        let stored = try typedScope(scope)
        self[settings: BudgetKeys.self][BudgetKeys.limit(stored)] = limit
        return stored
    }

    /// The limit `budget limit set` gives: `amount` per `per`, carrying as `rollover` says from
    /// `since`, or, without it, from the period that holds `today` (the budget month, by
    /// `budgetCalendar`, or the calendar year).
    ///
    /// - Throws: `ValueError` for a negative amount, or `since` without rollover.
    public func limit(
        _ amount: Int, per: SpendingLimit.Period, rollover: SpendingLimit.Rollover, since: Int?, today: Day
    ) throws(ValueError) -> SpendingLimit {
        guard rollover != .none else { return try SpendingLimit(amount: amount, per: per, since: since) }
        let start = since ?? (per == .month ? budgetCalendar.period(containing: today).index : today.year)
        return try SpendingLimit(amount: amount, per: per, rollover: rollover, since: start)
    }

    /// A scope's limit, when it has one.
    ///
    /// - Throws: `ValueError` for a category that cannot be one.
    public func limit(for scope: LimitScope) throws(ValueError) -> SpendingLimit? {
        self[settings: BudgetKeys.self][BudgetKeys.limit(try Self.storedScope(scope))]
    }

    /// Removes a category's limit.
    ///
    /// - Returns: whether the category had one.
    /// - Throws: `ValueError` for a category that cannot be one.
    @discardableResult
    public mutating func removeLimit(for category: String) throws(ValueError) -> Bool {
        try removeLimit(for: .category(category)) != nil
    }

    /// Removes a limit, options and all.
    ///
    /// - Returns: the limit removed, if there was one.
    /// - Throws: `ValueError` for a category that cannot be one.
    @discardableResult
    public mutating func removeLimit(for scope: LimitScope) throws(ValueError) -> SpendingLimit? {
        let key = BudgetKeys.limit(try typedScope(scope))
        let existed = self[settings: BudgetKeys.self][key]
        self[settings: BudgetKeys.self].remove(key)
        return existed
    }

    /// A scope as typed: a category read as input and spelt as the one in use that folds
    /// alike (`canonicalCategory`).
    private func typedScope(_ scope: LimitScope) throws(ValueError) -> LimitScope {
        guard case .category = scope else { return scope }
        guard case .category(let category) = try Self.storedScope(scope) else { return scope }
        return .category(canonicalCategory(category))
    }

    private static func storedScope(_ scope: LimitScope) throws(ValueError) -> LimitScope {
        guard case .category(let category) = scope else { return scope }
        return .category(try FieldRules.label(category, field: "category"))
    }
}
