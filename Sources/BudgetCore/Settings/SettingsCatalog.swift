/// Every settings domain, for commands that name keys at run time and for validating the file.
public enum SettingsCatalog {
    public static let domains: [any SettingsDomain.Type] = [DisplayKeys.self, ExpenseKeys.self, BudgetKeys.self]

    /// The key for a stored name, from whichever domain owns it.
    public static func key(stored: String) -> AnySettingKey? {
        for domain in domains {
            if let key = domain.key(stored: stored) { return key }
        }
        return nil
    }

    /// The fixed keys of all domains, in declaration order.
    public static var fixedKeys: [AnySettingKey] {
        domains.flatMap { $0.keys }
    }
}
