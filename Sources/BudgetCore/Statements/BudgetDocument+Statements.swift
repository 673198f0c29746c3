extension BudgetDocument {
    /// Adds a statement's entries as records, in file order, as one change (one undo step).
    ///
    /// Each record remembers its source (`origin:identity`); an entry whose source a record
    /// already has is left out (counted as already there) unless duplicates are allowed. A
    /// rule's category beats the statement's, and the default category is the last resort; a
    /// rule may rename, tag or skip the row.
    ///
    /// - Throws: `BudgetError.idSpaceExhausted` when IDs run out; `ImportError` naming the row
    ///   after which a kind's amounts would add up to more than the largest total; nothing is
    ///   added then.
    public mutating func importStatement(_ entries: [StatementEntry], _ settings: StatementImport) throws -> StatementImportResult {
        var result = StatementImportResult()
        var sources = Set<ExactText>()
        if !settings.allowDuplicates {
            for income in incomes.records { if let source = income.source { sources.insert(ExactText(source)) } }
            for expense in expenses.records { if let source = expense.source { sources.insert(ExactText(source)) } }
        }
        var totals = [RecordKind.income: Self.total(incomes.records.map(\.amount)), .expense: Self.total(expenses.records.map(\.amount))]
        let fallbackCategory = settings.defaultCategory ?? defaultExpenseCategory
        var draft = self
        var spellings = CategorySpellings(self)  // categories typed or read are spelt as those in use
        for entry in entries {
            let source = settings.origin + ":" + entry.identity
            if !settings.allowDuplicates && !sources.insert(ExactText(source)).inserted {
                result.alreadyThere += 1
                continue
            }
            var entry = entry
            if settings.foldNames, let folded = try? FieldRules.label(TextFolding.widthFolded(entry.name), field: "name") { entry.name = folded }
            let action = settings.rule(entry)
            if action?.skip == true {
                result.skippedByRule += 1
                continue
            }
            // (A refund's size counts too: `checkTotals` has the last word.)
            if let sum = totals[entry.kind] ?? nil {
                let (next, overflow) = sum.addingReportingOverflow(entry.amount)
                if overflow {
                    throw ImportError(line: entry.line, column: "amount", "the \(entry.kind.plural) would add up to more than \(AmountParser.grouped(Int.max)), the largest total budget can compute")
                }
                totals[entry.kind] = next
            }
            if let action, action.rename != nil || !action.tags.isEmpty { result.changedByRule += 1 }
            let name = action?.rename ?? entry.name
            var tags = Tags(entry.tags.sorted + (action?.tags.sorted ?? []))
            if tags.isEmpty { tags = settings.defaultTags }
            switch entry.kind {
            case .income:
                let income = try draft.incomes.add { id in
                    Income(id: id, name: name, amount: entry.amount, date: entry.date, note: entry.note, tags: tags, source: source)
                }
                result.added.append(RecordReference(kind: .income, id: income.id))
            case .expense:
                let category: String
                if let ruled = action?.category {
                    category = ruled
                    result.categorizedByRule += 1
                } else if let given = entry.category {
                    category = given
                    result.categorizedByStatement += 1
                } else {
                    category = fallbackCategory
                    result.categorizedByDefault += 1
                }
                let spelt = spellings.spelling(of: category)
                let expense = try draft.expenses.add { id in
                    Expense(id: id, name: name, amount: entry.isRefund ? -entry.amount : entry.amount, category: spelt, date: entry.date, note: entry.note, tags: tags, source: source)
                }
                result.added.append(RecordReference(kind: .expense, id: expense.id))
            }
        }
        self = draft
        return result
    }

    /// The sum of amounts, `nil` when it is past the largest total already.
    private static func total(_ amounts: [Int]) -> Int? {
        var total: Int? = 0
        for amount in amounts {
            total = total.flatMap { $0.addingReportingOverflow(amount).overflow ? nil : $0 + amount }
        }
        return total
    }
}

extension BudgetDocument {
    /// The profile a name stands for: a built-in preset (as a profile naming it) or a saved
    /// profile; `nil` when it is neither.
    public func importProfile(named name: String) -> ImportProfile? {
        if StatementPreset.named(name) != nil {
            var profile = ImportProfile()
            profile.preset = name
            return profile
        }
        guard ImportProfile.isValidName(name) else { return nil }
        let settings = self[settings: ImportKeys.self]
        return settings.isSet(ImportKeys.profile(name)) ? settings[ImportKeys.profile(name)] : nil
    }

    /// Saves a profile under a name (replacing one of that name).
    ///
    /// - Throws: `ValueError.invalidSetting` for a name a profile cannot have (spaces, commas,
    ///   a preset's name).
    public mutating func saveImportProfile(_ profile: ImportProfile, as name: String) throws(ValueError) {
        guard ImportKeys.isValidName(name) else {
            throw .invalidSetting(name, expected: "a profile name without spaces or commas, and not a preset's (\(StatementPreset.all.map(\.name).joined(separator: ", ")))")
        }
        self[settings: ImportKeys.self][ImportKeys.profile(name)] = profile
    }

    /// Removes a saved profile; whether there was one.
    public mutating func removeImportProfile(named name: String) -> Bool {
        guard ImportKeys.isValidName(name), self[settings: ImportKeys.self].isSet(ImportKeys.profile(name)) else { return false }
        self[settings: ImportKeys.self].remove(ImportKeys.profile(name))
        return true
    }
}
