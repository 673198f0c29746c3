/// Settings kept in memory: what a `BudgetDocument` holds, read from and written to its file.
///
/// Settings read from a file as budget writes it are kept as its sorted pairs and found by a
/// binary search over their bytes; the first change hashes them into a dictionary. Hashing a
/// Japanese key normalises it, and a file with 2,000 limits has 2,000 such keys that a report
/// reads through `categoryLimits` and never looks up.
public struct SettingsValues: SettingsStorage, Equatable {
    /// How the values are kept.
    private enum Storage: Equatable {
        /// Keys plain (`TextOrder.isPlain`) and in ascending order of their bytes, so that no
        /// two are one key to `String`'s `==`, and a plain key is found by its bytes.
        case sorted([SortedPair])
        case hashed([String: StoredSetting])
    }

    /// A key and its value, as the reader found them.
    private struct SortedPair: Equatable {
        var key: String
        var value: StoredSetting

        /// Equal when their bytes are (plain keys, as `Storage.sorted` holds).
        static func == (lhs: SortedPair, rhs: SortedPair) -> Bool {
            TextOrder.equal(lhs.key, plain: true, rhs.key, plain: true) && lhs.value == rhs.value
        }
    }

    private var storage: Storage

    /// The categories' limits, parsed, in `<` order of their categories, when the reader found
    /// them so (`FastDocumentCodec`: a file's settings whose keys are plain and sorted); `nil`
    /// otherwise, and again once any limit is set or removed. Each limit is parsed once rather
    /// than by every report that asks (2,000 limits cost a summary more than its records).
    public private(set) var categoryLimits: [(category: String, limit: SpendingLimit)]?

    /// Settings holding these values.
    public init(_ values: [String: StoredSetting] = [:]) {
        storage = .hashed(values)
        categoryLimits = nil
    }

    /// Settings holding `pairs`, whose keys are plain (`TextOrder.isPlain`) and in ascending
    /// order of their bytes, with their categories' limits as parsed from them
    /// (`categoryLimits`).
    init(sortedPairs pairs: [(key: String, value: StoredSetting)],
         categoryLimits: [(category: String, limit: SpendingLimit)]) {
        storage = .sorted(pairs.map { SortedPair(key: $0.key, value: $0.value) })
        self.categoryLimits = categoryLimits
    }

    /// A copy of any storage.
    public init(copying storage: any SettingsStorage) {
        var values: [String: StoredSetting] = [:]
        for key in storage.storedKeys { values[key] = storage.value(forKey: key) }
        self.storage = .hashed(values)
        categoryLimits = nil
    }

    /// The values, by stored key.
    public var values: [String: StoredSetting] {
        switch storage {
        case .hashed(let values): values
        // The reader keeps no key twice; were one there, the first would stand, as a lookup finds.
        case .sorted(let pairs):
            Dictionary(pairs.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Whether no key is set.
    public var isEmpty: Bool {
        switch storage {
        case .hashed(let values): values.isEmpty
        case .sorted(let pairs): pairs.isEmpty
        }
    }

    /// The stored value of a key, or `nil` when it is not set.
    public func value(forKey key: String) -> StoredSetting? {
        switch storage {
        case .hashed(let values):
            return values[key]
        case .sorted(let pairs):
            // A key that is not plain may still be one of them to `==` (decomposed が).
            guard TextOrder.isPlain(key) else { return pairs.first { $0.key == key }?.value }
            let position = Self.firstPosition(in: pairs, notBefore: key)
            guard position < pairs.count, TextOrder.equal(pairs[position].key, plain: true, key, plain: true) else {
                return nil
            }
            return pairs[position].value
        }
    }

    /// Sets (or, with `nil`, removes) a key.
    public mutating func setValue(_ value: StoredSetting?, forKey key: String) {
        if categoryLimits != nil, ByteView.hasPrefix(BudgetKeys.storedLimitPrefix, in: key) { categoryLimits = nil }
        var values = self.values
        // Not kept twice while it changes.
        storage = .hashed([:])
        values[key] = value
        storage = .hashed(values)
    }

    /// Every key that is set, sorted (as `<` sorts them; a limit's key holds a category).
    public var storedKeys: [String] {
        switch storage {
        case .hashed(let values): TextOrder.sorted(Array(values.keys))
        // Plain texts in the order of their bytes are in `<` order.
        case .sorted(let pairs): pairs.map(\.key)
        }
    }

    /// Every key that is set with its value, in the order of `storedKeys`.
    public var storedPairs: [(key: String, value: StoredSetting)] {
        switch storage {
        case .hashed(let values): storedKeys.compactMap { key in values[key].map { (key, $0) } }
        case .sorted(let pairs): pairs.map { ($0.key, $0.value) }
        }
    }

    /// The keys that start with `prefix`'s bytes, with their values: in the dictionary's order,
    /// or, read sorted, in order, found from the first by a binary search.
    public func storedValues(prefixed prefix: String) -> [(key: String, value: StoredSetting)] {
        switch storage {
        case .hashed(let values):
            return values.compactMap { key, value in ByteView.hasPrefix(prefix, in: key) ? (key, value) : nil }
        case .sorted(let pairs):
            // Keys that start with the prefix's bytes follow one another from the first not before it.
            var found: [(key: String, value: StoredSetting)] = []
            for pair in pairs[Self.firstPosition(in: pairs, notBefore: prefix)...] {
                guard ByteView.hasPrefix(prefix, in: pair.key) else { break }
                found.append((pair.key, pair.value))
            }
            return found
        }
    }

    /// The position of the first pair whose key does not come before `key`'s bytes.
    private static func firstPosition(in pairs: [SortedPair], notBefore key: String) -> Int {
        var low = 0, high = pairs.count
        while low < high {
            let middle = (low + high) / 2
            if TextOrder.precedes(pairs[middle].key, plain: true, key, plain: true) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// Equal when they hold the same values (parsed limits are what the values say).
    public static func == (lhs: SettingsValues, rhs: SettingsValues) -> Bool {
        if case .sorted(let left) = lhs.storage, case .sorted(let right) = rhs.storage { return left == right }
        return lhs.values == rhs.values
    }
}
