/// Where settings are kept, by stored key. Injected into `Settings`, so tests can use their own.
public protocol SettingsStorage: Sendable {
    /// The stored value of a key, or `nil` when it is not set.
    func value(forKey key: String) -> StoredSetting?
    /// Sets (or, with `nil`, removes) a key.
    mutating func setValue(_ value: StoredSetting?, forKey key: String)
    /// Every key that is set.
    var storedKeys: [String] { get }
    /// The keys that are set and whose bytes start with `prefix`'s (a domain's ASCII prefix,
    /// `budget.limit.`), each with its value, in no particular order: a domain's dynamic keys
    /// read in one pass, not looked up one by one.
    func storedValues(prefixed prefix: String) -> [(key: String, value: StoredSetting)]
    /// The categories' limits already parsed, in `<` order of their categories, when the
    /// storage keeps them so (`SettingsValues.categoryLimits`); `nil` to parse the stored values.
    var categoryLimits: [(category: String, limit: SpendingLimit)]? { get }
}

extension SettingsStorage {
    /// None kept: the limits are parsed from the stored values.
    public var categoryLimits: [(category: String, limit: SpendingLimit)]? { nil }

    /// `storedKeys.filter { $0.utf8.starts(with: prefix.utf8) }`, in the same order, with only
    /// those keys sorted: a domain's keys found without sorting every other domain's.
    public func storedKeys(prefixed prefix: String) -> [String] {
        TextOrder.sorted(storedValues(prefixed: prefix).map(\.key))
    }

    /// The keys of `storedKeys` that start with `prefix`'s bytes, each looked up.
    public func storedValues(prefixed prefix: String) -> [(key: String, value: StoredSetting)] {
        storedKeys.compactMap { key in
            ByteView.hasPrefix(prefix, in: key) ? value(forKey: key).map { (key, $0) } : nil
        }
    }
}
