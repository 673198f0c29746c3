/// Where settings are kept, by stored key. Injected into `Settings`, so tests can use their own.
public protocol SettingsStorage: Sendable {
    /// The stored value of a key, or `nil` when it is not set.
    func value(forKey key: String) -> StoredSetting?
    /// Sets (or, with `nil`, removes) a key.
    mutating func setValue(_ value: StoredSetting?, forKey key: String)
    /// Every key that is set.
    var storedKeys: [String] { get }
}
