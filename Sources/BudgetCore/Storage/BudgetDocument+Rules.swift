extension BudgetDocument {
    /// The budget's categorisation rules, in the order they are tried, prepared for matching
    /// (`RuleSet.firstMatch`). Build it once for a whole import, not once per row.
    public var rules: RuleSet {
        RuleSet(self[settings: RuleKeys.self].orderedRules)
    }
}
