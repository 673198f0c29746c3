/// Saved import profiles, one key per profile (`import.profile.mybank`), and the rows of
/// deleted imported records, one key per month of their dates (`import.deleted.2026-11`,
/// `DeletedRows`), which change only by deleting records.
public enum ImportKeys: SettingsDomain {
    /// The prefix of the domain's keys.
    public static let name = "import"
    static let profilePrefix = "profile."
    static let deletedPrefix = "deleted."

    /// The rows of the imported records deleted whose dates fall in a month (`2026-11`).
    public static func deleted(_ month: String) -> SettingKey<ImportKeys, DeletedRows?> {
        SettingKey(
            deletedPrefix + month, default: nil,
            "The statement rows of imported records of \(month) that were deleted.")
    }

    /// Whether a stored key is one that only deleting records changes.
    public static func isManaged(_ storedKey: String) -> Bool {
        storedKey.hasPrefix(name + "." + deletedPrefix) && key(stored: storedKey) != nil
    }

    /// The saved profile with this name.
    public static func profile(_ name: String) -> SettingKey<ImportKeys, ImportProfile?> {
        SettingKey(profilePrefix + name, default: nil, "The saved import profile \(name).")
    }

    /// No fixed keys: one per saved profile (`dynamicKey`).
    public static let keys: [AnySettingKey] = []

    /// The key of a profile (`profile.mybank`), when the name is one a profile may have: a
    /// tag's rules (no spaces or commas), and no preset's name.
    public static func dynamicKey(named name: String) -> AnySettingKey? {
        if name.hasPrefix(deletedPrefix) {
            let month = String(name.dropFirst(deletedPrefix.count))
            // `YYYY-MM`, a month of a day budget can hold.
            guard month.utf8.count == 7, let day = Day(iso: month + "-01"), day.monthText == month else { return nil }
            return deleted(month).erased
        }
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

    /// The months that have deleted rows (`2026-11`), sorted.
    var deletedMonths: [String] {
        let prefix = ImportKeys.name + "." + ImportKeys.deletedPrefix
        return storage.storedKeys(prefixed: prefix).compactMap { StoredKeyName.rest(of: $0, after: prefix) }.sorted()
    }
}
