extension ThreeWayMerge {
    /// The stored keys' prefixes of the rules and of the schedules.
    private static let rulePrefix = RuleKeys.name + "."
    private static let schedulePrefix = RecurKeys.name + "."

    /// The settings merged: each key three-way (`mergeValue`), the rules as one list
    /// (`mergeRules`), the schedules' counter as the highest of both sides and of every
    /// schedule kept.
    static func mergeSettings(
        ancestor: SettingsValues, ours: SettingsValues, theirs: SettingsValues, into report: inout Report
    ) -> SettingsValues {
        let counterKey = RecurKeys.counter.storedKey
        var merged = SettingsValues()
        // In one order every run (`TextOrder.less`), as the merged file and its report must be.
        let keys = TextOrder.sorted(Array(Set(ancestor.storedKeys + ours.storedKeys + theirs.storedKeys)))
        for key in keys where key != counterKey && ruleNumber(key) == nil {
            let value = mergeValue(
                key: key, ancestor: ancestor.value(forKey: key), ours: ours.value(forKey: key),
                theirs: theirs.value(forKey: key), into: &report)
            merged.setValue(value, forKey: key)
        }
        for (index, rule) in mergeRules(ancestor: ancestor, ours: ours, theirs: theirs, into: &report).enumerated() {
            merged.setValue(rule, forKey: rulePrefix + String(index + 1))
        }
        let counter = [ours, theirs, merged].map(highestScheduleID).max() ?? 0
        merged.setValue(ScheduleCounter(counter).stored, forKey: counterKey)
        return merged
    }

    /// One key three-way: a value changed on one side only takes that change; changed on both
    /// to different values (or set on one, removed on the other), ours stays and it is reported.
    private static func mergeValue(
        key: String, ancestor: StoredSetting?, ours: StoredSetting?, theirs: StoredSetting?,
        into report: inout Report
    ) -> StoredSetting? {
        if ours == theirs || theirs == ancestor { return ours }
        if ours == ancestor { return theirs }
        if ImportKeys.isManaged(key), let rows = mergeDeletedRows(ancestor: ancestor, ours: ours, theirs: theirs) {
            return rows
        }
        report.conflicts.append(Conflict(kind: .setting, id: key, ours: ours.map(text), theirs: theirs.map(text)))
        return ours
    }

    /// A month's deleted statement rows (`import.deleted.<YYYY-MM>`) changed on both sides,
    /// merged as sets: ours, without the rows their side took out, with the rows their side
    /// added; `.some(nil)` when none is left, `nil` when a value is not such a list.
    private static func mergeDeletedRows(
        ancestor: StoredSetting?, ours: StoredSetting?, theirs: StoredSetting?
    ) -> StoredSetting?? {
        func sources(_ value: StoredSetting?) -> [String]? {
            guard let value else { return [] }
            return DeletedRows(stored: value)?.sources
        }
        guard let old = sources(ancestor), let mine = sources(ours), let other = sources(theirs) else { return nil }
        let taken = Set(old).subtracting(other), added = other.filter { !old.contains($0) && !mine.contains($0) }
        let rows = mine.filter { !taken.contains($0) } + added
        return .some(rows.isEmpty ? nil : DeletedRows(rows).stored)
    }

    /// The rules, one list in the order they are tried: when one side only changed it, that
    /// side's; when both did, differently, ours with their rules that ours lacks appended, and
    /// a `.rules` conflict.
    private static func mergeRules(
        ancestor: SettingsValues, ours: SettingsValues, theirs: SettingsValues, into report: inout Report
    ) -> [StoredSetting] {
        let old = rules(ancestor), mine = rules(ours), other = rules(theirs)
        if mine == other || other == old { return mine }
        if mine == old { return other }
        report.conflicts.append(
            Conflict(
                kind: .rules, id: RuleKeys.name, ours: mine.map(text).joined(separator: "\n"),
                theirs: other.map(text).joined(separator: "\n")))
        return mine + other.filter { !mine.contains($0) }
    }

    /// The rules' values, by their numbers.
    private static func rules(_ settings: SettingsValues) -> [StoredSetting] {
        settings.storedKeys.compactMap { key in ruleNumber(key).map { ($0, key) } }.sorted { $0.0 < $1.0 }
            .compactMap { settings.value(forKey: $0.1) }
    }

    /// The number of a rule's key (`rule.3`), else `nil`.
    private static func ruleNumber(_ key: String) -> Int? {
        guard key.hasPrefix(rulePrefix) else { return nil }
        return RuleKeys.number(String(key.dropFirst(rulePrefix.count)))
    }

    /// The ID of a schedule's key (`recur.00000001`), else `nil`.
    private static func scheduleID(_ key: String) -> String? {
        guard key.hasPrefix(schedulePrefix) else { return nil }
        let id = String(key.dropFirst(schedulePrefix.count))
        guard let number = RecordID.number(fromStored: id), number > 0 else { return nil }
        return id
    }

    /// The highest schedule ID given: the counter, or a schedule's ID above it.
    private static func highestScheduleID(_ settings: SettingsValues) -> Int {
        let counter = settings.value(forKey: RecurKeys.counter.storedKey).flatMap(ScheduleCounter.init(stored:))
        let ids = settings.storedKeys.compactMap(scheduleID).compactMap { RecordID.number(fromStored: $0) }
        return max(counter?.value ?? 0, ids.max() ?? 0)
    }

    /// A setting's value as display text.
    static func text(_ value: StoredSetting) -> String {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        }
    }

    // MARK: Schedules

    /// Their document with each schedule they added under an ID that ours added a different
    /// schedule under moved to the next free schedule ID, and their records made by it
    /// (`schedule` field, `ScheduleMark`) carrying the new ID.
    static func renumberSchedules(
        ancestor: BudgetDocument, ours: BudgetDocument, theirs: BudgetDocument, into report: inout Report
    ) throws(MergeError) -> BudgetDocument {
        let old = ancestor.settingsValues, mine = ours.settingsValues
        var settings = theirs.settingsValues
        var next = max(highestScheduleID(mine), highestScheduleID(settings))
        var moved: [String: String] = [:]
        for key in settings.storedKeys {
            guard let id = scheduleID(key), old.value(forKey: key) == nil, let value = settings.value(forKey: key),
                  let ours = mine.value(forKey: key), ours != value else { continue }
            guard next < RecordID.maximum else { throw .scheduleIDsExhausted }
            next += 1
            let newID = RecordID.string(for: next)
            moved[id] = newID
            settings.setValue(nil, forKey: key)
            settings.setValue(value, forKey: schedulePrefix + newID)
            report.renumberedSchedules.append(ScheduleRenumbering(from: id, to: newID))
        }
        if moved.isEmpty { return theirs }
        settings.setValue(ScheduleCounter(next).stored, forKey: RecurKeys.counter.storedKey)
        var document = theirs
        document.settingsValues = settings
        document.incomes = remark(theirs.incomes, moved)
        document.expenses = remark(theirs.expenses, moved)
        document.transfers = remark(theirs.transfers, moved)
        return document
    }

    /// A table whose records made by a moved schedule carry its new ID.
    private static func remark<Record: BaseModel>(
        _ table: RecordTable<Record>, _ moved: [String: String]
    ) -> RecordTable<Record> {
        var records = table.records
        for index in records.indices {
            guard let text = records[index].schedule, var mark = ScheduleMark(text),
                  let newID = moved[mark.id] else { continue }
            mark.id = newID
            records[index].schedule = mark.description
        }
        return RecordTable(lastID: table.lastID, orderedRecords: records)
    }
}
