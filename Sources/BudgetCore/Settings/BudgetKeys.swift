/// Spending limits (`SpendingLimit`): one key per category (`budget.limit.food`), and a cap
/// on all expenses together (`budget.total-limit`).
public enum BudgetKeys: SettingsDomain {
    /// The prefix of the domain's keys.
    public static let name = "budget"
    static let limitPrefix = "limit."
    /// What a limit's stored key starts with (`budget.limit.`).
    static let storedLimitPrefix = name + "." + limitPrefix

    /// The limit of one category.
    public static func limit(_ category: String) -> SettingKey<BudgetKeys, SpendingLimit?> {
        SettingKey(limitPrefix + category, default: nil, "The spending limit of the category \(category).")
    }

    /// The cap on all expenses together.
    public static let totalLimit = SettingKey<BudgetKeys, SpendingLimit?>(
        "total-limit", default: nil, "The spending limit of all expenses together.")

    /// The key of a limit's scope.
    public static func limit(_ scope: LimitScope) -> SettingKey<BudgetKeys, SpendingLimit?> {
        switch scope {
        case .category(let category): return limit(category)
        case .total: return totalLimit
        }
    }

    /// `total-limit`; one limit per category besides (`dynamicKey`).
    public static let keys: [AnySettingKey] = [totalLimit.erased]

    /// The limit key of a category (`limit.food`), when the category is one the file may hold.
    public static func dynamicKey(named name: String) -> AnySettingKey? {
        category(in: name, after: limitPrefix).map { limit($0).erased }
    }

    /// The category a limit's key names after `prefix` (`limit.`, or `budget.limit.` in a
    /// stored key): `nil` unless the key starts with the prefix's whole characters (no mark
    /// joining its dot) and the rest is a category a file may hold.
    static func category(in key: String, after prefix: String) -> String? {
        guard let category = StoredKeyName.rest(of: key, after: prefix) else { return nil }
        return checkedCategory(category)
    }

    /// `category(in:after:)` of a key's bytes (valid UTF-8, plain: `TextOrder.isPlain`) that
    /// start with `prefix`'s. Of the plain scalars only the half-width sound marks (U+FF9E,
    /// U+FF9F) join the character before them; a key whose category starts with one has no
    /// prefix (`StoredKeyName.rest`) and is left to that reading. Otherwise the category is
    /// the bytes that follow.
    static func category(plain key: ByteView, after prefix: StaticString) -> String? {
        let start = prefix.utf8CodeUnitCount
        guard key.matches(prefix, at: 0), !key.matches("\u{FF9E}", at: start), !key.matches("\u{FF9F}", at: start)
        else { return nil }
        return checkedCategory(key.validString(start..<key.count, isASCII: false))
    }

    /// A key's category when it is one `FieldRules.checkLabel` passes.
    private static func checkedCategory(_ category: String) -> String? {
        // A plain label (most categories) is one `checkLabel` passes, found in one pass.
        if FieldRules.isPlainLabel(category) { return category }
        do {
            try FieldRules.checkLabel(category, field: "category")
        } catch {
            return nil
        }
        return category
    }
}

/// What a limit caps: one category's expenses, or all expenses together.
public enum LimitScope: Hashable, Sendable, Comparable {
    /// The expenses of one category.
    case category(String)
    /// Every expense (`budget.total-limit`).
    case total

    /// The category, for a category's limit.
    public var category: String? {
        if case .category(let name) = self { return name }
        return nil
    }

    /// The same scope: categories equal under `==` (composed and decomposed が are one), found
    /// without normalising plain ones (`TextOrder.equal`).
    public static func == (lhs: LimitScope, rhs: LimitScope) -> Bool {
        switch (lhs, rhs) {
        case let (.category(a), .category(b)): TextOrder.equal(a, b)
        case (.total, .total): true
        default: false
        }
    }

    /// The category's hash as `String` makes it (`TextOrder.hash`: a plain one's bytes taken
    /// as they are), or the total's.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .category(let category):
            hasher.combine(0 as UInt8)
            TextOrder.hash(category, into: &hasher)
        case .total:
            hasher.combine(1 as UInt8)
        }
    }

    /// Categories by name, then the total.
    public static func < (lhs: LimitScope, rhs: LimitScope) -> Bool {
        switch (lhs, rhs) {
        case let (.category(a), .category(b)): return TextOrder.less(a, b)
        case (.category, .total): return true
        case (.total, _): return false
        }
    }
}

extension Settings where Domain == BudgetKeys {
    /// The categories that have a limit, sorted.
    public var limitedCategories: [String] {
        storage.categoryLimits?.map(\.category) ?? storedCategoryLimits.map(\.category)
    }

    /// Whether every category of `limits` is plain (`TextOrder.isPlain`), known without
    /// checking: the limits a file's settings read straight give (`SettingsValues.categoryLimits`).
    var limitCategoriesArePlain: Bool {
        (storage as? SettingsValues)?.categoryLimits != nil
    }

    /// Every limit that is set: the categories' by name, then the total (a stored value that
    /// is not a limit, which the reader refuses, is left out).
    public var limits: [(scope: LimitScope, limit: SpendingLimit)] {
        var result: [(scope: LimitScope, limit: SpendingLimit)] = []
        if let parsed = storage.categoryLimits {
            result.reserveCapacity(parsed.count + 1)
            for (category, limit) in parsed { result.append((.category(category), limit)) }
        } else {
            for (category, stored) in storedCategoryLimits {
                if let limit = SpendingLimit(stored: stored) { result.append((.category(category), limit)) }
            }
        }
        if let total = self[BudgetKeys.totalLimit] { result.append((.total, total)) }
        return result
    }

    /// The categories' limit keys that are set, by category, each with its stored value: the
    /// keys `BudgetKeys.dynamicKey(named:)` takes, read in one pass and sorted once.
    private var storedCategoryLimits: [(category: String, stored: StoredSetting)] {
        let prefix = BudgetKeys.storedLimitPrefix
        let limits = storage.storedValues(prefixed: prefix).compactMap { key, stored in
            BudgetKeys.category(in: key, after: prefix).map { (category: $0, stored: stored) }
        }
        return TextOrder.sorted(limits, largestFirst: { _ in 0 }, then: \.category)
    }
}
