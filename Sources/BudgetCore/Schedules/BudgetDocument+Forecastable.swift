extension BudgetDocument {
    /// The most occurrences a schedule has in the longest forecast: one a day for
    /// `Forecast.longestMonths` budget months of at most 31 days.
    static let mostForecastOccurrences = Forecast.longestMonths * 31

    /// What the longest forecast may still add: `Int.max` less the records' amounts by size
    /// (incomes and expenses together: a balance adds one and takes the other, and a refund
    /// takes from the expenses), the limits over the forecast's months and every schedule's
    /// amount counted once a day over them (but the one with ID `excluded`); `nil` when those
    /// are more than `Int.max` already. Every total a forecast adds up is within them.
    private func forecastRoom(excluding excluded: String? = nil) -> Int? {
        var taken = 0
        func take(_ amount: Int) -> Bool {
            let (sum, overflow) = taken.addingReportingOverflow(amount)
            taken = sum
            return !overflow
        }
        func size(_ amount: Int) -> Int { amount == Int.min ? Int.max : abs(amount) }
        for income in incomes.records where !take(size(income.amount)) { return nil }
        for expense in expenses.records where !take(size(expense.amount)) { return nil }
        let limits = self[settings: BudgetKeys.self].limits.reduce(0) { total, entry in
            let (sum, overflow) = total.addingReportingOverflow(max(0, entry.limit.amount))
            return overflow ? Int.max : sum
        }
        let (planned, overflow) = min(limits, Self.maximumLimit).multipliedReportingOverflow(by: Forecast.longestMonths)
        guard !overflow, take(planned) else { return nil }
        for entry in schedules where entry.id != excluded {
            let (scheduled, over) = size(entry.schedule.amount).multipliedReportingOverflow(
                by: Self.mostForecastOccurrences)
            guard !over, take(scheduled) else { return nil }
        }
        return Int.max - taken
    }

    /// Checks that the longest forecast stays computable with `schedule` among the schedules
    /// (in place of the one with ID `replaced`). A schedule that broke it was taken, and every
    /// forecast and report then failed ("the total is too large to compute").
    ///
    /// - Throws: `ScheduleError.amountTooLarge`, saying the most the schedule may be.
    func checkForecastable(_ schedule: Schedule, replacing replaced: String?) throws(ScheduleError) {
        guard schedule.kind != .transfer else { return }
        let room = (forecastRoom(excluding: replaced) ?? 0) / Self.mostForecastOccurrences
        let size = schedule.amount == Int.min ? Int.max : abs(schedule.amount)
        guard size > room else { return }
        throw .amountTooLarge(kind: schedule.kind, largest: moneyFormat.display(room))
    }

    /// Whether the longest forecast of the budget's schedules stays computable: `nil` when it
    /// does (or there are no schedules), else why not, as `check` says it.
    public var unforecastableSchedules: String? {
        guard !schedules.isEmpty, forecastRoom() == nil else { return nil }
        return "the schedules, counted over the longest forecast (\(Forecast.longestMonths) months), with the "
            + "records and the limits add up to more than budget can compute: 'budget forecast' and reports fail "
            + "until a schedule's amount or a record is changed"
    }

    /// Checks that a change left the longest forecast of the schedules computable when it was
    /// before (`wasForecastable`, asked before the change: a copy of the document kept instead
    /// would make the change copy its records); a budget already past it keeps taking changes.
    /// A record beside a schedule can break it as well as a schedule can.
    ///
    /// - Throws: `ScheduleError.forecastTooLarge`.
    public func checkStillForecastable(_ wasForecastable: Bool) throws(ScheduleError) {
        if wasForecastable, unforecastableSchedules != nil { throw .forecastTooLarge }
    }
}
