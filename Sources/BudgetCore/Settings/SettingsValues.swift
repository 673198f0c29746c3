/// Settings kept in memory: what a `BudgetDocument` holds, read from and written to its file.
///
/// Settings read from a file as budget writes it are kept as the reader found them: the keys'
/// bytes end to end, in order, found by a binary search over them and made texts only when
/// asked for; the first change hashes them into a dictionary. Hashing a Japanese key normalises
/// it, and a file with 2,000 limits has 2,000 such keys that a report reads through
/// `categoryLimits` and never looks up.
public struct SettingsValues: SettingsStorage, Equatable {
    /// How the values are kept.
    private enum Storage: Equatable {
        /// Keys plain (`TextOrder.isPlain`) and in ascending order of their bytes, so that no
        /// two are one key to `String`'s `==`, and a plain key is found by its bytes.
        case sorted(SortedKeys)
        case hashed([String: StoredSetting])
    }

    /// Keys as the reader found them, plain and in ascending order of their bytes, kept as those
    /// bytes end to end (key `n`'s ending at `ends[n]`), each with its value. Equal when their
    /// bytes and values are (two plain keys are one key to `==` exactly when their bytes are).
    struct SortedKeys: Equatable {
        private(set) var bytes: [UInt8] = []
        private(set) var ends: [Int] = []
        private(set) var values: [StoredSetting] = []

        /// No key yet.
        init() {}

        /// How many keys there are.
        var count: Int { values.count }

        /// Adds a key whose bytes (plain UTF-8) come after every key's so far.
        mutating func append(key: ByteView, value: StoredSetting) {
            bytes.append(contentsOf: key)
            ends.append(bytes.count)
            values.append(value)
        }

        /// Where key `index`'s bytes lie.
        private func span(_ index: Int) -> Range<Int> {
            (index == 0 ? 0 : ends[index - 1])..<ends[index]
        }

        /// Key `index` as a text.
        func key(_ index: Int) -> String {
            ByteView.withBytes(of: bytes) { $0.validString(span(index), isASCII: false) }
        }

        /// The position of the first key that does not come before `key`'s bytes.
        func firstPosition(notBefore key: String) -> Int {
            ByteView.withBytes(utf8Of: key) { key in
                ByteView.withBytes(of: bytes) { stored in
                    var low = 0, high = count
                    while low < high {
                        let middle = (low + high) / 2
                        if ByteView.precedes(stored.part(span(middle)), key) { low = middle + 1 } else { high = middle }
                    }
                    return low
                }
            }
        }

        /// Whether key `index` starts with `prefix`'s bytes (or, with `whole`, is them).
        func key(_ index: Int, startsWith prefix: String, whole: Bool = false) -> Bool {
            let span = span(index)
            return ByteView.withBytes(utf8Of: prefix) { prefix in
                guard whole ? span.count == prefix.count : span.count >= prefix.count else { return false }
                return ByteView.withBytes(of: bytes) { stored in
                    ByteView.equal(stored.part(span.lowerBound..<span.lowerBound + prefix.count), prefix)
                }
            }
        }
    }

    private var storage: Storage

    /// The categories' limits, parsed, in `<` order of their categories, when the reader found
    /// them so (`FastDocumentCodec`: a file's settings whose keys are plain and sorted, so each
    /// category is plain too); `nil` otherwise, and again once any limit is set or removed.
    /// Each limit is parsed once rather than by every report that asks (2,000 limits cost a
    /// summary more than its records).
    public private(set) var categoryLimits: [(category: String, limit: SpendingLimit)]?

    /// Settings holding these values.
    public init(_ values: [String: StoredSetting] = [:]) {
        storage = .hashed(values)
        categoryLimits = nil
    }

    /// Settings holding `keys` as the reader found them, with their categories' limits as
    /// parsed from them (`categoryLimits`).
    init(sortedKeys keys: SortedKeys, categoryLimits: [(category: String, limit: SpendingLimit)]) {
        storage = .sorted(keys)
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
        case .sorted(let sorted):
            Dictionary(
                (0..<sorted.count).lazy.map { (sorted.key($0), sorted.values[$0]) },
                uniquingKeysWith: { first, _ in first })
        }
    }

    /// Whether no key is set.
    public var isEmpty: Bool {
        switch storage {
        case .hashed(let values): values.isEmpty
        case .sorted(let sorted): sorted.count == 0
        }
    }

    /// The stored value of a key, or `nil` when it is not set.
    public func value(forKey key: String) -> StoredSetting? {
        switch storage {
        case .hashed(let values):
            return values[key]
        case .sorted(let sorted):
            // A key that is not plain may still be one of them to `==` (decomposed が).
            guard TextOrder.isPlain(key) else {
                return (0..<sorted.count).first { sorted.key($0) == key }.map { sorted.values[$0] }
            }
            let position = sorted.firstPosition(notBefore: key)
            guard position < sorted.count, sorted.key(position, startsWith: key, whole: true) else { return nil }
            return sorted.values[position]
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
        case .sorted(let sorted): (0..<sorted.count).map(sorted.key)
        }
    }

    /// Every key that is set with its value, in the order of `storedKeys`.
    public var storedPairs: [(key: String, value: StoredSetting)] {
        switch storage {
        case .hashed(let values): storedKeys.compactMap { key in values[key].map { (key, $0) } }
        case .sorted(let sorted): (0..<sorted.count).map { (sorted.key($0), sorted.values[$0]) }
        }
    }

    /// The keys that start with `prefix`'s bytes, with their values: in the dictionary's order,
    /// or, read sorted, in order, found from the first by a binary search.
    public func storedValues(prefixed prefix: String) -> [(key: String, value: StoredSetting)] {
        switch storage {
        case .hashed(let values):
            return values.compactMap { key, value in ByteView.hasPrefix(prefix, in: key) ? (key, value) : nil }
        case .sorted(let sorted):
            // Keys that start with the prefix's bytes follow one another from the first not before it.
            var found: [(key: String, value: StoredSetting)] = []
            var position = sorted.firstPosition(notBefore: prefix)
            while position < sorted.count, sorted.key(position, startsWith: prefix) {
                found.append((sorted.key(position), sorted.values[position]))
                position += 1
            }
            return found
        }
    }

    /// Equal when they hold the same values (parsed limits are what the values say).
    public static func == (lhs: SettingsValues, rhs: SettingsValues) -> Bool {
        if case .sorted(let left) = lhs.storage, case .sorted(let right) = rhs.storage { return left == right }
        return lhs.values == rhs.values
    }
}
