/// Two copies of one plain budget file that went their own ways (two git branches, a
/// Syncthing conflict copy), merged three-way against the state they share: a pure function
/// of three documents, which reads no file and no clock.
///
/// What each side changed since the ancestor is kept:
/// - **Records** are matched by ID, once a record one side holds under another ID (an earlier
///   merge renumbered it) is named as ours names it (`Alignment`, `matched`). A record changed
///   on one side only takes that change; a field changed on both sides to different values
///   keeps ours and is a `Conflict`. A record deleted on one side and unchanged on the other
///   is deleted; deleted on one side and edited on the other, the edited record stays and is
///   a conflict of its own.
/// - **Records added** (IDs the ancestor does not hold: above its counter, or brought back by
///   an undo) on ours keep their IDs; theirs keep theirs when ours never gave them (above
///   ours' counter), else take the next free IDs above both counters (`renumbered`). A record
///   added on both sides for the same statement row, settlement, adjustment or schedule
///   occurrence (the same non-empty `source` or `schedule`) is one record, ours (`joined`);
///   one with the same ID and the same content on both sides is one record too.
/// - **Order** is ours' (a move made only on their side is not applied), with the records
///   only their side holds appended in their order; orders are 1…n.
/// - **Counters** are at least both sides' and every ID in the result: no ID is reused.
/// - **Settings** are merged key by key the same way; the rules (`rule.1`…) as one list;
///   a schedule added on their side under an ID ours gave too takes the next free schedule ID,
///   and their records made by it follow (`renumberedSchedules`).
/// - **History** is ours'.
///
/// No money is lost: every record of either side is in the result, or was deleted on one
/// side and left alone on the other, or is named in `joined`.
public struct ThreeWayMerge: Sendable {
    /// What a merge made and what it has to say.
    public struct Result: Sendable {
        /// The merged budget, with our history; it passes the checks made before every write.
        public var document: BudgetDocument
        /// Changes made on both sides of which ours were kept, in the order met (incomes,
        /// expenses, then settings).
        public var conflicts: [Conflict]
        /// Records added on their side that took new IDs.
        public var renumbered: [Renumbering]
        /// Records one side holds under another ID than the other, as an earlier merge
        /// renumbered them (their ID, ours), merged as one record.
        public var matched: [Renumbering]
        /// Records added on both sides for one statement row or schedule occurrence, made one.
        public var joined: [Join]
        /// Schedules added on their side that took new IDs.
        public var renumberedSchedules: [ScheduleRenumbering]
    }

    /// What the merge of each part adds to the result.
    struct Report {
        var conflicts: [Conflict] = []
        var renumbered: [Renumbering] = []
        var matched: [Renumbering] = []
        var joined: [Join] = []
        var renumberedSchedules: [ScheduleRenumbering] = []
    }

    /// Merges `ours` and `theirs` against their common `ancestor`.
    ///
    /// - Parameters:
    ///   - ancestor: the state both sides started from (`DocumentAncestor.find` finds one in
    ///     their histories when there is no file of it).
    ///   - ours: the side whose values win a conflict and whose history is kept.
    ///   - theirs: the other side.
    /// - Returns: the merged document and the report of conflicts, renumberings and joins.
    /// - Throws: `MergeError.idSpaceExhausted` or `scheduleIDsExhausted` when a record or
    ///   schedule of their side cannot get a free ID, `invalidResult` or `totals` when the
    ///   merged budget could not be written (amounts too large added together).
    public static func merge(
        ancestor: BudgetDocument, ours: BudgetDocument, theirs: BudgetDocument
    ) throws(MergeError) -> Result {
        var report = Report()
        let money = ours.moneyFormat
        let renumbered = try renumberSchedules(ancestor: ancestor, ours: ours, theirs: theirs, into: &report)
        var document = ours
        document.changeSummary = nil
        document.stepBase = nil
        let since = (ours: FreshChanges(ours, since: ancestor), theirs: FreshChanges(theirs, since: ancestor))
        document.incomes = try mergeTable(
            ancestor: ancestor.incomes, ours: ours.incomes, theirs: renumbered.incomes, since: since, money: money,
            into: &report)
        document.expenses = try mergeTable(
            ancestor: ancestor.expenses, ours: ours.expenses, theirs: renumbered.expenses, since: since,
            money: money, into: &report)
        document.transfers = try mergeTable(
            ancestor: ancestor.transfers, ours: ours.transfers, theirs: renumbered.transfers, since: since,
            money: money, into: &report)
        document.settingsValues = mergeSettings(
            ancestor: ancestor.settingsValues, ours: ours.settingsValues, theirs: renumbered.settingsValues,
            into: &report)
        do {
            try document.validate()
        } catch {
            throw .invalidResult(reason: error.reason)
        }
        do {
            try document.checkTotals()
        } catch {
            throw .totals(error)
        }
        return Result(
            document: document, conflicts: report.conflicts, renumbered: report.renumbered, matched: report.matched,
            joined: report.joined, renumberedSchedules: report.renumberedSchedules)
    }
}
