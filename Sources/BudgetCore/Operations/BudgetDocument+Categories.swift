extension BudgetDocument {
    /// Every category in use: those of the expenses, those a limit names and those of
    /// expense schedules, sorted.
    public var categoryNames: [String] {
        Set(expenses.records.map(\.category)).union(self[settings: BudgetKeys.self].limitedCategories)
            .union(schedules.compactMap(\.schedule.category)).sorted()
    }

    /// Renames a category on every expense and expense schedule, in one change (one undo step).
    ///
    /// When `newName` is in use already, the two categories become one. The old name's
    /// limit follows it, options and all (its period, rollover and `since`); when both names
    /// have a limit they must be equal, options included (then one remains), since no single
    /// limit would be right for both. An `expense.default-category` set to the old name
    /// follows too, so that new expenses do not bring the old name back.
    ///
    /// - Parameters:
    ///   - oldName: a category in use (`categoryNames`), as stored or as typed (trimmed).
    ///   - newName: read with `FieldRules.label`, like any category typed in.
    /// - Returns: what changed; `isUnchanged` when the names are the same.
    /// - Throws: `BudgetError.categoryNotFound`, `BudgetError.limitConflict`, `ValueError` for a
    ///   new name that cannot be a category; nothing changes then.
    @discardableResult
    public mutating func renameCategory(_ oldName: String, to newName: String) throws -> CategoryRename {
        let new = try FieldRules.label(newName, field: "category")
        let names = Set(categoryNames)
        guard let old = Self.nameInUse(oldName, among: names) else { throw BudgetError.categoryNotFound(oldName) }
        var result = CategoryRename(
            from: old, to: new, expenses: 0, merged: names.contains(new), limit: .none, movedDefaultCategory: false)
        if old == new { return result }

        let oldKey = BudgetKeys.limit(old).storedKey, newKey = BudgetKeys.limit(new).storedKey
        var settings = settingsValues
        // The limit moves whole: its amount and its options (period, rollover, since).
        if let oldLimit = settings.value(forKey: oldKey) {
            let limit = SpendingLimit(stored: oldLimit)
            if let newLimit = settings.value(forKey: newKey) {
                guard newLimit == oldLimit, let limit else {
                    let money = moneyFormat
                    func shown(_ value: StoredSetting) -> String {
                        SpendingLimit(stored: value).map { $0.description(money) } ?? "an invalid limit"
                    }
                    throw BudgetError.limitConflict(
                        category: old, limit: shown(oldLimit), target: new, targetLimit: shown(newLimit))
                }
                result.limit = .merged(limit)
            } else {
                settings.setValue(oldLimit, forKey: newKey)
                result.limit = limit.map(CategoryRename.LimitOutcome.moved) ?? .none
            }
            settings.setValue(nil, forKey: oldKey)
        }
        // The category's share moves with it; into a category whose share differs, the merge is
        // refused (no one share is right for both), as a limit's is.
        let oldShare = ShareKeys.category(old).storedKey, newShare = ShareKeys.category(new).storedKey
        if let share = settings.value(forKey: oldShare) {
            if let target = settings.value(forKey: newShare), target != share {
                let text = { (value: StoredSetting) in Split(stored: value).map(\.text) ?? "" }
                throw MemberError.shareConflict(
                    category: old, share: text(share), target: new, targetShare: text(target))
            }
            settings.setValue(share, forKey: newShare)
            settings.setValue(nil, forKey: oldShare)
        }
        let defaultKey = ExpenseKeys.defaultCategory.storedKey
        if settings.value(forKey: defaultKey) == .string(old) {
            settings.setValue(.string(new), forKey: defaultKey)
            result.movedDefaultCategory = true
        }
        var records = expenses.records
        for index in records.indices where records[index].category == old {
            records[index].category = new
            result.expenses += 1
        }
        expenses.records = records
        settingsValues = settings
        updateSchedules { schedule in
            guard schedule.category == old else { return false }
            schedule.category = new
            return true
        }
        describeChange("rename category \(old) → \(new) (\(RecordKind.expense.counted(result.expenses)))")
        return result
    }
}
