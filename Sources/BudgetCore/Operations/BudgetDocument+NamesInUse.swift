extension BudgetDocument {
    /// The name in use (a category, a tag) that `given` means: `given` itself when it is one of
    /// `names` (a name stored with surrounding space by an earlier version is found as it is),
    /// else `given` trimmed like typed input (`FieldRules.trimmed`), else the one name in use that
    /// folds alike (`TextFolding`); `nil` when none is, or several are.
    static func nameInUse(_ given: String, among names: Set<String>) -> String? {
        if names.contains(given) { return given }
        let trimmed = FieldRules.trimmed(given)
        if names.contains(trimmed) { return trimmed }
        // Typed in another case or width (`Food`, `ｆｏｏｄ` for `food`): the one name in use that
        // folds alike, as input takes it (`CategorySpellings`); none when several do.
        let folded = TextFolding.folded(trimmed)
        let alike = names.filter { TextFolding.folded($0) == folded }
        return alike.count == 1 ? alike.first : nil
    }
}
