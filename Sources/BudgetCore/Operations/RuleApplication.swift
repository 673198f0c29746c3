/// What applying the rules to existing records did (`BudgetDocument.applyRules(matching:)`).
public struct RuleApplication: Equatable, Sendable {
    /// One field of one record that a rule changed.
    public struct Change: Equatable, Sendable {
        /// The record.
        public var reference: RecordReference
        /// Its name before the change.
        public var name: String
        /// The number of the rule that changed it (1 for the first).
        public var ruleNumber: Int
        /// The field: `name`, `category` or `tags`.
        public var field: String
        /// The field's value before, as text (tags joined by commas; empty for none).
        public var old: String
        /// The field's value after, as text.
        public var new: String
    }

    /// The field changes, record by record (incomes first, each kind in its order).
    public var changes: [Change] = []
    /// The records changed, in the same order, each once.
    public var records: [RecordReference] = []
    /// Categories the change took past their monthly limit.
    public var limitWarnings: [LimitWarning] = []

    /// How many distinct rules changed a record.
    public var ruleCount: Int { Set(changes.map(\.ruleNumber)).count }
    /// Whether nothing changed.
    public var isEmpty: Bool { records.isEmpty }
}
