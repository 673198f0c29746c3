import XCTest
@testable import BudgetCore

/// `BudgetCalendar`: the budget months `period.month-start` and `period.weekend` define, and
/// the reports that use them.
final class BudgetCalendarTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text)! }

    /// `name: start to end` of a period, for compact expectations.
    private func describe(_ period: BudgetPeriod?) -> String {
        guard let period else { return "none" }
        return "\(period.name): \(period.start) to \(period.end)"
    }

    private func named(_ name: String, _ calendar: BudgetCalendar) -> String {
        describe(calendar.period(named: name))
    }

    private func containing(_ text: String, _ calendar: BudgetCalendar) -> String {
        describe(calendar.period(containing: day(text)))
    }

    // MARK: Month start

    func testMonthStart1_IsTheCalendarMonths() {
        let calendar = BudgetCalendar()
        XCTAssertTrue(calendar.isCalendarMonths)
        XCTAssertEqual(named("2026-11", calendar), "2026-11: 2026-11-01 to 2026-11-30")
        XCTAssertEqual(named("2024-02", calendar), "2024-02: 2024-02-01 to 2024-02-29")
        XCTAssertEqual(named("2026-02", calendar), "2026-02: 2026-02-01 to 2026-02-28")
        XCTAssertEqual(containing("2026-12-31", calendar), "2026-12: 2026-12-01 to 2026-12-31")
        XCTAssertEqual(containing("2027-01-01", calendar), "2027-01: 2027-01-01 to 2027-01-31")
        XCTAssertTrue(calendar.period(containing: day("2026-11-15")).isCalendarMonth)
        XCTAssertEqual(calendar.period(containing: day("2026-11-15")).description, "2026-11")
        XCTAssertEqual(calendar.period(containing: day("2026-11-15")).range, DateRange.month(of: day("2026-11-15")))
        XCTAssertEqual(calendar.name(containing: day("2026-11-15")), "2026-11")
    }

    func testMonthStart25_IsNamedByTheMonthItEndsIn() {
        let calendar = BudgetCalendar(monthStart: 25)
        XCTAssertFalse(calendar.isCalendarMonths)
        XCTAssertEqual(named("2026-11", calendar), "2026-11: 2026-10-25 to 2026-11-24")
        XCTAssertEqual(containing("2026-10-25", calendar), "2026-11: 2026-10-25 to 2026-11-24")
        XCTAssertEqual(containing("2026-11-24", calendar), "2026-11: 2026-10-25 to 2026-11-24")
        XCTAssertEqual(containing("2026-11-25", calendar), "2026-12: 2026-11-25 to 2026-12-24")
        XCTAssertEqual(calendar.name(containing: day("2026-10-30")), "2026-11")
        XCTAssertEqual(calendar.period(containing: day("2026-11-01")).description, "2026-11 (2026-10-25 to 2026-11-24)")
        XCTAssertFalse(calendar.period(containing: day("2026-11-01")).isCalendarMonth)
    }

    func testMonthStart25_AcrossAYearBoundary() throws {
        let calendar = BudgetCalendar(monthStart: 25)
        XCTAssertEqual(containing("2026-12-25", calendar), "2027-01: 2026-12-25 to 2027-01-24")
        XCTAssertEqual(containing("2026-12-31", calendar), "2027-01: 2026-12-25 to 2027-01-24")
        XCTAssertEqual(containing("2027-01-24", calendar), "2027-01: 2026-12-25 to 2027-01-24")
        let january = try XCTUnwrap(calendar.period(named: "2027-01"))
        XCTAssertEqual(describe(calendar.period(before: january)), "2026-12: 2026-11-25 to 2026-12-24")
        XCTAssertEqual(describe(calendar.period(after: january)), "2027-02: 2027-01-25 to 2027-02-24")
        let november = try XCTUnwrap(calendar.period(named: "2026-11"))
        XCTAssertEqual(calendar.periods(from: november, count: 4).map(describe), [
            "2026-11: 2026-10-25 to 2026-11-24", "2026-12: 2026-11-25 to 2026-12-24",
            "2027-01: 2026-12-25 to 2027-01-24", "2027-02: 2027-01-25 to 2027-02-24",
        ])
        XCTAssertEqual(calendar.periods(from: november, count: 0), [])
    }

    func testMonthStart28_FebruaryInLeapAndCommonYears() {
        let calendar = BudgetCalendar(monthStart: 28)
        XCTAssertEqual(named("2024-03", calendar), "2024-03: 2024-02-28 to 2024-03-27", "29 days")
        XCTAssertEqual(named("2025-03", calendar), "2025-03: 2025-02-28 to 2025-03-27", "28 days")
        XCTAssertEqual(named("2024-02", calendar), "2024-02: 2024-01-28 to 2024-02-27")
        XCTAssertEqual(containing("2024-02-29", calendar), "2024-03: 2024-02-28 to 2024-03-27")
        XCTAssertEqual(containing("2025-02-27", calendar), "2025-02: 2025-01-28 to 2025-02-27")
        XCTAssertEqual(containing("2025-12-28", calendar), "2026-01: 2025-12-28 to 2026-01-27")
    }

    func testMonthStart_IsClampedTo1Through28() {
        XCTAssertEqual(BudgetCalendar(monthStart: 0).monthStart, 1)
        XCTAssertEqual(BudgetCalendar(monthStart: 31).monthStart, 28)
    }

    // MARK: Weekends

    func testWeekendBefore_MovesASundayStartToFriday() {
        // 2026-10-25 is a Sunday: 2026-11 starts on Friday 23rd, and 2026-10 ends the day before.
        let calendar = BudgetCalendar(monthStart: 25, weekend: .before)
        XCTAssertEqual(named("2026-11", calendar), "2026-11: 2026-10-23 to 2026-11-24", "two days longer")
        XCTAssertEqual(named("2026-10", calendar), "2026-10: 2026-09-25 to 2026-10-22", "two days shorter")
        XCTAssertEqual(containing("2026-10-23", calendar), "2026-11: 2026-10-23 to 2026-11-24")
        XCTAssertEqual(containing("2026-10-22", calendar), "2026-10: 2026-09-25 to 2026-10-22")
        // 2026-04-25 is a Saturday.
        XCTAssertEqual(named("2026-05", calendar), "2026-05: 2026-04-24 to 2026-05-24")
        XCTAssertFalse(calendar.isCalendarMonths)
    }

    func testWeekendAfter_MovesASaturdayOrSundayStartToMonday() {
        let calendar = BudgetCalendar(monthStart: 25, weekend: .after)
        XCTAssertEqual(named("2026-11", calendar), "2026-11: 2026-10-26 to 2026-11-24", "one day shorter")
        XCTAssertEqual(named("2026-10", calendar), "2026-10: 2026-09-25 to 2026-10-25", "one day longer")
        XCTAssertEqual(containing("2026-10-25", calendar), "2026-10: 2026-09-25 to 2026-10-25")
        XCTAssertEqual(named("2026-05", calendar), "2026-05: 2026-04-27 to 2026-05-24", "Saturday to Monday")
        XCTAssertEqual(named("2026-04", calendar), "2026-04: 2026-03-25 to 2026-04-26")
    }

    func testWeekendRule_WithMonthStart1KeepsTheNames() {
        // 2026-11-01 is a Sunday: with `after`, 2026-10 ends on 2026-11-01 and keeps its name.
        let after = BudgetCalendar(monthStart: 1, weekend: .after)
        XCTAssertEqual(named("2026-10", after), "2026-10: 2026-10-01 to 2026-11-01")
        XCTAssertEqual(named("2026-11", after), "2026-11: 2026-11-02 to 2026-11-30")
        XCTAssertEqual(containing("2026-11-01", after), "2026-10: 2026-10-01 to 2026-11-01")
        XCTAssertEqual(after.period(named: "2026-11")?.description, "2026-11 (2026-11-02 to 2026-11-30)")
        let before = BudgetCalendar(monthStart: 1, weekend: .before)
        XCTAssertEqual(named("2026-11", before), "2026-11: 2026-10-30 to 2026-11-30")
        XCTAssertEqual(named("2026-10", before), "2026-10: 2026-10-01 to 2026-10-29")
        XCTAssertTrue(BudgetCalendar(monthStart: 1, weekend: .keep).isCalendarMonths)
    }

    func testEveryDay_IsInExactlyOnePeriodAndPeriodsTouch() throws {
        for monthStart in [1, 2, 15, 25, 28] {
            for weekend in WeekendRule.allCases {
                let calendar = BudgetCalendar(monthStart: monthStart, weekend: weekend)
                var previous: BudgetPeriod?
                var current = day("2023-12-01")
                while current <= day("2025-03-31") {
                    let period = calendar.period(containing: current)
                    XCTAssertTrue(period.contains(current), "\(monthStart) \(weekend) \(current)")
                    if let previous, previous != period {
                        XCTAssertEqual(calendar.period(after: previous), period)
                        XCTAssertEqual(
                            previous.end.advanced(byDays: 1), period.start, "\(monthStart) \(weekend) \(current)")
                    }
                    XCTAssertEqual(calendar.period(named: period.name), period)
                    previous = period
                    current = try XCTUnwrap(current.advanced(byDays: 1))
                }
            }
        }
    }

    func testExtremes_TheFirstAndLastPeriodsReachTheEndsOfTheCalendar() throws {
        let calendar = BudgetCalendar(monthStart: 25, weekend: .before)
        XCTAssertEqual(containing("0001-01-01", calendar), "0001-01: 0001-01-01 to 0001-01-24")
        XCTAssertEqual(containing("9999-12-30", calendar), "9999-12: 9999-11-25 to 9999-12-31")
        let last = calendar.period(containing: day("9999-12-31"))
        XCTAssertNil(calendar.period(after: last))
        XCTAssertEqual(calendar.periods(from: last, count: 5).count, 1)
        XCTAssertNil(calendar.period(before: calendar.period(containing: day("0001-01-01"))))
        XCTAssertNil(calendar.period(named: "2026-13"))
        XCTAssertNil(calendar.period(named: "2026-1"))
        XCTAssertNil(calendar.period(year: 10_000, month: 1))
    }

    func testWholePeriodCount_CountsOnlyRangesOfWholePeriods() {
        let calendar = BudgetCalendar(monthStart: 25)
        XCTAssertEqual(calendar.wholePeriodCount(DateRange(from: day("2026-10-25"), to: day("2026-12-24"))), 2)
        XCTAssertNil(calendar.wholePeriodCount(DateRange(from: day("2026-11-01"), to: day("2026-11-30"))))
        XCTAssertNil(calendar.wholePeriodCount(DateRange(from: day("2026-10-25"), to: nil)))
        XCTAssertEqual(BudgetCalendar().wholePeriodCount(DateRange.year(2026) ?? .all), 12)
        XCTAssertEqual(
            calendar.periods(overlapping: DateRange(from: day("2026-11-20"), to: day("2026-11-30"))).map(\.name),
            ["2026-11", "2026-12"])
    }

    // MARK: Settings and reports

    private func payday() throws -> BudgetDocument {
        var document = BudgetDocument()
        try document.setSetting(try SettingsCatalog.key(toSet: "period.month-start"), to: "25")
        try document.setLimit(1000, for: "food")
        try document.addIncome(name: "Salary", amount: 300_000, date: day("2026-10-25"))
        try document.addExpense(name: "Lunch", amount: 900, category: "food", date: day("2026-11-24"))
        try document.addExpense(name: "Dinner", amount: 1200, category: "food", date: day("2026-11-25"))
        return document
    }

    func testSettings_MonthStartAndWeekendMakeTheDocumentsCalendar() throws {
        var document = BudgetDocument()
        XCTAssertEqual(document.budgetCalendar, BudgetCalendar.calendarMonths)
        let monthStart = try SettingsCatalog.key(toSet: "period.month-start")
        XCTAssertEqual(try document.setSetting(monthStart, to: "25").value, "25")
        try document.setSetting(try SettingsCatalog.key(toSet: "period.weekend"), to: "before")
        XCTAssertEqual(document.budgetCalendar, BudgetCalendar(monthStart: 25, weekend: .before))
        for text in ["0", "29", "abc", "", " 5", "+5", "025", "-1"] {
            XCTAssertThrowsError(try document.setSetting(monthStart, to: text), text) {
                XCTAssertEqual($0 as? ValueError, .invalidSetting(text, expected: "a day of the month from 1 to 28"))
            }
        }
        XCTAssertEqual(try document.setSetting(monthStart, to: "07").value, "7")
        XCTAssertEqual(MonthStartDay(stored: .int(29)), nil, "a file's 29 reads as the default")
        XCTAssertEqual(MonthStartDay(stored: .string("5")), nil)
    }

    func testSummary_GroupsAndLimitsByBudgetMonth() throws {
        let document = try payday()
        var query = RecordQuery()
        query.period = DateRange(from: day("2026-10-25"), to: day("2026-12-24"))
        let summary = try Summary(document: document, query: query)
        XCTAssertEqual(summary.months.map(\.month), ["2026-11", "2026-12"])
        XCTAssertEqual(summary.months.map(\.expenses), [900, 1200])
        XCTAssertEqual(summary.months.map(\.income), [300_000, 0])
        XCTAssertEqual(summary.categories.first?.limit, 2000, "two whole budget months")
        XCTAssertNil(summary.budgetPeriod)
        query.period = try XCTUnwrap(document.budgetCalendar.period(named: "2026-11")).range
        let november = try Summary(document: document, query: query)
        XCTAssertEqual(november.budgetPeriod?.name, "2026-11")
        XCTAssertEqual(november.categories.first?.limit, 1000)
        query.period = DateRange.month(of: day("2026-11-01"))
        XCTAssertNil(
            try Summary(document: document, query: query).categories.first?.limit,
            "a calendar month is not a budget month here")
    }

    func testLimitReportAndWarnings_UseTheBudgetMonth() throws {
        var document = try payday()
        let report = try LimitReport(document: document, month: day("2026-11-10"))
        XCTAssertEqual(describe(report.period), "2026-11: 2026-10-25 to 2026-11-24")
        XCTAssertEqual(report.month, day("2026-10-25"))
        XCTAssertEqual(report.rows.map(\.spent), [900])
        let next = try XCTUnwrap(document.budgetCalendar.period(named: "2026-12"))
        XCTAssertEqual(try LimitReport(document: document, period: next).rows.map(\.spent), [1200])
        XCTAssertEqual(try document.monthTotal(category: "food", month: day("2026-12-01")), 1200)
        XCTAssertEqual(document.monthlyLimits, ["food": 1000])

        let before = document
        try document.addExpense(name: "Cake", amount: 101, category: "food", date: day("2026-10-26"))
        let warnings = document.limitWarnings(since: before)
        XCTAssertEqual(warnings.map(\.month), ["2026-11"])
        XCTAssertEqual(warnings.first?.message(MoneyFormat(currency: Currency(code: "JPY"))),
                       "food is over its monthly limit for 2026-11 (2026-10-25 to 2026-11-24): ¥1,001 of ¥1,000")
    }
}
