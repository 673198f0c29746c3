extension BudgetDocument {
    /// Adds a statement's entries as records, in file order, as one change (one undo step).
    ///
    /// Each record remembers its source (`origin:identity`). An entry is left out when it is
    /// already in the budget: a record has its identity from the same account or from an
    /// origin that names no account (`StatementSource`; counted as already there), or a
    /// deleted imported record had it (`DeletedRows`; counted as deleted before); unless
    /// duplicates are allowed. Rows of the statement itself never count as already there.
    /// Then, unless `matchRecords` is off, an entry of the same kind and amount as a record
    /// that no row accounts for yet (no `source`: a scheduled occurrence, a record typed in),
    /// dated within `StatementImport.matchWindow` days of the record's date or of its
    /// schedule's due day, is linked to that record (which gains the source and keeps its
    /// category, name and date) instead of added; where several pair up, the nearest dates
    /// go first, then the lowest record ID, then the first row, and the match says how many
    /// it was chosen among (`StatementMatch`). A rule's category beats the statement's, and
    /// the default category is the last resort; a rule may rename, tag or skip the row.
    ///
    /// - Throws: `BudgetError.idSpaceExhausted` when IDs run out; `ImportError` naming the row
    ///   after which a kind's amounts would add up to more than the largest total; nothing is
    ///   added then.
    /// A block of entries is let go once its rows are records, unless rows wait to be linked
    /// (`entries` is the function's to change: a caller that hands it over keeps no second copy).
    public mutating func importStatement(
        _ entries: consuming StatementEntries, _ settings: StatementImport
    ) throws -> StatementImportResult {
        var result = StatementImportResult()
        var known = KnownRows()
        if !settings.allowDuplicates {
            known = KnownRows(
                roomFor: incomes.records.count { $0.source != nil } + expenses.records.count { $0.source != nil }
                    + transfers.records.count { $0.source != nil })
            for income in incomes.records {
                if let source = income.source { known.insert(source, .record, account: income.account) }
            }
            for expense in expenses.records {
                if let source = expense.source { known.insert(source, .record, account: expense.account) }
            }
            for transfer in transfers.records { if let source = transfer.source { known.insert(source, .record) } }
            let deleted = self[settings: ImportKeys.self]
            for month in deleted.deletedMonths {
                for source in deleted[ImportKeys.deleted(month)]?.sources ?? [] { known.insert(source, .deleted) }
            }
        }
        var totals = [
            RecordKind.income: Self.total(incomes.records.map(\.amount)),
            .expense: Self.total(expenses.records.map(\.amount)),
        ]
        let fallbackCategory = settings.defaultCategory ?? defaultExpenseCategory
        var draft = self
        // With duplicates allowed, rows of deleted records may come back: their sources.
        let tracksDeleted = (settings.allowDuplicates || settings.includeDeleted)
            && !self[settings: ImportKeys.self].deletedMonths.isEmpty
        var broughtBack: [String] = []
        var spellings = CategorySpellings(self)  // categories typed or read are spelt as those in use
        let accounts = self[settings: AccountKeys.self]
        let members = MemberCheck(self)  // an owned account's records are paid by its owner
        // The account the statement is of: its records name it, its balances are checked.
        let into = try settings.account.map { name throws(AccountError) in try accounts.resolve(name) }
        // Lines money moved on that the import leaves out (a rule's skip, a transfer
        // from an account the statement does not name), by day: a balance
        // that disagrees names them.
        var leftOut: [Day: [Int]] = [:]
        // Transfers typed in (or imported from the other account's statement) that a row may be.
        // By accounts and amount, in order; made at the first row that may be one (not per row).
        struct LinkKey: Hashable {
            var from: String, to: String, amount: Int
        }
        var linkable: [LinkKey: [Int]]?
        // Room for every row of a kind, made when the first is added (an import that adds
        // nothing copies nothing).
        var roomToMake = [RecordKind.income, .expense].map { kind in (kind, entries.count { $0.kind == kind }) }
        func makeRoom() {
            guard !roomToMake.isEmpty else { return }
            for (kind, count) in roomToMake { draft.makeRoom(forMore: count, of: kind) }
            roomToMake = []
            result.added.reserveCapacity(entries.count)
        }
        func add(_ entry: StatementEntry, _ action: StatementImport.RuleAction?, source: String) throws {
            if let other = action?.transferTo {
                try addTransfer(entry, action, to: other, source: source)
                return
            }
            if entry.kind == .transfer {
                // A row the statement marks a transfer: with the account it comes from (e-money's
                // charges, `--from`), recorded; else left out, and said.
                guard let funding = into?.funding else {
                    result.transfersWithoutCounterpart += 1
                    leftOut[entry.date, default: []].append(entry.line)
                    return
                }
                try addTransfer(entry, action, to: funding, source: source)
                return
            }
            if tracksDeleted { broughtBack.append(source) }
            // (A refund's size counts too: `checkTotals` has the last word.)
            if let sum = totals[entry.kind] ?? nil {
                let (next, overflow) = sum.addingReportingOverflow(entry.amount)
                if overflow {
                    throw ImportError(
                        line: entry.line, column: "amount",
                        "the \(entry.kind.plural) would add up to more than \(AmountParser.grouped(Int.max)), "
                            + "the largest total budget can compute")
                }
                totals[entry.kind] = next
            }
            if let action, action.rename != nil || !action.tags.isEmpty { result.changedByRule += 1 }
            let name = action?.rename ?? entry.name
            var tags = Tags(entry.tags.sorted + (action?.tags.sorted ?? []))
            if tags.isEmpty { tags = settings.defaultTags }
            // A row's account is one of the budget's, spelt as it is (`recordAccount`).
            var account = into?.name
            if case .optionalText(let typed?) = entry.values["account"] {
                do {
                    account = try accounts.recordAccount(typed, on: entry.date)
                } catch {
                    throw ImportError(line: entry.line, column: "account", error.errorDescription ?? "unknown account")
                }
            }
            makeRoom()
            switch entry.kind {
            case .income:
                let income = try draft.incomes.add { id in
                    var income = Income(
                        id: id, name: name, amount: entry.amount, date: entry.date, note: entry.note, tags: tags,
                        source: source)
                    Income.schema.apply(entry.values, to: &income)
                    if let account { income.account = account }
                    do throws(MemberError) {
                        return try members.income(income)
                    } catch {
                        throw ImportError(
                            line: entry.line, column: "paid_by", error.errorDescription ?? "unknown member")
                    }
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
                    var expense = Expense(
                        id: id, name: name, amount: entry.recordedAmount, category: spelt, date: entry.date,
                        note: entry.note, tags: tags, source: source)
                    Expense.schema.apply(entry.values, to: &expense)
                    if let account { expense.account = account }
                    do throws(MemberError) {
                        return try members.expense(expense)
                    } catch {
                        throw ImportError(
                            line: entry.line, column: "paid_by", error.errorDescription ?? "unknown member")
                    }
                }
                result.added.append(RecordReference(kind: .expense, id: expense.id))
                if entry.isRefund { result.refunds += 1 }
            case .transfer:
                // The reader makes no transfer entries: a transfer row is left out and counted.
                break
            }
        }
        /// A row a rule makes a transfer between the statement's account and `other`: money out
        /// of the account goes to `other`, money in comes from it. A transfer already there with
        /// the same accounts and amount, within the match window and from no other row of this
        /// statement, is the row's (typed in, or imported from the other account's statement).
        func addTransfer(
            _ entry: StatementEntry, _ action: StatementImport.RuleAction?, to other: String, source: String
        ) throws {
            guard let into else {
                result.transfersWithoutAccount += 1
                return
            }
            let counterpart: String
            do {
                counterpart = try accounts.recordAccount(other, on: entry.date)
            } catch {
                throw ImportError(
                    line: entry.line,
                    "a rule makes this row a transfer to or from '\(other)': "
                        + (error.errorDescription ?? "no such account"))
            }
            let out = entry.kind == .transfer ? !entry.isIncoming : entry.kind == .expense && !entry.isRefund
            let (from, to) = out ? (into.name, counterpart) : (counterpart, into.name)
            if linkable == nil {
                var made: [LinkKey: [Int]] = [:]
                for (index, transfer) in transfers.records.enumerated()
                where !(transfer.source?.hasPrefix(settings.origin + ":") ?? false) {
                    let key = LinkKey(from: transfer.from, to: transfer.to, amount: transfer.amount)
                    made[key, default: []].append(index)
                }
                linkable = made
            }
            let key = LinkKey(from: from, to: to, amount: entry.amount)
            if let found = linkable?[key]?.firstIndex(where: { index in
                abs(transfers.records[index].date.dayNumber - entry.date.dayNumber) <= StatementImport.matchWindow
            }) {
                linkable?[key]?.remove(at: found)
                result.transfersLinked += 1
                return
            }
            if tracksDeleted { broughtBack.append(source) }
            var tags = Tags(entry.tags.sorted + (action?.tags.sorted ?? []))
            if tags.isEmpty { tags = settings.defaultTags }
            if action?.rename != nil || action?.tags.isEmpty == false { result.changedByRule += 1 }
            let transfer = try draft.transfers.add { id in
                Transfer(
                    id: id, name: action?.rename ?? entry.name, amount: entry.amount, from: from, to: to,
                    date: entry.date, note: entry.note, tags: tags, source: source)
            }
            result.added.append(RecordReference(kind: .transfer, id: transfer.id))
        }
        // Rows are added as they are read unless some record could be linked to one: then the
        // rows that come in wait, by index (a statement of 100,000 rows is not copied), with
        // their rules' actions and the names folding changed, for the pairing.
        let mayMatch = settings.matchRecords
            && (incomes.records.contains { $0.source == nil } || expenses.records.contains { $0.source == nil })
        var coming: [(index: Int, action: StatementImport.RuleAction?)] = []
        var foldedNames: [Int: String] = [:]
        // The account a row goes into, when the import names it (`--account`), not the row.
        func rowAccount(_ entry: StatementEntry) -> String? {
            if case .optionalText(_?) = entry.values["account"] { return nil }
            return into?.name
        }
        // Rows dated without a year are read as on or before a day (today, `--as-of`): the same
        // statement imported again a year later reads them a year later, and none is there. A
        // new statement's rows may fall on the same days with the same amounts, so they are
        // imported; those like a row a year apart are counted, to be said.
        if !settings.allowDuplicates && !known.isEmpty {
            for index in entries.indices where !entries[index].dateHasYear {
                let entry = entries[index], account = rowAccount(entry)
                if let found = known.presence(origin: settings.origin, identity: entry.identity, account: account),
                   !(settings.includeDeleted && found.presence == .deleted) {
                    continue
                }
                if Self.identitiesAYearApart(entry).contains(where: {
                    known.presence(origin: settings.origin, identity: $0, account: account) != nil
                }) {
                    result.importedLikeAYearApart += 1
                }
            }
        }
        // The rows with a balance to check, taken as they come; a block of entries goes once
        // its rows are in, unless they wait to be linked.
        let balanceSign = into.map(BalanceCheck.sign(of:))
        var balanceRows: [BalanceCheck.Row] = []
        if settings.checksBalances && balanceSign != nil { balanceRows.reserveCapacity(entries.count) }
        let sourcePrefix = settings.origin + ":"
        for index in entries.indices {
            if !mayMatch { entries.release(before: index) }
            var entry = entries[index]
            if settings.checksBalances, let balanceSign, let row = BalanceCheck.row(entry, sign: balanceSign) {
                balanceRows.append(row)
            }
            let rowAccount = rowAccount(entry)
            // (An identity is written out only to be looked up: a budget with no imported rows has none.)
            if !settings.allowDuplicates, !known.isEmpty,
               let found = known.presence(origin: settings.origin, identity: entry.identity, account: rowAccount),
                !(settings.includeDeleted && found.presence == .deleted) {
                switch found.presence {
                case .record: result.alreadyThere += 1
                case .deleted: result.deletedBefore += 1
                }
                if found.origin != settings.origin { result.thereThrough[found.origin, default: 0] += 1 }
                continue
            }
            if settings.foldNames,
               let folded = try? FieldRules.label(TextFolding.widthFolded(entry.name), field: "name"),
               folded != entry.name {
                entry.name = folded
                if mayMatch { foldedNames[index] = folded }
            }
            let action = settings.rule(entry)
            if action?.skip == true {
                result.skippedByRule += 1
                leftOut[entry.date, default: []].append(entry.line)
                continue
            }
            if mayMatch && action?.transferTo == nil && entry.kind != .transfer {
                coming.append((index, action))
            } else {
                try add(entry, action, source: entry.identityParts.text(after: sourcePrefix))
            }
        }
        let matches = mayMatch ? matchRecords(entries, coming.map(\.index), account: into?.name) : [:]
        for (position, (index, action)) in coming.enumerated() {
            var entry = entries[index]
            if let folded = foldedNames[index] { entry.name = folded }
            let source = entry.identityParts.text(after: sourcePrefix)
            guard let match = matches[position] else {
                try add(entry, action, source: source)
                continue
            }
            if tracksDeleted { broughtBack.append(source) }
            let recordName: String
            // A record typed in without an account is the statement's account's (and so its owner's).
            switch match.record.kind {
            case .income:
                draft.incomes.records[match.position].source = source
                if let into, draft.incomes.records[match.position].account == nil {
                    draft.incomes.records[match.position].account = into.name
                    draft.incomes.records[match.position] = try members.income(draft.incomes.records[match.position])
                }
                recordName = draft.incomes.records[match.position].name
            case .expense:
                draft.expenses.records[match.position].source = source
                if let into, draft.expenses.records[match.position].account == nil {
                    draft.expenses.records[match.position].account = into.name
                    draft.expenses.records[match.position] = try members.expense(draft.expenses.records[match.position])
                }
                recordName = draft.expenses.records[match.position].name
            case .transfer:
                draft.transfers.records[match.position].source = source
                recordName = draft.transfers.records[match.position].name
            }
            result.matched.append(StatementMatch(
                line: entry.line, date: entry.date, name: entry.name, record: match.record, recordName: recordName,
                rivals: match.rivals))
        }
        if !broughtBack.isEmpty { draft.forgetDeletedRows(broughtBack) }
        if let into, settings.checksBalances {
            try draft.checkBalances(BalanceCheck.oldestFirst(balanceRows), of: into, leftOut: leftOut, into: &result)
        }
        self = draft
        return result
    }

    /// Adds a statement's entries given in an array (`importStatement(_:_:)`).
    public mutating func importStatement(
        _ entries: [StatementEntry], _ settings: StatementImport
    ) throws -> StatementImportResult {
        try importStatement(StatementEntries(entries), settings)
    }

    /// The identities a row dated without a year would have had a year earlier and a year later
    /// (none for a row identified by an ID, or dated February 29).
    private static func identitiesAYearApart(_ entry: StatementEntry) -> [String] {
        let iso = entry.date.iso
        guard entry.identity.hasPrefix(iso + "|") else { return [] }
        let rest = entry.identity.dropFirst(iso.utf8.count)
        return [-1, 1].compactMap { offset in
            Day(year: entry.date.year + offset, month: entry.date.month, day: entry.date.day).map { $0.iso + rest }
        }
    }

    /// Checks a statement's balances (its rows with one, oldest first) against its account
    /// (`BalanceCheck`) once its rows are in; an account with no opening balance, and no record
    /// before the statement, first takes it from the statement (`result.openingTaken`).
    private mutating func checkBalances(
        _ rows: [BalanceCheck.Row], of account: Account, leftOut: [Day: [Int]],
        into result: inout StatementImportResult
    ) throws {
        guard let first = rows.first else { return }
        var account = account
        let hasEarlier = incomes.records.contains { $0.account == account.name && $0.date < first.date }
            || expenses.records.contains { $0.account == account.name && $0.date < first.date }
            || transfers.records.contains { ($0.from == account.name || $0.to == account.name) && $0.date < first.date }
        if account.asOf == nil && account.opening == 0 && !hasEarlier,
           let opening = BalanceCheck.opening(rows, account: account) {
            // Part of the import, which its history entry names.
            let summary = changeSummary
            account = try editAccount(account.name) { account throws(AccountError) in
                account.opening = opening.balance
                account.asOf = opening.day
            }
            changeSummary = summary
            result.openingTaken = opening
        }
        try BalanceCheck.check(
            rows, account: account, in: self, leftOut: leftOut, money: moneyFormat, column: "balance")
    }

    /// Entries picked out of a statement's by index, without copying them.
    private struct LazyEntries: RandomAccessCollection {
        let all: StatementEntries
        let picked: [Int]
        var startIndex: Int { 0 }
        var endIndex: Int { picked.count }
        subscript(position: Int) -> StatementEntry { all[picked[position]] }
    }

    /// A record an entry is linked to: where it is in its table, and how many could have been.
    private struct RecordMatch {
        var record: RecordReference
        var position: Int
        var rivals: Int
    }

    /// The records the entries at `indices` are linked to, by position in `indices` (see
    /// `importStatement`). A statement of an account links only records of that account or of
    /// none: a record in another account is other money.
    private func matchRecords(_ all: StatementEntries, _ indices: [Int], account: String?) -> [Int: RecordMatch] {
        let entries = LazyEntries(all: all, picked: indices)
        struct Candidate {
            var record: RecordReference
            var position: Int
            /// The record's date and its schedule's due day (the date again when it has none).
            var date: Int
            var due: Int
        }
        var amounts: [RecordKind: Set<Int>] = [:]
        for entry in entries { amounts[entry.kind, default: []].insert(entry.recordedAmount) }
        guard !amounts.isEmpty else { return [:] }
        // Records no row accounts for, of an amount some entry has, by kind and amount.
        var candidates: [RecordKind: [Int: [Candidate]]] = [:]
        func collect<Record: BaseModel>(_ table: RecordTable<Record>) {
            let kind = Record.kind
            guard let wanted = amounts[kind] else { return }
            var byAmount: [Int: [Candidate]] = [:]
            let records = table.records
            for position in records.indices {
                // Fields read in place: a table of 100,000 records is not copied record by record.
                guard records[position].source == nil, wanted.contains(records[position].amount) else { continue }
                if let account, let own = records[position].accounts.first, own != account { continue }
                let date = records[position].date.dayNumber
                let due = records[position].schedule.flatMap(ScheduleMark.init)?.due.dayNumber ?? date
                byAmount[records[position].amount, default: []].append(
                    Candidate(
                        record: RecordReference(kind: kind, id: records[position].id), position: position, date: date,
                        due: due))
            }
            candidates[kind] = byAmount
        }
        collect(incomes)
        collect(expenses)
        // Every pair within the window, nearest first, then the lowest ID, then the first row.
        var pairs: [(distance: Int, entry: Int, candidate: Candidate)] = []
        var rowsOfRecord: [RecordReference: Int] = [:]
        var recordsOfRow: [Int: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let day = entry.date.dayNumber
            // A refund pairs with a refund of its size, never with a purchase.
            for candidate in candidates[entry.kind]?[entry.recordedAmount] ?? [] {
                let distance = min(abs(candidate.date - day), abs(candidate.due - day))
                guard distance <= StatementImport.matchWindow else { continue }
                pairs.append((distance, index, candidate))
                rowsOfRecord[candidate.record, default: 0] += 1
                recordsOfRow[index, default: 0] += 1
            }
        }
        pairs.sort { a, b in
            if a.distance != b.distance { return a.distance < b.distance }
            if a.candidate.record.id != b.candidate.record.id { return a.candidate.record.id < b.candidate.record.id }
            return a.entry < b.entry
        }
        var matches: [Int: RecordMatch] = [:]
        var taken = Set<RecordReference>()
        for pair in pairs where matches[pair.entry] == nil && !taken.contains(pair.candidate.record) {
            taken.insert(pair.candidate.record)
            let rivals = max(recordsOfRow[pair.entry] ?? 1, rowsOfRecord[pair.candidate.record] ?? 1)
            matches[pair.entry] = RecordMatch(
                record: pair.candidate.record, position: pair.candidate.position, rivals: rivals)
        }
        return matches
    }

    /// Takes sources out of the deleted rows: their rows were imported again.
    private mutating func forgetDeletedRows(_ sources: [String]) {
        var settings = self[settings: ImportKeys.self]
        let months = settings.deletedMonths
        guard !months.isEmpty, !sources.isEmpty else { return }
        let gone = Set(sources.map(ExactText.init))
        for month in months {
            guard let rows = settings[ImportKeys.deleted(month)] else { continue }
            let kept = rows.removing(gone)
            if kept != rows { settings[ImportKeys.deleted(month)] = kept }
        }
        self[settings: ImportKeys.self] = settings
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
            throw .invalidSetting(
                name,
                expected: "a profile name without spaces or commas, and not a preset's "
                    + "(\(StatementPreset.all.map(\.name).joined(separator: ", ")))")
        }
        self[settings: ImportKeys.self][ImportKeys.profile(name)] = profile
    }

    /// Removes a saved profile; whether there was one.
    public mutating func removeImportProfile(named name: String) -> Bool {
        guard ImportKeys.isValidName(name), self[settings: ImportKeys.self].isSet(ImportKeys.profile(name)) else {
            return false
        }
        self[settings: ImportKeys.self].remove(ImportKeys.profile(name))
        return true
    }
}
