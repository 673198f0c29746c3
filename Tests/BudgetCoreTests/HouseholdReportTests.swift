import XCTest
@testable import BudgetCore

/// `HouseholdReport` (issue #31), against figures worked out by hand: the months it draws, the
/// months the forecast plans, what is left per day, accounts at each month's end, and a
/// settlement that cannot be made.
final class HouseholdReportTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text) ?? .epoch }

    /// Salary ¥300,000 on the 20th and rent ¥80,000 on the 1st, June to November 2026; food
    /// ¥12,000 on 2026-11-10 and ¥3,000 on 2026-12-05 (a record after today, 2026-11-24).
    private func budget() throws -> BudgetDocument {
        var document = BudgetDocument()
        for month in 6...11 {
            let name = month < 10 ? "0\(month)" : "\(month)"
            try document.addIncome(name: "給与", amount: 300_000, date: day("2026-\(name)-20"))
            try document.addExpense(name: "家賃", amount: 80_000, category: "住居", date: day("2026-\(name)-01"))
        }
        try document.addExpense(name: "スーパー", amount: 12_000, category: "食費", date: day("2026-11-10"))
        try document.addExpense(name: "スーパー", amount: 3_000, category: "食費", date: day("2026-12-05"))
        return document
    }

    /// Adds rent (住居) of `amount` on `date`, with the fields `more` sets.
    private func addRent(
        _ amount: Int, on date: String, to document: inout BudgetDocument, _ more: (inout RecordValues) -> Void
    ) throws {
        var values = RecordValues()
        values["name"] = .text("家賃")
        values["amount"] = .amount(amount)
        values["category"] = .text("住居")
        values["date"] = .day(day(date))
        more(&values)
        try document.add(Expense.self, values)
    }

    private var november: BudgetPeriod { BudgetCalendar.calendarMonths.period(containing: day("2026-11-01")) }

    func testAMonthThatHoldsToday_DrawsFiveMonthsBeforeItAndThreePlannedAfter() throws {
        let report = try HouseholdReport(document: budget(), span: .month(november), today: day("2026-11-24"))
        XCTAssertEqual(report.months.map(\.name), [
            "2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11", "2026-12", "2027-01", "2027-02",
        ])
        XCTAssertEqual(report.months.map(\.isPlanned), [false, false, false, false, false, false, true, true, true])
        XCTAssertEqual(report.months.filter(\.isCurrent).map(\.name), ["2026-11"])
        let current = try XCTUnwrap(report.months.first { $0.name == "2026-11" })
        XCTAssertEqual([current.income, current.expenses, current.balance], [300_000, 92_000, 208_000])
        // The summary is the month's, as `summary` adds it up; the table covers the months drawn.
        XCTAssertEqual([report.summary.income, report.summary.expenses], [300_000, 92_000])
        XCTAssertEqual(
            report.table?.periods.map(\.name), ["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"])
        XCTAssertEqual(report.table?.rows.map(\.name), ["住居", "食費"])
        XCTAssertEqual([report.monthsLeftOut, report.tableMonthsLeftOut], [0, 0])
        // Against October up to the same day: spending 80,000 then, 92,000 now.
        XCTAssertEqual(report.comparison?.expenses.difference, 12_000)
    }

    func testAPastMonth_PlansNothingAndHasNoPace() throws {
        let october = BudgetCalendar.calendarMonths.period(containing: day("2026-10-01"))
        let report = try HouseholdReport(document: budget(), span: .month(october), today: day("2026-11-24"))
        XCTAssertEqual(report.months.last?.name, "2026-10")
        XCTAssertFalse(report.months.contains(where: \.isPlanned))
        XCTAssertNil(report.pace)
        XCTAssertEqual(report.upcoming, [])
    }

    func testPace_IsWhatIsLeftOfTheIncomeOrTheTotalLimitOverTheDaysToGo() throws {
        var document = try budget()
        // 2026-11-24 to 2026-11-30: 7 days. Income 300,000 less 92,000 = 208,000; 29,714 a day.
        var report = try HouseholdReport(document: document, span: .month(november), today: day("2026-11-24"))
        XCTAssertEqual(report.pace, HouseholdReport.Pace(basis: .income, left: 208_000, days: 7, perDay: 29_714))
        // A total limit of 90,000: 2,000 spent past it, nothing left per day.
        try document.setSetting(try SettingsCatalog.key(toSet: "budget.total-limit"), to: "90000")
        report = try HouseholdReport(document: document, span: .month(november), today: day("2026-11-24"))
        XCTAssertEqual(report.pace, HouseholdReport.Pace(basis: .totalLimit, left: -2_000, days: 7, perDay: 0))
        XCTAssertEqual(report.limits.map(\.spent), [92_000])
    }

    func testAYear_DrawsItsMonthsPlansThoseToComeAndComparesWithTheYearBefore() throws {
        let report = try HouseholdReport(document: budget(), span: .year(2026), today: day("2026-11-24"))
        XCTAssertEqual(report.months.first?.name, "2026-01")
        XCTAssertEqual(report.months.filter { !$0.isPlanned }.count, 11, "January to November are recorded")
        XCTAssertEqual(report.months.filter(\.isPlanned).map(\.name), ["2026-12"], "December is to come")
        XCTAssertEqual(report.table?.periods.count, 11, "the table's months are those recorded")
        XCTAssertEqual(report.summary.expenses, 6 * 80_000 + 12_000 + 3_000, "December's record too")
        XCTAssertEqual(report.comparison?.comparedPeriod, .year(2025))
        XCTAssertNil(report.pace, "what is left per day is a month's")
    }

    func testALongPeriod_DrawsItsLastTwoYearsAndTabulatesItsLastYear() throws {
        let report = try HouseholdReport(
            document: budget(), span: .days(from: day("2022-01-01"), to: day("2026-10-31")), today: day("2026-11-24"))
        XCTAssertEqual(report.months.count, 24)
        XCTAssertEqual(report.months.first?.name, "2024-11")
        XCTAssertEqual(report.monthsLeftOut, 34)
        XCTAssertEqual(report.table?.periods.first?.name, "2025-11")
        XCTAssertEqual(report.tableMonthsLeftOut, 12)
        XCTAssertFalse(report.months.contains(where: \.isPlanned), "a period over before today plans nothing")
    }

    func testDaysThatHoldToday_PlanNoMonthAfterThem_AndAPeriodToComeComparesNothing() throws {
        let days = try HouseholdReport(
            document: budget(), span: .days(from: day("2026-09-01"), to: day("2026-11-30")), today: day("2026-11-24"))
        XCTAssertEqual(days.months.map(\.name), ["2026-09", "2026-10", "2026-11"])
        XCTAssertNotNil(days.comparison)
        let coming = try HouseholdReport(document: budget(), span: .year(2027), today: day("2026-11-24"))
        XCTAssertNil(coming.comparison, "nothing is recorded in a year to come")
        XCTAssertTrue(coming.months.allSatisfy(\.isPlanned))
        XCTAssertEqual(coming.months.count, 12)
    }

    func testAMonthToCome_IsPlannedAndHasNoTable() throws {
        let february = BudgetCalendar.calendarMonths.period(containing: day("2027-02-01"))
        let report = try HouseholdReport(document: budget(), span: .month(february), today: day("2026-11-24"))
        XCTAssertEqual(report.months.map(\.name), ["2026-09", "2026-10", "2026-11", "2026-12", "2027-01", "2027-02"])
        XCTAssertEqual(report.months.map(\.isPlanned), [false, false, false, true, true, true])
        XCTAssertEqual(report.table?.periods.map(\.name), ["2026-09", "2026-10", "2026-11"])
        XCTAssertNil(report.pace)
    }

    func testAccounts_AreTakenAtEachMonthsEndAndTodayForTheCurrentMonth() throws {
        var document = BudgetDocument()
        try document.addAccount(Account(name: "銀行", type: .bank, opening: 100_000, asOf: day("2026-10-01")))
        try addRent(30_000, on: "2026-10-05", to: &document) { $0["account"] = .optionalText("銀行") }
        try addRent(30_000, on: "2026-11-05", to: &document) { $0["account"] = .optionalText("銀行") }
        let report = try HouseholdReport(document: document, span: .month(november), today: day("2026-11-24"))
        XCTAssertEqual(report.accounts?.netWorth, 40_000)
        let points = report.netWorth.map { "\($0.month) \($0.day.iso) \($0.netWorth)" }
        XCTAssertEqual(points.suffix(2), ["2026-10 2026-10-31 70000", "2026-11 2026-11-24 40000"])
    }

    func testASettlementThatCannotBeMade_IsSaidNotThrown() throws {
        var document = try budget()
        try document.addMember("夫")
        try document.addMember("妻")
        _ = try document.setShare(of: "住居", to: .income)
        // Rent paid by 夫, shared by income, and no income received by a member.
        try addRent(80_000, on: "2026-11-02", to: &document) { $0["paid_by"] = .optionalText("夫") }
        let report = try HouseholdReport(document: document, span: .month(november), today: day("2026-11-24"))
        guard case .failure(let error)? = report.settlement else { return XCTFail("the settlement fails") }
        guard case .noIncome = error else { return XCTFail("\(error)") }
        let withoutMembers = try HouseholdReport(document: budget(), span: .month(november), today: day("2026-11-24"))
        XCTAssertNil(withoutMembers.settlement, "a budget without members has no members' section")
    }
}
