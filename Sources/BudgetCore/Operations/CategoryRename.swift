/// What `BudgetDocument.renameCategory(_:to:)` did.
public struct CategoryRename: Equatable, Sendable {
    /// What became of the old category's limit.
    public enum LimitOutcome: Equatable, Sendable {
        /// The old category had no limit.
        case none
        /// The limit, with its options, now belongs to the new name.
        case moved(SpendingLimit)
        /// Both names had this same limit; the new name keeps it.
        case merged(SpendingLimit)
    }

    /// The old name, as stored.
    public var from: String
    /// The new name, as stored (trimmed).
    public var to: String
    /// How many expenses now carry the new name instead of the old.
    public var expenses: Int
    /// Whether the new name was in use already, so that the two categories are now one.
    public var merged: Bool
    /// What became of the old name's limit.
    public var limit: LimitOutcome
    /// Whether `expense.default-category` named the old category and now names the new one.
    public var movedDefaultCategory: Bool

    /// Whether nothing changed: the new name is the old one.
    public var isUnchanged: Bool { from == to }
}
