/// The categories in use (an expense's, a limit's, an expense schedule's) by their folded
/// form (`TextFolding`: case, width, kana sound marks, spaces), so that a category typed as
/// `Food` or `ｆｏｏｄ` is filed under the `food` in use instead of becoming a category of its own,
/// with a limit of its own. Prepared once for many rows (an import); a single typed category
/// asks `BudgetDocument.canonicalCategory(_:)`.
///
/// Only input is respelled: categories already stored stay as they are, even when two of them
/// fold alike (`category rename` merges them).
public struct CategorySpellings: Sendable {
    private var inUse: Set<String>
    private var byFolded: [String: String]

    /// The categories of a document.
    public init(_ document: BudgetDocument) {
        var counts = Self.expenseCounts(document.expenses.records)
        for category in document.otherCategoriesInUse where counts[category] == nil { counts[category] = 0 }
        inUse = Set(counts.keys)
        byFolded = Self.spellings(counts)
    }

    /// The spelling `category` (already read as input, `FieldRules.label`) takes: itself when
    /// it is in use as given, else the category in use that folds alike, else itself, which
    /// later categories that fold alike then take.
    public mutating func spelling(of category: String) -> String {
        if inUse.contains(category) { return category }
        let folded = TextFolding.folded(category)
        if let existing = byFolded[folded] { return existing }
        inUse.insert(category)
        byFolded[folded] = category
        return category
    }

    /// How many expenses carry each category. A budget has few categories: each expense's is
    /// compared with the one before and with the few seen so far (small strings compare
    /// cheaply), and hashed only once there are many (hashing 100,000 names costs more).
    static func expenseCounts(_ expenses: RecordList<Expense>) -> [String: Int] {
        var names: [String] = []
        var counts: [Int] = []
        var index: [String: Int]?
        var last = -1
        for expense in expenses {
            let category = expense.category
            if last >= 0 && names[last] == category {
                counts[last] += 1
                continue
            }
            var found: Int?
            if let index {
                found = index[category]
            } else {
                found = names.firstIndex(of: category)
            }
            let position = found ?? names.count
            if found == nil {
                names.append(category)
                counts.append(0)
                if index != nil {
                    index?[category] = position
                } else if names.count > 32 {
                    index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset) })
                }
            }
            counts[position] += 1
            last = position
        }
        return Dictionary(uniqueKeysWithValues: zip(names, counts))
    }

    /// For each folded form, the spelling most expenses carry (then the first in sort order),
    /// among those that input could give (a category an earlier version stored with spaces
    /// around it is never reused).
    static func spellings(_ counts: [String: Int]) -> [String: String] {
        var chosen: [String: (spelling: String, count: Int)] = [:]
        for (category, count) in counts where FieldRules.trimmed(category) == category {
            let folded = TextFolding.folded(category)
            if let current = chosen[folded],
               current.count > count || (current.count == count && current.spelling < category) {
                continue
            }
            chosen[folded] = (category, count)
        }
        return chosen.mapValues(\.spelling)
    }
}

extension BudgetDocument {
    /// The categories a filter naming `categories` keeps: each as given, and every category in
    /// use (an expense's, a limit's, an expense schedule's) that folds alike (`TextFolding`),
    /// so that `--category food` finds the expenses that input filed under `Food`.
    public func categories(foldingLike categories: Set<String>) -> Set<String> {
        guard !categories.isEmpty else { return categories }
        let wanted = Set(categories.map(TextFolding.folded))
        var result = categories
        for category in CategorySpellings.expenseCounts(expenses.records).keys
        where wanted.contains(TextFolding.folded(category)) {
            result.insert(category)
        }
        for category in otherCategoriesInUse where wanted.contains(TextFolding.folded(category)) {
            result.insert(category)
        }
        return result
    }

    /// The spelling a typed category takes (`CategorySpellings`): itself when it is in use as
    /// typed or nothing in use folds alike (`TextFolding`), else the category in use that does,
    /// so that `Food` and `ｆｏｏｄ` go under an existing `food` and its limit.
    ///
    /// - Parameter category: read as input already (`FieldRules.label`).
    public func canonicalCategory(_ category: String) -> String {
        // The usual case, a category in use typed as it is, without hashing every record.
        for expense in expenses.paged where expense.category == category { return category }
        let others = otherCategoriesInUse
        if others.contains(category) { return category }
        var spellings = CategorySpellings(self)
        return spellings.spelling(of: category)
    }

    /// The categories in use besides the expenses': those with a limit, those of expense schedules.
    var otherCategoriesInUse: [String] {
        self[settings: BudgetKeys.self].limitedCategories + schedules.compactMap(\.schedule.category)
    }
}
