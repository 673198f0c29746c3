import XCTest
@testable import BudgetCore

/// Schedules in the core: their text (exact round trip, strict refusal), runs that record each
/// occurrence once, edits that neither repeat nor lose a period, automatic recording as an
/// undo step of its own, and the forecast against hand-calculated figures.
final class ScheduleTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text)! }

    private func rent(from start: String = "2026-09-25", weekend: WeekendRule = .keep) throws -> Schedule {
        try Schedule(
            kind: .expense, name: "家賃", amount: 80_000, category: "住居", tags: ["home"], note: "a;b%c",
            recurrence: Recurrence(.month, on: .dayOfMonth(25), from: day(start), weekend: weekend))
    }

    func testText_RoundTripsExactlyAndRefusesAnyOtherSpelling() throws {
        var schedule = try rent(weekend: .before)
        schedule.recordedThrough = day("2026-10-25")
        schedule.skipped = [day("2026-12-25")]
        schedule.isPaused = true
        let text = schedule.settingText
        XCTAssertEqual(
            text,
            "kind=expense;name=家賃;amount=80000;category=住居;tag=home;note=a%3Bb%25c;"
                + "every=1 month;on=25;from=2026-09-25;weekend=before;paused;through=2026-10-25;skip=2026-12-25")
        XCTAssertEqual(try Schedule(settingText: text), schedule)
        for wrong in [
            text.replacingOccurrences(of: "on=25", with: "on=025"),
            text.replacingOccurrences(of: ";paused", with: ""),  // reads, but is another schedule: checked below
            text.replacingOccurrences(of: "every=1 month", with: "every=month"),
            text.replacingOccurrences(of: "weekend=before;", with: "weekend=keep;"),
            text + ";skip=2026-12-25",
            text.replacingOccurrences(of: "kind=expense;", with: "kind=income;"),
            text.replacingOccurrences(of: "amount=80000", with: "amount=-1"),
            "kind=expense;name=x;amount=1;every=1 year;on=30;from=2026-01-01",
            "kind=expense;name=x;amount=1;every=0 month;from=2026-01-01",
            text + ";bogus=1",
        ] {
            let read = Schedule(stored: .string(wrong))
            if wrong == text.replacingOccurrences(of: ";paused", with: "") {
                XCTAssertEqual(read?.isPaused, false)
            } else {
                XCTAssertNil(read, wrong)
            }
        }
    }

    func testRun_RecordsEachOccurrenceOnceAndDeletedOnesStayDeleted() throws {
        var document = BudgetDocument()
        let id = try document.addSchedule(try rent(weekend: .before))
        XCTAssertEqual(id, "00000001")
        let run = try document.recordDueOccurrences(through: day("2026-11-24"))
        // 2026-10-25 is a Sunday: the record is dated the Friday before and marked by its due day.
        XCTAssertEqual(run.recorded.map(\.day.iso), ["2026-09-25", "2026-10-23"])
        XCTAssertEqual(document.expenses.records.map(\.schedule), ["00000001@2026-09-25", "00000001@2026-10-25"])
        XCTAssertTrue(try document.recordDueOccurrences(through: day("2026-11-24")).isEmpty)
        try document.expenses.remove(ids: ["00000002"])
        XCTAssertTrue(
            try document.recordDueOccurrences(through: day("2026-11-30")).recorded.map(\.due.iso) == ["2026-11-25"])
        XCTAssertEqual(document.expenses.count, 2)
    }

    func testEdit_PassesOverTheRecordedPeriodOnlyAndKeepsTheRealLastRecorded() throws {
        var document = BudgetDocument()
        let id = try document.addSchedule(try rent())
        try document.recordDueOccurrences(through: day("2026-11-26"))
        var edited = try document.schedule(id: id).schedule
        edited.recurrence = try Recurrence(.month, on: .dayOfMonth(27), from: day("2026-09-25"))
        let saved = try document.editSchedule(id: id, to: edited)
        XCTAssertEqual(saved.recordedThrough, day("2026-11-25"))
        XCTAssertEqual(saved.coveredThrough, day("2026-11-30"))
        XCTAssertEqual(saved.next?.due, day("2026-12-27"))
        // A yearly slip and its correction: back to monthly, December stays due.
        var yearly = saved
        yearly.recurrence = try Recurrence(.year, from: day("2026-09-25"))
        _ = try document.editSchedule(id: id, to: yearly)
        let back = try document.editSchedule(id: id, to: saved)
        XCTAssertEqual(back.next?.due, day("2026-12-27"))
        XCTAssertEqual(
            try document.recordDueOccurrences(through: day("2026-12-31")).recorded.map(\.due.iso), ["2026-12-27"])
        XCTAssertNil(try document.schedule(id: id).schedule.coveredThrough, "passed once its period is recorded")
    }

    func testSchedulingStore_RecordsWhatIsDueAsAnUndoStepOfItsOwn() throws {
        var start = BudgetDocument()
        try start.addSchedule(try rent(from: "2026-11-25"))
        let store = SchedulingStore(base: InMemoryStore(start), today: { Day(iso: "2026-11-26")! })
        try store.transaction { document in
            _ = try document.addExpense(name: "Coffee", amount: 500, date: Day(iso: "2026-11-26")!)
        }
        var document = try store.load()
        XCTAssertEqual(document.expenses.records.map(\.name), ["家賃", "Coffee"])
        XCTAssertEqual(
            document.history.entries.map(\.summary),
            ["record 1 scheduled occurrence (家賃)", "add expense 00000002 (Coffee)"])
        XCTAssertEqual(try document.undoLastChange().summary, "add expense 00000002 (Coffee)")
        XCTAssertEqual(document.expenses.records.map(\.name), ["家賃"])
        // Reading records nothing.
        let later = SchedulingStore(base: InMemoryStore(try store.load()), today: { Day(iso: "2027-03-01")! })
        XCTAssertEqual(try later.load().expenses.count, 2)
    }

    /// A schedule is refused whose amount the longest forecast could not add up (it was taken, and
    /// every forecast and report failed after it); one just within the bound forecasts.
    func testSchedule_TooLargeToForecastIsRefused_AndTheMostItMayBeForecasts() throws {
        var document = BudgetDocument()
        try document.expenses.add { Expense(id: $0, name: "x", amount: 1_000, date: day("2026-11-01")) }
        try document.setLimit(5_000, for: "food")
        func schedule(_ amount: Int) throws -> Schedule {
            try Schedule(
                kind: .expense, name: "big", amount: amount, category: "food",
                recurrence: Recurrence(.day, from: day("2026-12-01")))
        }
        let room = (Int.max - 1_000 - 5_000 * Forecast.longestMonths) / BudgetDocument.mostForecastOccurrences
        XCTAssertThrowsError(try document.addSchedule(try schedule(Int.max))) { error in
            guard case .amountTooLarge(.expense, let largest)? = error as? ScheduleError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(largest, document.moneyFormat.display(room))
        }
        XCTAssertThrowsError(try document.addSchedule(try schedule(room + 1)))
        let id = try document.addSchedule(try schedule(room))
        let forecast = try Forecast(document: document, today: day("2026-11-15"), months: Forecast.longestMonths)
        XCTAssertEqual(forecast.months.count, Forecast.longestMonths)
        XCTAssertThrowsError(try document.editSchedule(id: id, to: try schedule(room + 1)), "an edit is held to it too")
        XCTAssertNoThrow(try document.editSchedule(id: id, to: try schedule(room)))
        XCTAssertThrowsError(try document.addSchedule(try schedule(1)), "the room is taken")
        var income = try schedule(1)
        income.kind = .income
        income.category = nil
        XCTAssertThrowsError(try document.addSchedule(income), "incomes share the room: a balance adds both")
        XCTAssertNil(document.unforecastableSchedules)
        // A record beside the schedules takes from the room as a schedule does: a store refuses
        // the change that breaks it (a refund of 10^18 made the forecast fail), and `check` says
        // it of a file that holds it.
        let today = day("2026-11-15")
        let store = SchedulingStore(base: InMemoryStore(document), today: { today })
        XCTAssertThrowsError(try store.transaction { document in
            try document.expenses.add {
                Expense(id: $0, name: "back", amount: -1_000_000_000_000_000_000, date: self.day("2026-11-01"))
            }
        }) { XCTAssertEqual($0 as? ScheduleError, .forecastTooLarge) }
        XCTAssertEqual(try store.load(), document, "nothing changed")
        try document.expenses.add {
            Expense(id: $0, name: "back", amount: -1_000_000_000_000_000_000, date: self.day("2026-11-01"))
        }
        XCTAssertNotNil(document.unforecastableSchedules)
    }

    /// Refunds before the forecast that add up to `Int.min` (a hand-edited file, which `check`
    /// reports) are a total too large to compute, not a crash: their sum was negated.
    func testForecast_RefundsAddingUpToTheSmallestIntegerAreAnErrorNotACrash() throws {
        var document = BudgetDocument()
        for day in ["2026-10-01", "2026-10-02"] {
            try document.expenses.add { Expense(id: $0, name: "r", amount: Int.min / 2, date: self.day(day)) }
        }
        XCTAssertThrowsError(try Forecast(document: document, today: day("2026-11-15"), months: 3)) { error in
            XCTAssertEqual(error as? BudgetError, .totalOverflow)
        }
    }

    func testForecast_MatchesAHandCalculationOverPaydayMonths() throws {
        var document = BudgetDocument()
        document[settings: PeriodKeys.self][PeriodKeys.monthStart] = try MonthStartDay(settingText: "25")
        _ = try document.addIncome(name: "Salary", amount: 300_000, date: day("2026-10-25"))
        _ = try document.addExpense(name: "Lunch", amount: 12_000, category: "食費", date: day("2026-11-10"))
        _ = try document.addExpense(name: "Old", amount: 5_000, category: "食費", date: day("2026-10-01"))
        try document.setLimit(40_000, for: "食費")
        try document.addSchedule(try rent(from: "2026-11-25"))
        try document.addSchedule(
            try Schedule(
                kind: .income, name: "Salary", amount: 300_000,
                recurrence: Recurrence(.month, on: .dayOfMonth(25), from: day("2026-11-25"))))
        let paused = try document.addSchedule(
            try Schedule(
                kind: .expense, name: "Gym", amount: 9_000, category: "fun",
                recurrence: Recurrence(.month, from: day("2026-11-01"))))
        try document.pauseSchedule(id: paused)
        let forecast = try Forecast(document: document, today: day("2026-11-20"), months: 2)
        // Budget months run from the 25th: 2026-11 is 10-25 … 11-24, 2026-12 is 11-25 … 12-24.
        XCTAssertEqual(forecast.months.map(\.period.name), ["2026-11", "2026-12"])
        XCTAssertEqual(forecast.openingBalance, -5_000, "the expense of 10-01 is before the first month")
        XCTAssertEqual([forecast.openingIncome, forecast.openingExpenses, forecast.openingScheduled], [0, 5_000, 0])
        let november = forecast.months[0], december = forecast.months[1]
        XCTAssertTrue(november.isCurrent)
        XCTAssertEqual(
            [november.recordedIncome, november.recordedExpenses, november.scheduledIncome, november.scheduledExpenses],
            [300_000, 12_000, 0, 0])
        XCTAssertEqual(november.planned.map(\.unspent), [28_000])
        XCTAssertEqual(november.balance, 300_000 - 12_000 - 28_000)
        XCTAssertEqual(november.projectedBalance, -5_000 + 260_000)
        XCTAssertEqual(december.scheduled.map(\.name), ["家賃", "Salary"])
        XCTAssertEqual(
            [december.scheduledIncome, december.scheduledExpenses, december.plannedSpending], [300_000, 80_000, 40_000])
        XCTAssertEqual(december.projectedBalance, 255_000 + 300_000 - 80_000 - 40_000)
    }
}
