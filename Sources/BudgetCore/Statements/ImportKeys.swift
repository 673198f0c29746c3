/// Saved import profiles, one key per profile (`import.profile.mybank`).
public enum ImportKeys: SettingsDomain {
    /// The prefix of the domain's keys.
    public static let name = "import"
    static let profilePrefix = "profile."

    /// The saved profile with this name.
    public static func profile(_ name: String) -> SettingKey<ImportKeys, ImportProfile?> {
        SettingKey(profilePrefix + name, default: nil, "The saved import profile \(name).")
    }

    /// No fixed keys: one per saved profile (`dynamicKey`).
    public static let keys: [AnySettingKey] = []

    /// The key of a profile (`profile.mybank`), when the name is one a profile may have: a
    /// tag's rules (no spaces or commas), and no preset's name.
    public static func dynamicKey(named name: String) -> AnySettingKey? {
        guard name.hasPrefix(profilePrefix) else { return nil }
        let profile = String(name.dropFirst(profilePrefix.count))
        guard isValidName(profile) else { return nil }
        return ImportKeys.profile(profile).erased
    }

    /// Whether a profile may be called so.
    public static func isValidName(_ name: String) -> Bool {
        (try? FieldRules.checkTag(name)) != nil && !name.isEmpty && StatementPreset.named(name) == nil
    }
}

extension Settings where Domain == ImportKeys {
    /// The names of the saved profiles, sorted.
    public var profileNames: [String] {
        let prefix = ImportKeys.name + "." + ImportKeys.profilePrefix
        return setKeys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
    }
}
