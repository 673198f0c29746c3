/// A store whose every change first records what schedules have due (when `recur.auto` is
/// on): the occurrences due up to today are recorded, as an undo step of their own, inside
/// the same transaction and under the same lock as the change that follows. A household that
/// never runs `recur run` from cron still gets its rent recorded by its next change.
///
/// Reading (`load`) never writes. Changes that must not record anything (an undo, clearing
/// the history, a restore, `recur run` itself) use the wrapped store directly.
public struct SchedulingStore: DataProtocol {
    /// The store changes are made in.
    public let base: any DataProtocol
    /// The day occurrences are recorded through (today).
    public let today: @Sendable () -> Day
    /// Told what was recorded (or why nothing could be), once the transaction has been saved.
    public let recorded: @Sendable (ScheduleRun, MoneyFormat) -> Void

    /// A store over `base` that records due occurrences through `today()` before each change.
    public init(
        base: any DataProtocol, today: @escaping @Sendable () -> Day = { Day.today() },
        recorded: @escaping @Sendable (ScheduleRun, MoneyFormat) -> Void = { _, _ in }
    ) {
        self.base = base
        self.today = today
        self.recorded = recorded
    }

    /// The wrapped store's document.
    public func load() throws -> BudgetDocument {
        try base.load()
    }

    /// The wrapped store's document with the fields in `fields` left blank, if it can.
    public func load(skipping fields: Set<String>) throws -> BudgetDocument {
        try base.load(skipping: fields)
    }

    /// The wrapped store's document with the fields in `fields` left blank but in the records
    /// `whole` names, if it can.
    public func load(
        skipping fields: Set<String>, readingWhole whole: (BudgetDocument) throws -> [RecordReference]
    ) throws -> BudgetDocument {
        try base.load(skipping: fields, readingWhole: whole)
    }

    /// Records what is due, then runs `change`, in one transaction of the wrapped store.
    public func transaction<Result>(_ change: (inout BudgetDocument) throws -> Result) throws -> Result {
        var run = ScheduleRun()
        var money = MoneyFormat(currency: nil)
        let result = try base.transaction { document in
            run = document.recordDueOccurrencesFirst(through: today())
            money = document.moneyFormat
            let wasForecastable = document.unforecastableSchedules == nil
            let result = try change(&document)
            try document.checkStillForecastable(wasForecastable)
            return result
        }
        if !run.isEmpty || run.notRecorded != nil { recorded(run, money) }
        return result
    }
}
