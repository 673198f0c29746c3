#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BudgetDocument {
    // MARK: Reading

    /// Every schedule, in the order of their IDs.
    public var schedules: [ScheduleEntry] {
        self[settings: RecurKeys.self].schedules
    }

    /// The schedule with an ID (`42` or `00000042`).
    ///
    /// - Throws: `ScheduleError.notFound`.
    public func schedule(id: String) throws(ScheduleError) -> ScheduleEntry {
        let id = RecordID.normalized(id) ?? id
        guard let schedule = self[settings: RecurKeys.self][RecurKeys.schedule(id)] else { throw .notFound(id: id) }
        return ScheduleEntry(id: id, schedule: schedule)
    }

    // MARK: Changing schedules

    /// Adds a schedule with the next schedule ID. An expense schedule without a category
    /// takes `defaultExpenseCategory`, as `addExpense` does.
    ///
    /// An account named is one of the budget's, spelt as it is (`existingAccount(named:)`).
    ///
    /// - Returns: the new schedule's ID.
    /// - Throws: `ScheduleError.idSpaceExhausted`, `ScheduleError.account` for an account the
    ///   budget does not have.
    @discardableResult
    public mutating func addSchedule(_ schedule: Schedule) throws(ScheduleError) -> String {
        var settings = self[settings: RecurKeys.self]
        // A hand-edited counter below a schedule's ID must not give that ID again.
        let highest = settings.schedules.compactMap { RecordID.number(fromStored: $0.id) }.max() ?? 0
        var last = max(settings[RecurKeys.counter].value, highest)
        guard last < RecordID.maximum else { throw .idSpaceExhausted }
        var next = last + 1
        if let sync {
            // A device's replica hands out its own block's schedule IDs; the counter stays the highest seen.
            let own = sync.counters[SyncState.scheduleCounter] ?? (sync.block.ids.lowerBound - 1)
            guard own < sync.block.ids.upperBound else { throw .idSpaceExhausted }
            next = max(own + 1, sync.block.ids.lowerBound)
            self.sync?.counters[SyncState.scheduleCounter] = next
            last = max(last, next - 1)
        }
        let id = RecordID.string(for: next)
        var schedule = schedule
        if schedule.kind == .expense && schedule.category == nil { schedule.category = defaultExpenseCategory }
        if let category = schedule.category, schedule.kind == .expense {
            schedule.category = canonicalCategory(category)
        }
        if let account = schedule.account {
            do {
                schedule.account = try existingAccount(named: account).name
            } catch {
                throw .account(error)
            }
        }
        try checkForecastable(schedule, replacing: nil)
        settings[RecurKeys.counter] = ScheduleCounter(max(last, next))
        settings[RecurKeys.schedule(id)] = schedule
        self[settings: RecurKeys.self] = settings
        return id
    }

    /// Replaces what a schedule records and when, keeping what it has recorded: occurrences
    /// due on or before its last recorded one are not recorded again. When the timing changes
    /// (the interval, the unit, the day, the first day), the rest of the period (month, week,
    /// year or day, by the new unit) of the last occurrence recorded is passed over
    /// (`coveredThrough`), so a monthly rent moved from the 25th to the 27th is not recorded
    /// twice in the month already recorded, and nothing after that period is lost.
    ///
    /// - Parameters:
    ///   - id: the schedule's ID.
    ///   - edited: the new values; its pause and recording state are ignored.
    /// - Returns: the schedule as saved.
    /// - Throws: `ScheduleError.notFound`; `ValueError` for a category on an income;
    ///   `AccountError.unknown` for a new account the budget does not have.
    @discardableResult
    public mutating func editSchedule(id: String, to edited: Schedule) throws -> Schedule {
        let old = try schedule(id: id)
        var new = edited
        if new.kind == .expense && new.category == nil {
            new.category = old.schedule.category ?? defaultExpenseCategory
        }
        if let category = new.category, new.kind == .expense, category != old.schedule.category {
            new.category = canonicalCategory(category)
        }
        if new.kind == .income && new.category != nil {
            throw ValueError.notApplicable(field: "category", kind: .income)
        }
        if let account = new.account, account != old.schedule.account {
            new.account = try existingAccount(named: account).name
        }
        new.isPaused = old.schedule.isPaused
        new.recordedThrough = old.schedule.recordedThrough
        new.coveredThrough = old.schedule.coveredThrough
        if Self.timingDiffers(old.schedule.recurrence, new.recurrence) {
            // The period (under the new timing) of the last occurrence recorded is done: its
            // occurrences are passed over, and the new timing starts with the next period.
            new.coveredThrough = old.schedule.recordedThrough.flatMap { through in
                let last = Self.end(of: new.recurrence.unit, containing: through)
                return through < last ? last : nil
            }
        }
        new.skipped = old.schedule.skipped.filter { day in new.doneThrough.map { $0 < day } ?? true }
        if new.amount != old.schedule.amount || new.kind != old.schedule.kind {
            try checkForecastable(new, replacing: old.id)
        }
        self[settings: RecurKeys.self][RecurKeys.schedule(old.id)] = new
        return new
    }

    /// Deletes a schedule. The records it made stay; its ID is not given again.
    ///
    /// - Returns: the deleted schedule.
    /// - Throws: `ScheduleError.notFound`.
    @discardableResult
    public mutating func deleteSchedule(id: String) throws(ScheduleError) -> ScheduleEntry {
        let entry = try schedule(id: id)
        self[settings: RecurKeys.self][RecurKeys.schedule(entry.id)] = nil
        return entry
    }

    /// Pauses a schedule: it records nothing until resumed.
    ///
    /// - Returns: whether it was running.
    /// - Throws: `ScheduleError.notFound`.
    @discardableResult
    public mutating func pauseSchedule(id: String) throws(ScheduleError) -> Bool {
        var entry = try schedule(id: id)
        guard !entry.schedule.isPaused else { return false }
        entry.schedule.isPaused = true
        self[settings: RecurKeys.self][RecurKeys.schedule(entry.id)] = entry.schedule
        return true
    }

    /// Resumes a paused schedule. What fell due while it was paused, up to `today`, is skipped,
    /// not recorded: a paused subscription does not come back as a pile of payments.
    ///
    /// - Returns: whether it was paused, and the occurrences skipped.
    /// - Throws: `ScheduleError.notFound`.
    @discardableResult
    public mutating func resumeSchedule(
        id: String, today: Day
    ) throws(ScheduleError) -> (resumed: Bool, skipped: [Recurrence.Occurrence]) {
        var entry = try schedule(id: id)
        guard entry.schedule.isPaused else { return (false, []) }
        let missed = entry.schedule.pending(through: today)
        let skippedBefore = entry.schedule.skipped
        entry.schedule.isPaused = false
        if let last = missed.last {
            entry.schedule.recordedThrough = last.due
            if let covered = entry.schedule.coveredThrough, !(last.due < covered) {
                entry.schedule.coveredThrough = nil
            }
            entry.schedule.skipped.removeAll { !(last.due < $0) }
        }
        self[settings: RecurKeys.self][RecurKeys.schedule(entry.id)] = entry.schedule
        return (true, missed.filter { !skippedBefore.contains($0.due) })
    }

    /// Skips one occurrence: the next one not yet recorded, or the one due on `day`.
    ///
    /// - Returns: the occurrence skipped.
    /// - Throws: `ScheduleError.notFound`; `.ended` when there is none left;
    ///   `.alreadyRecorded` or `.notAnOccurrence` for a day that is not one still to come.
    @discardableResult
    public mutating func skipOccurrence(
        of id: String, due day: Day? = nil
    ) throws(ScheduleError) -> Recurrence.Occurrence {
        var entry = try schedule(id: id)
        let occurrence: Recurrence.Occurrence
        if let day {
            guard let found = entry.schedule.recurrence.occurrences(
                      after: day.advanced(byDays: -1), through: day).first,
                  found.due == day else {
                throw .notAnOccurrence(id: entry.id, day: day, next: entry.schedule.upcoming(3).map(\.due))
            }
            if let through = entry.schedule.doneThrough, !(through < day) {
                throw .alreadyRecorded(id: entry.id, day: day)
            }
            if entry.schedule.skipped.contains(day) { throw .alreadyRecorded(id: entry.id, day: day) }
            occurrence = found
        } else {
            guard let next = entry.schedule.next else { throw .ended(id: entry.id) }
            occurrence = next
        }
        entry.schedule.skipped = Array(Set(entry.schedule.skipped + [occurrence.due])).sorted()
        self[settings: RecurKeys.self][RecurKeys.schedule(entry.id)] = entry.schedule
        return occurrence
    }

    // MARK: Recording

    /// What `recordDueOccurrences(through:)` would record now, changing nothing.
    public func dueOccurrences(through day: Day, limit: Int = 100_000) -> ScheduleRun {
        var draft = self
        return draft.recording(through: day, limit: limit, dryRun: true)
    }

    /// Records every occurrence not yet recorded whose day is on or before `day`, for every
    /// running schedule, catching up all that were missed, and marks each schedule recorded
    /// through its last. Skipped occurrences are passed over. Records are added in the order
    /// of their days; each remembers its schedule and due day (`ScheduleMark`).
    ///
    /// Running it again records nothing twice: an occurrence is identified by its schedule
    /// and due day, and a deleted record does not come back. An occurrence whose statement row
    /// was imported first is not recorded again either: an imported record (one with a
    /// `source`) that no schedule accounts for, of the occurrence's kind and amount, dated
    /// within `StatementImport.matchWindow` days of its due day or of its day, gains the
    /// occurrence's mark instead (the nearest date first, then the lowest ID), and the run
    /// says so (`ScheduleRun.Item.isLinked`).
    ///
    /// - Parameter limit: at most this many occurrences per schedule; the rest stay due
    ///   (`ScheduleRun.unfinished`).
    /// - Throws: `BudgetError.idSpaceExhausted`; nothing is recorded then.
    @discardableResult
    public mutating func recordDueOccurrences(through day: Day, limit: Int = 100_000) throws -> ScheduleRun {
        var draft = self
        let run = draft.recording(through: day, limit: limit, dryRun: false)
        var incomes = draft.incomes, expenses = draft.expenses, transfers = draft.transfers
        var items = run.items
        let byID = Dictionary(schedules.map { ($0.id, $0.schedule) }, uniquingKeysWith: { first, _ in first })
        var linkable = Self.linkable(
            incomes: incomes.records, expenses: expenses.records,
            amounts: Set(items.filter { !$0.isSkipped }.map(\.amount)))
        let context = InputContext(money: moneyFormat, today: Day.epoch, defaultCategory: defaultExpenseCategory)
        let members = MemberCheck(self)
        for index in items.indices where !items[index].isSkipped {
            let item = items[index]
            guard let schedule = byID[item.scheduleID] else { continue }
            let mark = ScheduleMark(id: item.scheduleID, due: item.due).description
            if let position = Self.takeLinkable(
                &linkable, kind: item.kind, amount: item.amount, days: [item.due.dayNumber, item.day.dayNumber]) {
                switch item.kind {
                case .income:
                    incomes.records[position].schedule = mark
                    items[index].recordID = incomes.records[position].id
                case .expense:
                    expenses.records[position].schedule = mark
                    items[index].recordID = expenses.records[position].id
                case .transfer:
                    continue
                }
                items[index].isLinked = true
                continue
            }
            // The record is made of the schedule's values by the fields' declarations, as an
            // import fills a row: a field the schedule leaves out takes what stands in for it.
            // An owned account's occurrence is paid by its owner (`MemberCheck`).
            func occurrence<Record: BaseModel>(_ id: String) throws -> Record {
                var record = try Record.schema.make(id: id, schedule.values, context)
                record.date = item.day
                record.schedule = mark
                return try record.checkedMembers(members)
            }
            switch item.kind {
            case .income: items[index].recordID = try incomes.add { id in try occurrence(id) as Income }.id
            case .expense: items[index].recordID = try expenses.add { id in try occurrence(id) as Expense }.id
            case .transfer: items[index].recordID = try transfers.add { id in try occurrence(id) as Transfer }.id
            }
        }
        draft.incomes = incomes
        draft.expenses = expenses
        draft.transfers = transfers
        var result = ScheduleRun(items: items, unfinished: run.unfinished)
        result.limitWarnings = draft.limitWarnings(since: self)
        self = draft
        return result
    }

    /// An imported record no schedule accounts for: where it is, its ID and its day.
    private struct Linkable {
        var position: Int
        var id: String
        var day: Int
    }

    /// The imported records no schedule accounts for, of the amounts given, by kind and amount.
    private static func linkable(
        incomes: RecordList<Income>, expenses: RecordList<Expense>, amounts: Set<Int>
    ) -> [RecordKind: [Int: [Linkable]]] {
        guard !amounts.isEmpty else { return [:] }
        var result: [RecordKind: [Int: [Linkable]]] = [:]
        func collect<Record: BaseModel>(_ records: RecordList<Record>) {
            var byAmount: [Int: [Linkable]] = [:]
            for position in records.indices
            where records[position].source != nil && records[position].schedule == nil
                && amounts.contains(records[position].amount) {
                byAmount[records[position].amount, default: []].append(Linkable(
                    position: position, id: records[position].id, day: records[position].date.dayNumber))
            }
            if !byAmount.isEmpty { result[Record.kind] = byAmount }
        }
        collect(incomes)
        collect(expenses)
        return result
    }

    /// Takes the imported record nearest to the days (within `StatementImport.matchWindow`),
    /// then of the lowest ID, out of `linkable`; its position.
    private static func takeLinkable(
        _ linkable: inout [RecordKind: [Int: [Linkable]]], kind: RecordKind, amount: Int, days: [Int]
    ) -> Int? {
        guard let candidates = linkable[kind]?[amount], !candidates.isEmpty else { return nil }
        var best: (offset: Int, distance: Int, id: String)?
        for (offset, candidate) in candidates.enumerated() {
            let distance = days.map { abs($0 - candidate.day) }.min() ?? Int.max
            guard distance <= StatementImport.matchWindow else { continue }
            if best.map({ (distance, candidate.id) < ($0.distance, $0.id) }) ?? true {
                best = (offset, distance, candidate.id)
            }
        }
        guard let best else { return nil }
        linkable[kind]?[amount]?.remove(at: best.offset)
        return candidates[best.offset].position
    }

    /// When `recur.auto` is on, records what is due through `day` as an undo step of its own,
    /// so that the change that follows in the same transaction is another step: `undo` then
    /// takes back that change, not the rent recorded before it.
    ///
    /// What cannot be recorded (totals that would overflow, no IDs left) does not stop the
    /// change that follows, which may be the one that fixes it (pausing or editing the
    /// schedule): nothing is recorded then, and `ScheduleRun.notRecorded` says why.
    ///
    /// - Returns: what was recorded (empty when `recur.auto` is off or nothing was due).
    @discardableResult
    public mutating func recordDueOccurrencesFirst(through day: Day) -> ScheduleRun {
        guard self[settings: RecurKeys.self][RecurKeys.auto].isOn, !schedules.isEmpty else { return ScheduleRun() }
        let before = self
        var draft = self
        do {
            let run = try draft.recordDueOccurrences(through: day)
            guard !run.isEmpty else { return run }
            try draft.checkTotals(since: before)
            draft.describeChange(Self.summary(of: run))
            draft.recordStep(since: before)
            self = draft
            return run
        } catch {
            var run = ScheduleRun()
            run.notRecorded = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
            return run
        }
    }

    /// `record 2 scheduled occurrences (家賃, Salary)`, the history's name for a run.
    public static func summary(of run: ScheduleRun) -> String {
        let recorded = run.recorded.count, skipped = run.items.count - recorded
        var parts: [String] = []
        if recorded > 0 {
            var names: [String] = []
            for item in run.recorded where !names.contains(item.name) { names.append(item.name) }
            let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
            parts.append("record \(recorded) scheduled occurrence\(recorded == 1 ? "" : "s") (\(shown))")
        }
        if skipped > 0 { parts.append("pass \(skipped) skipped") }
        return parts.joined(separator: ", ")
    }

    /// Works out the run, marking each schedule recorded through its last occurrence; the
    /// records are made by the caller.
    private mutating func recording(through day: Day, limit: Int, dryRun: Bool) -> ScheduleRun {
        var run = ScheduleRun()
        var settings = self[settings: RecurKeys.self]
        for entry in settings.schedules where !entry.schedule.isPaused {
            let pending = entry.schedule.pending(through: day, limit: limit)
            guard let last = pending.last else { continue }
            if pending.count == limit, entry.schedule.pending(through: day, limit: limit + 1).count > limit {
                run.unfinished.append(entry.id)
            }
            var schedule = entry.schedule
            for occurrence in pending {
                run.items.append(ScheduleRun.Item(
                    scheduleID: entry.id, kind: schedule.kind, recordID: nil, due: occurrence.due, day: occurrence.day,
                    name: schedule.name, amount: schedule.amount, isSkipped: schedule.skipped.contains(occurrence.due)))
            }
            schedule.recordedThrough = last.due
            schedule.skipped.removeAll { !(last.due < $0) }
            if let covered = schedule.coveredThrough, !(last.due < covered) { schedule.coveredThrough = nil }
            if !dryRun { settings[RecurKeys.schedule(entry.id)] = schedule }
        }
        run.items.sort { ($0.day, $0.scheduleID, $0.due) < ($1.day, $1.scheduleID, $1.due) }
        if !dryRun { self[settings: RecurKeys.self] = settings }
        return run
    }

    // MARK: Helpers

    /// Changes every schedule for which `change` returns `true` (a category or tag renamed).
    mutating func updateSchedules(_ change: (inout Schedule) -> Bool) {
        var settings = self[settings: RecurKeys.self]
        for entry in settings.schedules {
            var schedule = entry.schedule
            if change(&schedule) { settings[RecurKeys.schedule(entry.id)] = schedule }
        }
        self[settings: RecurKeys.self] = settings
    }

    private static func timingDiffers(_ old: Recurrence, _ new: Recurrence) -> Bool {
        old.interval != new.interval || old.unit != new.unit || old.anchor != new.anchor || old.start != new.start
    }

    /// The last day of the month, week (Monday to Sunday), year or day that holds `day`.
    private static func end(of unit: Recurrence.Unit, containing day: Day) -> Day {
        switch unit {
        case .day: return day
        case .week: return day.advanced(byDays: 7 - Weekday(of: day).rawValue) ?? day
        case .month:
            return Day(year: day.year, month: day.month, day: Day.daysInMonth(year: day.year, month: day.month)) ?? day
        case .year: return Day(year: day.year, month: 12, day: 31) ?? day
        }
    }
}
