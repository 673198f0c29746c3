/// What `BudgetDocument.edit(_:with:)` did: each record named, and the limits it took past.
public struct RecordEditResult: Equatable, Sendable {
    /// One record the edit was applied to.
    public struct Entry: Equatable, Sendable {
        /// The record.
        public var reference: RecordReference
        /// Its name after the edit.
        public var name: String
        /// Whether the edit changed it (`false`: it already had those values).
        public var changed: Bool
    }

    /// The records, in the order first named (a record named twice is edited once).
    public var entries: [Entry]
    /// Categories the edit took past their monthly limit (`BudgetDocument.limitWarnings(since:)`).
    public var limitWarnings: [LimitWarning]

    /// How many records the edit changed.
    public var changedCount: Int { entries.count { $0.changed } }
}
