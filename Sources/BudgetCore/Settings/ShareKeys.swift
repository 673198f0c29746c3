/// How each category's expenses are shared (issue #30): `share.家賃` = `夫=1,妻=1`,
/// `share.食費` = `夫=6,妻=4`, or `income`. A category without one is shared by the members'
/// own weights.
public enum ShareKeys: SettingsDomain {
    /// The prefix of the domain's keys.
    public static let name = "share"

    /// The share of a category's expenses.
    public static func category(_ category: String) -> SettingKey<ShareKeys, Split?> {
        SettingKey(category, default: nil, "How expenses in \(category) are shared.")
    }

    /// No fixed keys: one per category (`dynamicKey`).
    public static let keys: [AnySettingKey] = []

    /// The key of a category's share.
    public static func dynamicKey(named name: String) -> AnySettingKey? {
        guard (try? FieldRules.checkLabel(name, field: "category")) != nil else { return nil }
        return category(name).erased
    }
}

extension Settings where Domain == ShareKeys {
    /// Each category's share, by category.
    public var shares: [String: Split] {
        let prefix = ShareKeys.name + "."
        var result: [String: Split] = [:]
        for key in setKeys {
            let category = String(key.dropFirst(prefix.count))
            if let split = self[ShareKeys.category(category)] { result[category] = split }
        }
        return result
    }
}
