/// Monthly spending limits, one key per category (`budget.limit.food`).
public enum BudgetKeys: SettingsDomain {
    /// The prefix of the domain's keys.
    public static let name = "budget"
    static let limitPrefix = "limit."

    /// The monthly limit of one category.
    public static func limit(_ category: String) -> SettingKey<BudgetKeys, Money?> {
        SettingKey(limitPrefix + category, default: nil, "The monthly spending limit of the category \(category).")
    }

    /// No fixed keys: one limit per category (`dynamicKey`).
    public static let keys: [AnySettingKey] = []

    /// The limit key of a category (`limit.food`), when the category is one the file may hold.
    public static func dynamicKey(named name: String) -> AnySettingKey? {
        guard name.hasPrefix(limitPrefix) else { return nil }
        let category = String(name.dropFirst(limitPrefix.count))
        do {
            try FieldRules.checkLabel(category, field: "category")
        } catch {
            return nil
        }
        return limit(category).erased
    }
}

extension Settings where Domain == BudgetKeys {
    /// The categories that have a monthly limit, sorted.
    public var limitedCategories: [String] {
        let prefix = BudgetKeys.name + "." + BudgetKeys.limitPrefix
        return setKeys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
    }
}
