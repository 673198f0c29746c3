extension BudgetDocument {
    /// The most occurrences a schedule has in the longest forecast: one a day for
    /// `Forecast.longestMonths` budget months of at most 31 days.
    static let mostForecastOccurrences = Forecast.longestMonths * 31

    /// Checks that the longest forecast stays computable with `schedule` among the schedules
    /// (in place of the one with ID `replaced`): for its kind, the records' amounts by size,
    /// every schedule's amount counted once a day over the forecast's months and, for expenses,
    /// the limits over those months, add up to at most `Int.max`. A schedule that broke it was
    /// taken, and every forecast and report then failed ("the total is too large to compute").
    ///
    /// - Throws: `ScheduleError.amountTooLarge`, saying the most the schedule may be.
    func checkForecastable(_ schedule: Schedule, replacing replaced: String?) throws(ScheduleError) {
        let kind = schedule.kind
        guard kind != .transfer else { return }
        var taken = 0  // what the records, the other schedules and the limits take of Int.max
        func take(_ amount: Int) -> Bool {
            let (sum, overflow) = taken.addingReportingOverflow(amount)
            taken = overflow ? Int.max : sum
            return !overflow
        }
        func size(_ amount: Int) -> Int { amount == Int.min ? Int.max : abs(amount) }
        var fits = true
        if kind == .income {
            for income in incomes.records where !take(size(income.amount)) { fits = false }
        } else {
            for expense in expenses.records where !take(size(expense.amount)) { fits = false }
            let limits = self[settings: BudgetKeys.self].limits.reduce(0) { total, entry in
                let (sum, overflow) = total.addingReportingOverflow(max(0, entry.limit.amount))
                return overflow ? Int.max : sum
            }
            let (planned, overflow) = min(limits, Self.maximumLimit)
                .multipliedReportingOverflow(by: Forecast.longestMonths)
            if overflow || !take(planned) { fits = false }
        }
        for entry in schedules where entry.schedule.kind == kind && entry.id != replaced {
            let (scheduled, overflow) = size(entry.schedule.amount).multipliedReportingOverflow(
                by: Self.mostForecastOccurrences)
            if overflow || !take(scheduled) { fits = false }
        }
        let room = fits ? (Int.max - taken) / Self.mostForecastOccurrences : 0
        guard size(schedule.amount) > room else { return }
        throw .amountTooLarge(kind: kind, largest: moneyFormat.display(room))
    }
}
