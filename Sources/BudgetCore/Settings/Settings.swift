/// The settings of one domain. Typed keys of other domains do not compile here, and raw keys of
/// other domains are refused, so a feature can only reach its own settings.
///
/// ```swift
/// var display = document[settings: DisplayKeys.self]
/// display[DisplayKeys.color] = .never       // fine
/// display[BudgetKeys.limit("food")]         // does not compile
/// ```
public struct Settings<Domain: SettingsDomain>: Sendable {
    /// The injected storage.
    public var storage: any SettingsStorage

    /// The settings of a domain, kept in `storage`.
    public init(storage: any SettingsStorage) {
        self.storage = storage
    }

    /// A key's value, or its default when it is not set (or its stored value is unusable).
    public subscript<Value>(_ key: SettingKey<Domain, Value>) -> Value {
        get { storage.value(forKey: key.storedKey).flatMap(Value.init(stored:)) ?? key.defaultValue }
        set { storage.setValue(newValue.stored, forKey: key.storedKey) }
    }

    /// Whether a key is set (rather than falling back to its default).
    public func isSet<Value>(_ key: SettingKey<Domain, Value>) -> Bool {
        storage.value(forKey: key.storedKey) != nil
    }

    /// Removes a key, so it reads as its default.
    public mutating func remove<Value>(_ key: SettingKey<Domain, Value>) {
        storage.setValue(nil, forKey: key.storedKey)
    }

    /// Sets a key named at run time (`config set`), from command-line text.
    ///
    /// - Throws: `SettingsError.unknownKey` for a key this domain does not own (another
    ///   domain's key included); `ValueError` for a value of the wrong kind.
    public mutating func setText(_ text: String, forKey storedKey: String, context: SettingContext) throws {
        guard let key = Domain.key(stored: storedKey) else {
            throw SettingsError.unknownKey(storedKey, suggestion: nil)
        }
        storage.setValue(try key.parse(text, context), forKey: storedKey)
    }

    /// The stored keys of this domain that are set.
    public var setKeys: [String] {
        storage.storedKeys(prefixed: Domain.name + ".").filter { Domain.key(stored: $0) != nil }
    }
}
