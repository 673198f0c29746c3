/// The state two copies of a budget last shared, found in their undo histories: for a copy
/// that has no ancestor file (a Syncthing conflict copy), the ancestor `ThreeWayMerge` needs.
public enum DocumentAncestor {
    /// The most recent state both documents passed through: each is walked back through its
    /// history (`undoLastChange`), and the first pair of states, fewest undos first (then
    /// fewest on `first`), with equal records and settings is the answer. Histories and
    /// counters are left out of the comparison (a record added and deleted again raises a
    /// counter only); the state returned has the lower of the two counters of each kind, and
    /// `first`'s history up to that state.
    ///
    /// At most `historyLimit + 1` states a side, compared by a hash first: O(n²) cheap
    /// comparisons.
    ///
    /// - Returns: the shared state, or `nil` when the histories hold none (or an entry cannot
    ///   be undone before one is met).
    public static func find(_ first: BudgetDocument, _ second: BudgetDocument) -> BudgetDocument? {
        let left = states(first), right = states(second)
        // A state both passed through is, first, one both reached by the same change: equal
        // content alone may be an earlier state come back (a record added, then deleted on one
        // side, is the state before it was added), which would bring the deleted record back.
        // Histories cleared since, which hold no such change, fall back to equal content.
        func shared(byTheSameChange: Bool) -> (left: Int, right: Int)? {
            var best: (left: Int, right: Int)?
            for (i, state) in left.enumerated() {
                for (j, other) in right.enumerated() where state.hash == other.hash {
                    if let best, best.left + best.right <= i + j { continue }
                    if byTheSameChange && !sameLastChange(state.document, other.document) { continue }
                    if sameContent(state.document, other.document) { best = (i, j) }
                }
            }
            return best
        }
        guard let best = shared(byTheSameChange: true) ?? shared(byTheSameChange: false) else { return nil }
        var shared = left[best.left].document
        let other = right[best.right].document
        shared.incomes = RecordTable(
            lastID: min(shared.incomes.lastID, other.incomes.lastID), orderedRecords: shared.incomes.records)
        shared.expenses = RecordTable(
            lastID: min(shared.expenses.lastID, other.expenses.lastID), orderedRecords: shared.expenses.records)
        shared.transfers = RecordTable(
            lastID: min(shared.transfers.lastID, other.transfers.lastID), orderedRecords: shared.transfers.records)
        let counterKey = RecurKeys.counter.storedKey
        let counters = [shared, other].map {
            $0.settingsValues.value(forKey: counterKey).flatMap(ScheduleCounter.init(stored:))?.value ?? 0
        }
        shared.settingsValues.setValue(ScheduleCounter(counters.min() ?? 0).stored, forKey: counterKey)
        return shared
    }

    /// A document and every earlier state its history can bring back, newest first, each with
    /// the hash of what `sameContent` compares.
    private static func states(_ document: BudgetDocument) -> [(document: BudgetDocument, hash: Int)] {
        var states = [(document, contentHash(document))]
        var current = document
        while !current.history.entries.isEmpty, states.count <= BudgetDocument.historyLimit {
            guard (try? current.undoLastChange()) != nil else { break }
            states.append((current, contentHash(current)))
        }
        return states
    }

    /// Whether the most recent change each history still holds is the same change (or neither
    /// holds any): states reached by the same change.
    private static func sameLastChange(_ a: BudgetDocument, _ b: BudgetDocument) -> Bool {
        switch (a.history.entries.last, b.history.entries.last) {
        case (nil, nil): return true
        case (let mine?, let theirs?):
            return mine.isSame(as: theirs) || (mine.change != nil && mine.change == theirs.change)
        default: return false
        }
    }

    /// Whether two documents hold the same records and settings (the schedules' counter aside).
    private static func sameContent(_ a: BudgetDocument, _ b: BudgetDocument) -> Bool {
        a.incomes.records == b.incomes.records && a.expenses.records == b.expenses.records
            && a.transfers.records == b.transfers.records
            && comparedSettings(a) == comparedSettings(b)
    }

    /// The settings compared: all but the schedules' counter.
    private static func comparedSettings(_ document: BudgetDocument) -> SettingsValues {
        var settings = document.settingsValues
        settings.setValue(nil, forKey: RecurKeys.counter.storedKey)
        return settings
    }

    /// A hash of what `sameContent` compares.
    private static func contentHash(_ document: BudgetDocument) -> Int {
        var hasher = Hasher()
        hasher.combine(document.incomes.records)
        hasher.combine(document.expenses.records)
        hasher.combine(document.transfers.records)
        let settings = comparedSettings(document)
        for key in settings.storedKeys {
            hasher.combine(key)
            if let value = settings.value(forKey: key) { hasher.combine(ThreeWayMerge.text(value)) }
        }
        return hasher.finalize()
    }
}
