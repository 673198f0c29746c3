/// Every settings domain, for commands that name keys at run time and for validating the file.
public enum SettingsCatalog {
    /// The domains, in the order `config list` shows them.
    public static let domains: [any SettingsDomain.Type] = [
        DisplayKeys.self, ExpenseKeys.self, AccountKeys.self, CardKeys.self, BudgetKeys.self, PeriodKeys.self,
        ImportKeys.self, RuleKeys.self, RecurKeys.self, MemberKeys.self, ShareKeys.self,
    ]

    /// The key for a stored name, from whichever domain owns it.
    public static func key(stored: String) -> AnySettingKey? {
        for domain in domains {
            if let key = domain.key(stored: stored) { return key }
        }
        return nil
    }

    /// The key a person names to give it a value. A limit's category is read like any
    /// category typed in (`FieldRules.label`: trimmed, no bidirectional controls), so
    /// `budget.limit.food ` and `budget.limit.food` name one limit.
    ///
    /// - Throws: `SettingsError.unknownKey` (without a suggestion) when no domain owns the
    ///   name; `ValueError` for a limit whose category cannot be one.
    public static func key(toSet name: String) throws -> AnySettingKey {
        let prefix = BudgetKeys.storedLimitPrefix
        let stored = name.hasPrefix(prefix)
            ? prefix + (try FieldRules.label(String(name.dropFirst(prefix.count)), field: "category")) : name
        // A profile's name by a tag's input rules: no bidirectional controls in new names.
        let profilePrefix = ImportKeys.name + "." + ImportKeys.profilePrefix
        if stored.hasPrefix(profilePrefix) { try checkProfileName(String(stored.dropFirst(profilePrefix.count))) }
        // An account's name by its input rules (`FieldRules.accountName`).
        let accountPrefix = AccountKeys.name + "."
        if stored.hasPrefix(accountPrefix) {
            let account = try FieldRules.accountName(String(stored.dropFirst(accountPrefix.count)))
            guard let key = key(stored: accountPrefix + account) else {
                throw SettingsError.unknownKey(name, suggestion: nil)
            }
            return key
        }
        guard let key = key(stored: stored) else { throw SettingsError.unknownKey(name, suggestion: nil) }
        return key
    }

    /// A new profile's name, by a tag's input rules, in errors that call it a profile name.
    private static func checkProfileName(_ name: String) throws(ValueError) {
        let trimmed = try FieldRules.label(name, field: "profile name")
        if trimmed.unicodeScalars.contains(where: { $0 == "," || $0.properties.isWhitespace }) {
            throw .invalidProfileName(trimmed)
        }
    }

    /// Whether a stored key holds the rows of deleted imported records
    /// (`import.deleted.<YYYY-MM>`), which change with the delete that names itself.
    public static func isDeletedRows(_ storedKey: String) -> Bool {
        ImportKeys.isManaged(storedKey)
    }

    /// Whether a stored key is a schedule's or the schedules' counter (`recur.<id>`,
    /// `recur.last-id`), which change through the schedules' own operations.
    public static func isSchedule(_ storedKey: String) -> Bool {
        RecurKeys.isManaged(storedKey)
    }

    /// The keys of the import profiles saved in `settings` (`import.profile.<name>`), by name.
    static func profileKeys(in settings: SettingsValues) -> [AnySettingKey] {
        Settings<ImportKeys>(storage: settings).profileNames.map { ImportKeys.profile($0).erased }
    }

    /// The fixed keys of all domains, in declaration order.
    public static var fixedKeys: [AnySettingKey] {
        domains.flatMap { $0.keys }
    }

    /// Every name a key can have, for suggestions: the fixed keys, then
    /// `budget.limit.<category>` and `account.<name>`.
    public static var keyPatterns: [String] {
        fixedKeys.map(\.storedKey)
            + [
                BudgetKeys.storedLimitPrefix + "<category>", AccountKeys.name + ".<name>",
                MemberKeys.name + ".<name>", ShareKeys.name + ".<category>",
            ]
    }
}
