/// A namespace of settings owned by one feature (`display`, `expense`, `budget`).
///
/// A domain is a case-less enum whose static `SettingKey`s are its keys, declared once.
/// `Settings<Domain>` only takes keys of its own domain, so code handed the display settings
/// cannot read or write a budget limit: the compiler refuses.
public protocol SettingsDomain: Sendable {
    /// The prefix of the stored keys (`display` for `display.currency`).
    static var name: String { get }
    /// Every fixed key, for `config list` and for validating the file.
    static var keys: [AnySettingKey] { get }
    /// A key outside `keys` that the domain still owns (such as `limit.food`), or `nil`.
    static func dynamicKey(named name: String) -> AnySettingKey?
}

extension SettingsDomain {
    /// No keys beyond the fixed ones.
    public static func dynamicKey(named name: String) -> AnySettingKey? { nil }

    /// The key with a stored name (`display.currency`) if this domain owns it.
    public static func key(stored: String) -> AnySettingKey? {
        let prefix = name + "."
        // A domain's name is lower-case ASCII, which no other spelling equals: a key that does
        // not begin with its bytes is not the domain's, found without comparing characters.
        guard let short = StoredKeyName.rest(of: stored, after: prefix) else { return nil }
        return keys.first { $0.name == short } ?? dynamicKey(named: short)
    }
}
