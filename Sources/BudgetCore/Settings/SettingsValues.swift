/// Settings kept in memory: what a `BudgetDocument` holds, read from and written to its file.
public struct SettingsValues: SettingsStorage, Equatable {
    /// The values, by stored key.
    public private(set) var values: [String: StoredSetting]
    /// The categories' limits, parsed, in `<` order of their categories, when the reader found
    /// them so (`FastDocumentCodec`: a file's settings whose keys are plain and sorted); `nil`
    /// otherwise, and again once any limit is set or removed. Each limit is parsed once rather
    /// than by every report that asks (2,000 limits cost a summary more than its records).
    public private(set) var categoryLimits: [(category: String, limit: SpendingLimit)]?

    /// Settings holding these values.
    public init(_ values: [String: StoredSetting] = [:]) {
        self.values = values
        categoryLimits = nil
    }

    /// Settings holding these values, with their categories' limits as parsed from them
    /// (`categoryLimits`).
    init(_ values: [String: StoredSetting], categoryLimits: [(category: String, limit: SpendingLimit)]) {
        self.values = values
        self.categoryLimits = categoryLimits
    }

    /// A copy of any storage.
    public init(copying storage: any SettingsStorage) {
        var values: [String: StoredSetting] = [:]
        for key in storage.storedKeys { values[key] = storage.value(forKey: key) }
        self.values = values
        categoryLimits = nil
    }

    /// The stored value of a key, or `nil` when it is not set.
    public func value(forKey key: String) -> StoredSetting? { values[key] }
    /// Sets (or, with `nil`, removes) a key.
    public mutating func setValue(_ value: StoredSetting?, forKey key: String) {
        if categoryLimits != nil, ByteView.hasPrefix(BudgetKeys.storedLimitPrefix, in: key) { categoryLimits = nil }
        values[key] = value
    }
    /// Every key that is set, sorted (as `<` sorts them; a limit's key holds a category).
    public var storedKeys: [String] { TextOrder.sorted(Array(values.keys)) }

    /// The keys that start with `prefix`'s bytes, with their values, in the dictionary's order.
    public func storedValues(prefixed prefix: String) -> [(key: String, value: StoredSetting)] {
        values.compactMap { key, value in ByteView.hasPrefix(prefix, in: key) ? (key, value) : nil }
    }

    /// Equal when they hold the same values (parsed limits are what the values say).
    public static func == (lhs: SettingsValues, rhs: SettingsValues) -> Bool {
        lhs.values == rhs.values
    }
}
