extension BudgetDocument {
    /// The name in use (a category, a tag) that `given` means: `given` itself when it is one of
    /// `names` (a name stored with surrounding space by an earlier version is found as it is),
    /// else `given` trimmed like typed input (`FieldRules.trimmed`); `nil` when neither is in use.
    static func nameInUse(_ given: String, among names: Set<String>) -> String? {
        if names.contains(given) { return given }
        let trimmed = FieldRules.trimmed(given)
        return names.contains(trimmed) ? trimmed : nil
    }
}
