/// Where settings are kept, by stored key. Injected into `Settings`, so tests can use their own.
public protocol SettingsStorage: Sendable {
    /// The stored value of a key, or `nil` when it is not set.
    func value(forKey key: String) -> StoredSetting?
    /// Sets (or, with `nil`, removes) a key.
    mutating func setValue(_ value: StoredSetting?, forKey key: String)
    /// Every key that is set.
    var storedKeys: [String] { get }
}

/// The settings of a data file: a plain dictionary from stored key to value.
public struct SettingsValues: SettingsStorage, Equatable {
    public private(set) var values: [String: StoredSetting]

    public init(_ values: [String: StoredSetting] = [:]) {
        self.values = values
    }

    /// A copy of any storage.
    public init(copying storage: any SettingsStorage) {
        var values: [String: StoredSetting] = [:]
        for key in storage.storedKeys { values[key] = storage.value(forKey: key) }
        self.values = values
    }

    public func value(forKey key: String) -> StoredSetting? { values[key] }
    public mutating func setValue(_ value: StoredSetting?, forKey key: String) { values[key] = value }
    public var storedKeys: [String] { values.keys.sorted() }
}
