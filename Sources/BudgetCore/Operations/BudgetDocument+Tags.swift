extension BudgetDocument {
    /// Every tag in use on a record of either kind, sorted like `Tags`.
    public var tagNames: [String] {
        var names = Set<String>()
        for income in incomes.records { names.formUnion(income.tags) }
        for expense in expenses.records { names.formUnion(expense.tags) }
        for transfer in transfers.records { names.formUnion(transfer.tags) }
        for entry in schedules { names.formUnion(entry.schedule.tags) }
        return Tags(names).sorted
    }

    /// Renames a tag on every record of both kinds, in one change (one undo step). When
    /// `newName` is in use already, the two tags become one.
    ///
    /// - Parameters:
    ///   - oldName: a tag in use (`tagNames`), as stored or as typed (trimmed).
    ///   - newName: read with `FieldRules.tag`, like any tag typed in.
    /// - Returns: what changed; `isUnchanged` when the names are the same.
    /// - Throws: `BudgetError.tagNotFound`, `ValueError` for a new name that cannot be a tag;
    ///   nothing changes then.
    @discardableResult
    public mutating func renameTag(_ oldName: String, to newName: String) throws -> TagRename {
        let new = try FieldRules.tag(newName)
        let names = Set(tagNames)
        guard let old = Self.nameInUse(oldName, among: names) else { throw BudgetError.tagNotFound(oldName) }
        var result = TagRename(from: old, to: new, records: 0, merged: names.contains(new))
        if old == new { return result }
        func rename<Record: BaseModel>(_ table: inout RecordTable<Record>) {
            var records = table.records
            for index in records.indices where records[index].tags.contains(old) {
                records[index].tags.remove(old)
                records[index].tags.insert(new)
                result.records += 1
            }
            table.records = records
        }
        rename(&incomes)
        rename(&expenses)
        rename(&transfers)
        updateSchedules { schedule in
            guard schedule.tags.contains(old) else { return false }
            schedule.tags.remove(old)
            schedule.tags.insert(new)
            return true
        }
        describeChange("rename tag \(old) → \(new) (\(result.records) \(result.records == 1 ? "record" : "records"))")
        return result
    }
}
