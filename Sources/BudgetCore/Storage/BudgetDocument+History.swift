extension BudgetDocument {
    /// How many changes the history keeps; older ones are forgotten.
    public static let historyLimit = 30

    /// Appends the change from `original` to this document to the history, unless the records
    /// did not change or the change itself rewrote the history (an undo).
    ///
    /// When part of the change was already recorded as a step of its own (`recordStep`), only
    /// what changed since that step is recorded.
    mutating func recordChange(since original: BudgetDocument) {
        let summary = changeSummary
        changeSummary = nil
        let base = stepBase?.document ?? original
        stepBase = nil
        appendChange(since: base) { summary ?? $0 }
    }

    /// Appends the change from `base` to this document to the history, named by `summary` from
    /// the summary made from what changed, unless the records did not change or the change
    /// itself rewrote the history; the oldest changes past `historyLimit` are forgotten.
    private mutating func appendChange(since base: BudgetDocument, summary: (String) -> String) {
        guard history.hasSameEntries(as: base.history),
              var change = ChangeRecord(from: base, to: self, time: Self.now()) else { return }
        change.summary = summary(change.summary)
        history.append(change)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
    }

    /// Ends a change made inside a store's transaction: records it in the history and, in a
    /// device's replica, stamps it (`now`: the wall clock in milliseconds).
    mutating func finishChange(since original: BudgetDocument, now: Int64) {
        recordChange(since: original)
        if sync != nil { stampChanges(since: original, now: now) }
    }

    /// Records the change from `original` so far as an undo step of its own, inside a
    /// transaction: what the transaction changes after it is recorded as another step when
    /// the transaction ends (what schedules had due, then the command's own change).
    mutating func recordStep(since original: BudgetDocument) {
        recordChange(since: original)
        stepBase = StepBase(document: self)
    }

    /// Names the change being made, for the undo history and `undo`'s confirmation
    /// (`rename category food → 食費 (12 expenses)`), in place of the summary made from what
    /// changed (`edit 12 expenses, set budget.limit.食費`). It applies to the change the store
    /// records when the transaction ends, and only when something changed.
    public mutating func describeChange(_ summary: String) {
        changeSummary = summary
    }

    /// The history's name for the merge of another copy of the budget (`merge <file>`, or
    /// `merge (git)` for git's merge driver, which names no file); a merge's change holds what
    /// came from elsewhere (`ThreeWayMerge.FreshChanges` passes it over).
    public static func mergeSummary(of file: String?) -> String { "merge " + (file ?? "(git)") }

    /// Records what git's merge driver changed since `original`, our side, as one change of the
    /// history (`merge (git): add expense 00000003 (コンビニ)`, naming what it brought): an undo
    /// then takes the merge back first, instead of reverting one of our changes over what the
    /// merge took from the other side, and says what it takes back.
    public mutating func recordMerge(since original: BudgetDocument) {
        changeSummary = nil
        stepBase = nil
        appendChange(since: original) { Self.mergeSummary(of: nil) + ": " + $0 }
    }

    /// Whether this document, after `recordChange(since: original)`, must be written: cheaper than
    /// `!=` because any change to records or settings has put an entry in the history (and an
    /// undo has taken one out), so the history and the counters tell it all.
    func differs(from original: BudgetDocument) -> Bool {
        !history.hasSameEntries(as: original.history) || incomes.lastID != original.incomes.lastID
            || expenses.lastID != original.expenses.lastID || transfers.lastID != original.transfers.lastID
            || sync != original.sync
    }

    /// The first record `change` added that a fold has since made one with another (`SyncState.merged`),
    /// and the record it is now.
    private func joinedAway(_ change: ChangeRecord) -> (record: RecordReference, kept: RecordReference)? {
        guard let merged = sync?.merged, !merged.isEmpty else { return nil }
        let added = [
            (RecordKind.income, change.incomes.added), (.expense, change.expenses.added),
            (.transfer, change.transfers.added),
        ]
        for (kind, ids) in added {
            for id in ids {
                guard let key = merged[RegisterKey.record(kind, id)], let kept = RegisterKey.reference(ofRecord: key)
                else { continue }
                return (RecordReference(kind: kind, id: id), kept)
            }
        }
        return nil
    }

    /// Reverts the most recent change in the history and forgets it.
    ///
    /// - Returns: the change that was undone.
    /// - Throws: `BudgetError.nothingToUndo`; `BudgetError.undoJoined` when a record it added
    ///   was made one with another device's by a fold; `BudgetError.undoConflict` when the records
    ///   no longer match the change otherwise or the result would not be a valid data file (the
    ///   file was edited by hand); nothing changes then.
    @discardableResult
    public mutating func undoLastChange() throws -> ChangeRecord {
        guard let lastEntry = history.entries.last else { throw BudgetError.nothingToUndo }
        guard let last = lastEntry.change else {
            throw BudgetError.undoConflict(
                summary: lastEntry.summary, reason: "its entry in the history could not be read")
        }
        var draft = self
        do {
            try last.incomes.revert(&draft.incomes)
            try last.expenses.revert(&draft.expenses)
            try last.transfers.revert(&draft.transfers)
            for (key, old) in last.settings { draft.settingsValues.setValue(old, forKey: key) }
        } catch {
            if let (record, kept) = joinedAway(last) {
                throw BudgetError.undoJoined(summary: last.summary, record: record, kept: kept)
            }
            throw BudgetError.undoConflict(summary: last.summary, reason: error.reason)
        }
        draft.history.removeLast()
        draft.keepOtherDevicesChanges(over: self)
        // A hand-edited entry may bring back what the file cannot hold (a record above the
        // counter, an unknown setting): refuse it rather than write a file that is then refused.
        do {
            try draft.validate(since: self)
        } catch {
            throw BudgetError.undoConflict(
                summary: last.summary, reason: "the result would be an invalid data file: \(error.reason)")
        }
        self = draft
        return last
    }

    /// Forgets the whole history, with the removed records and old values it kept. The records
    /// and settings stay as they are; this itself is not recorded, so it cannot be undone.
    ///
    /// - Returns: how many changes were forgotten.
    @discardableResult
    public mutating func clearHistory() -> Int {
        let count = history.count
        history.removeAll()
        return count
    }

    /// The current time in UTC, `YYYY-MM-DDTHH:MM:SSZ`.
    static func now() -> String {
        // The current time always converts; the fallback only guards a broken libc.
        guard let time = CalendarTime(utc: CalendarTime.secondsNow()) else { return "1970-01-01T00:00:00Z" }
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(time.year)-\(pad(time.month))-\(pad(time.day))"
            + "T\(pad(time.hour)):\(pad(time.minute)):\(pad(time.second))Z"
    }
}
