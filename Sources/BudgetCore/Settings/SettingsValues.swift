/// The settings of a data file: a plain dictionary from stored key to value.
public struct SettingsValues: SettingsStorage, Equatable {
    /// The values, by stored key.
    public private(set) var values: [String: StoredSetting]

    /// Settings holding these values.
    public init(_ values: [String: StoredSetting] = [:]) {
        self.values = values
    }

    /// A copy of any storage.
    public init(copying storage: any SettingsStorage) {
        var values: [String: StoredSetting] = [:]
        for key in storage.storedKeys { values[key] = storage.value(forKey: key) }
        self.values = values
    }

    /// The stored value of a key, or `nil` when it is not set.
    public func value(forKey key: String) -> StoredSetting? { values[key] }
    /// Sets (or, with `nil`, removes) a key.
    public mutating func setValue(_ value: StoredSetting?, forKey key: String) { values[key] = value }
    /// Every key that is set, sorted (as `<` sorts them; a limit's key holds a category).
    public var storedKeys: [String] { TextOrder.sorted(Array(values.keys)) }

    /// The keys that start with `prefix`'s bytes, with their values, in the dictionary's order.
    public func storedValues(prefixed prefix: String) -> [(key: String, value: StoredSetting)] {
        values.compactMap { key, value in ByteView.hasPrefix(prefix, in: key) ? (key, value) : nil }
    }
}
