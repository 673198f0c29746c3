extension BudgetDocument {
    // MARK: Changing the rules

    /// Adds a rule, last unless a position is given. Every rule change renumbers the rules
    /// 1…n (`RuleKeys`), in one change and one undo step.
    ///
    /// - Parameters:
    ///   - rule: the rule.
    ///   - position: where it goes (1 for first); `nil` puts it last.
    /// - Returns: its number.
    /// - Throws: `RuleError.positionOutOfRange` for a position outside 1…count+1.
    @discardableResult
    public mutating func addRule(_ rule: Rule, at position: Int? = nil) throws(RuleError) -> Int {
        var rules = self.rules.rules
        let position = position ?? rules.count + 1
        guard (1...rules.count + 1).contains(position) else {
            throw .positionOutOfRange(position: position, count: rules.count + 1)
        }
        var rule = rule
        if let category = rule.category { rule.respell(category: canonicalCategory(category)) }
        rules.insert(rule, at: position - 1)
        replaceRules(rules, summary: "add rule \(position): \(rule.settingText)")
        return position
    }

    /// Deletes a rule; the ones after it move up a number.
    ///
    /// - Returns: the rule deleted.
    /// - Throws: `RuleError.ruleNotFound` for a number outside 1…count.
    @discardableResult
    public mutating func deleteRule(number: Int) throws(RuleError) -> Rule {
        var rules = self.rules.rules
        guard number >= 1 && number <= rules.count else { throw .ruleNotFound(number: number, count: rules.count) }
        let rule = rules.remove(at: number - 1)
        replaceRules(rules, summary: "delete rule \(number): \(rule.settingText)")
        return rule
    }

    /// Moves a rule to another position, the rules between shifting by one.
    ///
    /// - Returns: whether the order changed (`false`: it already was there).
    /// - Throws: `RuleError.ruleNotFound` for an unknown number, `RuleError.positionOutOfRange`
    ///   for a position outside 1…count; nothing changes then.
    @discardableResult
    public mutating func moveRule(number: Int, to position: Int) throws(RuleError) -> Bool {
        var rules = self.rules.rules
        guard number >= 1 && number <= rules.count else { throw .ruleNotFound(number: number, count: rules.count) }
        guard position >= 1 && position <= rules.count else {
            throw .positionOutOfRange(position: position, count: rules.count)
        }
        if number == position { return false }
        let rule = rules.remove(at: number - 1)
        rules.insert(rule, at: position - 1)
        replaceRules(rules, summary: "move rule \(number) to \(position)")
        return true
    }

    private mutating func replaceRules(_ rules: [Rule], summary: String) {
        self[settings: RuleKeys.self].replaceRules(rules)
        describeChange(summary)
    }

    // MARK: Applying the rules

    /// Applies the rules to existing records: each record that `query` selects gets the
    /// actions of the first rule that matches it (`RuleSet.firstMatch`). Rules that skip
    /// leave records alone: skipping is for imports, and applying never deletes.
    ///
    /// In a store transaction this is one change and one undo step, named in the history.
    /// To see what would change without changing it, apply to a copy (`load()`) and drop it.
    ///
    /// - Parameter query: which records (its sort and limit do not apply).
    /// - Returns: each field changed, the records changed, and the limit warnings.
    /// - Throws: `BudgetError` only if the tables refuse the change (a defect).
    @discardableResult
    public mutating func applyRules(matching query: RecordQuery = RecordQuery()) throws -> RuleApplication {
        let rules = self.rules
        var result = RuleApplication()
        guard !rules.isEmpty else { return result }
        let before = self
        var query = query
        query.limit = nil
        let incomeIDs = Self.plannedChanges(query.incomes(in: self), rules: rules, into: &result) { rule, income in
            rule.apply(to: &income)
        }
        let expenseIDs = Self.plannedChanges(query.expenses(in: self), rules: rules, into: &result) { rule, expense in
            rule.apply(to: &expense)
        }
        guard !result.records.isEmpty else { return result }
        _ = try incomes.modify(ids: incomeIDs.map(\.id)) { income in
            incomeIDs.rule(for: income.id)?.apply(to: &income) ?? false
        }
        _ = try expenses.modify(ids: expenseIDs.map(\.id)) { expense in
            expenseIDs.rule(for: expense.id)?.apply(to: &expense) ?? false
        }
        result.limitWarnings = limitWarnings(since: before)
        let count = result.records.count
        describeChange("apply rules to \(count) \(count == 1 ? "record" : "records")")
        return result
    }

    /// The records a rule would change, by ID, with the rule that changes each.
    private struct PlannedChanges {
        var entries: [(id: String, rule: Rule)] = []
        var byID: [String: Int] = [:]

        func map<T>(_ transform: ((id: String, rule: Rule)) -> T) -> [T] { entries.map(transform) }
        func rule(for id: String) -> Rule? { byID[id].map { entries[$0].rule } }
    }

    /// Finds the records of one kind that the rules change, noting each field change.
    private static func plannedChanges<Record: BaseModel>(
        _ records: RecordList<Record>, rules: RuleSet, into result: inout RuleApplication,
        apply: (Rule, inout Record) -> Bool
    ) -> PlannedChanges {
        var planned = PlannedChanges()
        for record in records {
            guard let (index, rule) = rules.firstMatch(for: record), rule.hasRecordActions else { continue }
            var changed = record
            guard apply(rule, &changed) else { continue }
            let reference = RecordReference(kind: Record.kind, id: record.id)
            func note(_ field: String, _ old: String, _ new: String) {
                if old != new {
                    result.changes.append(RuleApplication.Change(
                        reference: reference, name: record.name, ruleNumber: index + 1, field: field, old: old,
                        new: new))
                }
            }
            note("name", record.name, changed.name)
            if let old = record as? Expense, let new = changed as? Expense {
                note("category", old.category, new.category)
            }
            note("tags", record.tags.joined, changed.tags.joined)
            result.records.append(reference)
            planned.byID[record.id] = planned.entries.count
            planned.entries.append((record.id, rule))
        }
        return planned
    }
}
