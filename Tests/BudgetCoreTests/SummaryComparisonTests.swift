import XCTest
@testable import BudgetCore

/// `SummaryComparison` and the savings rate, against figures worked out by hand: across a
/// year boundary, over payday months, against an empty period, and up to today.
final class SummaryComparisonTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text)! }

    /// Calendar months from 2025-12 to 2027-01. By hand:
    ///
    /// | month | income | expenses | by category |
    /// |---|---|---|---|
    /// | 2026-01 | 290,000 | 75,000 | housing 75,000 |
    /// | 2026-11 | 0 | 5,000 | food 5,000 |
    /// | 2026-12 | 300,000 | 107,000 | housing 80,000, food 18,000, fun 9,000 (xmas 15,000) |
    /// | 2027-01 | 360,000 | 97,500 | housing 80,000, food 14,500, transport 3,000 |
    private func calendarBudget() throws -> BudgetDocument {
        var document = BudgetDocument()
        try document.addIncome(name: "Salary", amount: 290_000, date: day("2026-01-25"))
        try document.addExpense(name: "Rent", amount: 75_000, category: "housing", date: day("2026-01-20"))
        try document.addExpense(name: "Snack", amount: 5_000, category: "food", date: day("2026-11-30"))
        try document.addIncome(name: "Salary", amount: 300_000, date: day("2026-12-01"))
        try document.addExpense(name: "Rent", amount: 80_000, category: "housing", date: day("2026-12-05"))
        try document.addExpense(name: "Groceries", amount: 12_000, category: "food", date: day("2026-12-10"))
        try document.addExpense(name: "Gifts", amount: 9_000, category: "fun", date: day("2026-12-24"), tags: ["xmas"])
        try document.addExpense(name: "Party", amount: 6_000, category: "food", date: day("2026-12-31"), tags: ["xmas"])
        try document.addIncome(name: "Bonus", amount: 50_000, date: day("2027-01-02"))
        try document.addExpense(name: "Rent", amount: 80_000, category: "housing", date: day("2027-01-04"))
        try document.addIncome(name: "Salary", amount: 310_000, date: day("2027-01-05"))
        try document.addExpense(name: "Groceries", amount: 14_500, category: "food", date: day("2027-01-15"))
        try document.addExpense(name: "Train", amount: 3_000, category: "transport", date: day("2027-01-31"))
        return document
    }

    /// Months from the 25th, food limited to ¥20,000. By hand:
    ///
    /// | budget month | days | income | expenses |
    /// |---|---|---|---|
    /// | 2026-01 | 2025-12-25 to 2026-01-24 | 290,000 | 75,000 |
    /// | 2026-12 | 2026-11-25 to 2026-12-24 | 300,000 | 106,000 (food 17,000, housing 80,000, fun 9,000) |
    /// | 2027-01 | 2026-12-25 to 2027-01-24 | 310,000 | 102,500 (food 22,500, housing 80,000) |
    /// | 2027-02 | 2027-01-25 to 2027-02-24 | 0 | 7,000 |
    private func paydayBudget() throws -> BudgetDocument {
        var document = BudgetDocument()
        try document.setSetting(try SettingsCatalog.key(toSet: "period.month-start"), to: "25")
        try document.setLimit(20_000, for: "food")
        try document.addIncome(name: "Salary", amount: 290_000, date: day("2025-12-25"))
        try document.addExpense(name: "Rent", amount: 75_000, category: "housing", date: day("2026-01-20"))
        try document.addIncome(name: "Salary", amount: 300_000, date: day("2026-11-25"))
        try document.addExpense(name: "Snack", amount: 5_000, category: "food", date: day("2026-11-30"))
        try document.addExpense(name: "Rent", amount: 80_000, category: "housing", date: day("2026-12-05"))
        try document.addExpense(name: "Groceries", amount: 12_000, category: "food", date: day("2026-12-10"))
        try document.addExpense(name: "Gifts", amount: 9_000, category: "fun", date: day("2026-12-24"))
        try document.addIncome(name: "Salary", amount: 310_000, date: day("2026-12-25"))
        try document.addExpense(name: "Party", amount: 6_000, category: "food", date: day("2026-12-31"))
        try document.addExpense(name: "Rent", amount: 80_000, category: "housing", date: day("2027-01-04"))
        try document.addExpense(name: "Groceries", amount: 14_500, category: "food", date: day("2027-01-15"))
        try document.addExpense(name: "Snack", amount: 2_000, category: "food", date: day("2027-01-24"))
        try document.addExpense(name: "Snack", amount: 7_000, category: "food", date: day("2027-01-25"))
        return document
    }

    private func month(_ name: String, in document: BudgetDocument) throws -> SummaryComparison.Period {
        .month(try XCTUnwrap(document.budgetCalendar.period(named: name)))
    }

    private func compare(
        _ document: BudgetDocument, _ period: SummaryComparison.Period, _ basis: SummaryComparison.Basis,
        today: String = "2030-01-01", query: RecordQuery = RecordQuery(),
        groupings: Set<Summary.Grouping> = Set(Summary.Grouping.allCases)
    ) throws -> SummaryComparison {
        let comparison = try SummaryComparison(
            document: document, query: query, period: period, basis: basis, today: day(today), groupings: groupings)
        return try XCTUnwrap(comparison)
    }

    /// `amount/compared/difference/change` of a figure, for compact expectations.
    private func figure(_ change: SummaryComparison.Change) -> String {
        "\(change.amount)/\(change.compared)/\(change.difference)/\(change.percent?.description ?? "—")"
    }

    // MARK: Which period

    func testComparedPeriod_FollowsHowThePeriodWasAskedFor() throws {
        let calendar = BudgetCalendar()
        func compared(_ period: SummaryComparison.Period, _ basis: SummaryComparison.Basis) -> String {
            guard let other = SummaryComparison.period(
                comparedWith: period, basis: basis, in: calendar), let range = other.range else {
                return "none"
            }
            return range.description
        }
        let january = try XCTUnwrap(calendar.period(named: "2027-01"))
        XCTAssertEqual(compared(.month(january), .previous), "2026-12-01 to 2026-12-31", "across the year boundary")
        XCTAssertEqual(compared(.month(january), .lastYear), "2026-01-01 to 2026-01-31")
        let march = try XCTUnwrap(calendar.period(named: "2027-03"))
        XCTAssertEqual(
            compared(.month(march), .previous), "2027-02-01 to 2027-02-28", "a month of 31 days against one of 28")
        XCTAssertEqual(compared(.year(2027), .previous), "2026-01-01 to 2026-12-31")
        XCTAssertEqual(compared(.year(2027), .lastYear), "2026-01-01 to 2026-12-31")
        // 22 days: 2026-11-28 to 2026-12-19 is 3 + 19 of them.
        XCTAssertEqual(
            compared(.days(from: day("2026-12-20"), to: day("2027-01-10")), .previous), "2026-11-28 to 2026-12-19")
        XCTAssertEqual(
            compared(.days(from: day("2026-12-20"), to: day("2027-01-10")), .lastYear), "2025-12-20 to 2026-01-10")
        XCTAssertEqual(
            compared(.days(from: day("2028-02-01"), to: day("2028-02-29")), .lastYear),
            "2027-02-01 to 2027-02-28",
            "29 February → 28")
        XCTAssertEqual(
            compared(.days(from: day("2028-02-29"), to: day("2028-03-05")), .lastYear), "2027-02-28 to 2027-03-05")
        XCTAssertEqual(
            compared(.days(from: day("2028-02-29"), to: day("2028-02-29")), .previous), "2028-02-28 to 2028-02-28")
        // Nothing before the first day.
        let first = try XCTUnwrap(calendar.period(named: "0001-01"))
        XCTAssertEqual(compared(.month(first), .previous), "none")
        XCTAssertEqual(compared(.month(first), .lastYear), "none")
        XCTAssertEqual(compared(.year(1), .previous), "none")
        XCTAssertEqual(compared(.days(from: day("0001-01-01"), to: day("0001-01-05")), .previous), "none")
        XCTAssertNil(
            try SummaryComparison(
                document: BudgetDocument(), query: RecordQuery(), period: .year(1), basis: .previous,
                today: day("2026-11-24")))

        let payday = BudgetCalendar(monthStart: 25)
        let paydayJanuary = try XCTUnwrap(payday.period(named: "2027-01"))
        XCTAssertEqual(
            SummaryComparison.period(
                comparedWith: .month(paydayJanuary), basis: .previous, in: payday)?.range?.description,
            "2026-11-25 to 2026-12-24")
        XCTAssertEqual(
            SummaryComparison.period(
                comparedWith: .month(paydayJanuary), basis: .lastYear, in: payday)?.range?.description,
            "2025-12-25 to 2026-01-24")
    }

    // MARK: Figures

    func testMonth_AgainstTheMonthBeforeAcrossTheYearBoundary() throws {
        let comparison = try compare(try calendarBudget(), try month("2027-01", in: try calendarBudget()), .previous)
        XCTAssertFalse(comparison.isToDate)
        XCTAssertEqual(comparison.comparedPeriod.range, DateRange(from: day("2026-12-01"), to: day("2026-12-31")))
        XCTAssertEqual(comparison.comparison.period, DateRange(from: day("2026-12-01"), to: day("2026-12-31")))
        // 60,000 / 300,000 = 20 %; -9,500 / 107,000 = -8.878… %; 69,500 / 193,000 = 36.010… %.
        XCTAssertEqual(figure(comparison.income), "360000/300000/60000/20.0")
        XCTAssertEqual(figure(comparison.expenses), "97500/107000/-9500/-8.9")
        XCTAssertEqual(figure(comparison.balance), "262500/193000/69500/36.0")
        // 262,500 / 360,000 = 72.916… %; 193,000 / 300,000 = 64.333… %.
        XCTAssertEqual(comparison.current.savingsRate?.description, "72.9")
        XCTAssertEqual(comparison.comparison.savingsRate?.description, "64.3")
        // A category spent in only before is a row, with nothing spent now and no change base problem.
        XCTAssertEqual(comparison.categories.map { "\($0.row.category) \(figure($0.spent))" }, [
            "housing 80000/80000/0/0.0", "food 14500/18000/-3500/-19.4", "transport 3000/0/3000/—",
            "fun 0/9000/-9000/-100.0",
        ])
        XCTAssertEqual(
            comparison.incomeSources.map { "\($0.name) \(figure($0.received))" },
            ["Salary 310000/300000/10000/3.3", "Bonus 50000/0/50000/—"])
        XCTAssertEqual(
            comparison.tags.map { "\($0.tag) \($0.count)/\($0.comparedCount) \(figure($0.spent))" },
            ["xmas 0/2 0/15000/-15000/-100.0"])
        XCTAssertEqual(
            comparison.months.map {
                "\($0.month?.month ?? "-") \($0.comparedMonth?.month ?? "-") \(figure($0.expenses))"
            },
            ["2027-01 2026-12 97500/107000/-9500/-8.9"])
    }

    func testMonth_AgainstTheSameMonthLastYear() throws {
        let document = try calendarBudget()
        let comparison = try compare(document, try month("2027-01", in: document), .lastYear)
        XCTAssertEqual(comparison.comparison.period, DateRange(from: day("2026-01-01"), to: day("2026-01-31")))
        // 70,000 / 290,000 = 24.137… %; 22,500 / 75,000 = 30 %; 47,500 / 215,000 = 22.093… %.
        XCTAssertEqual(figure(comparison.income), "360000/290000/70000/24.1")
        XCTAssertEqual(figure(comparison.expenses), "97500/75000/22500/30.0")
        XCTAssertEqual(figure(comparison.balance), "262500/215000/47500/22.1")
        XCTAssertEqual(comparison.categories.map(\.row.category), ["housing", "food", "transport"])
    }

    func testDays_AgainstAsManyDaysBefore_AcrossTheYearBoundary() throws {
        let comparison = try compare(
            try calendarBudget(), .days(from: day("2026-12-20"), to: day("2027-01-10")), .previous)
        XCTAssertEqual(comparison.comparison.period, DateRange(from: day("2026-11-28"), to: day("2026-12-19")))
        // Now: Gifts, Party, Rent; Bonus and Salary. Before: Snack, Rent, Groceries; Salary.
        XCTAssertEqual(figure(comparison.income), "360000/300000/60000/20.0")
        XCTAssertEqual(figure(comparison.expenses), "95000/97000/-2000/-2.1")
        XCTAssertEqual(
            comparison.tags.map { "\($0.tag) \($0.count)/\($0.comparedCount) \(figure($0.spent))" },
            ["xmas 2/0 15000/0/15000/—"])
        // Months by their place: December's days (20 to 31) against November's (28 to 30),
        // January's (1 to 10) against December's (1 to 19).
        XCTAssertEqual(comparison.months.map { row in
            "\(row.month.map { "\($0.month) \($0.days.description)" } ?? "-") | "
                + "\(row.comparedMonth.map { "\($0.month) \($0.days.description)" } ?? "-") | \(figure(row.expenses))"
        }, [
            "2026-12 2026-12-20 to 2026-12-31 | 2026-11 2026-11-28 to 2026-11-30 | 15000/5000/10000/200.0",
            "2027-01 2027-01-01 to 2027-01-10 | 2026-12 2026-12-01 to 2026-12-19 | 80000/92000/-12000/-13.0",
        ])
    }

    func testEmptyComparisonPeriod_HasNoChangesAndNoSavingsRate() throws {
        let comparison = try compare(
            try calendarBudget(), .days(from: day("2026-12-20"), to: day("2027-01-10")), .lastYear)
        XCTAssertEqual(comparison.comparison.period, DateRange(from: day("2025-12-20"), to: day("2026-01-10")))
        XCTAssertEqual(figure(comparison.income), "360000/0/360000/—")
        XCTAssertEqual(figure(comparison.expenses), "95000/0/95000/—")
        XCTAssertEqual(figure(comparison.balance), "265000/0/265000/—")
        XCTAssertNil(comparison.comparison.savingsRate)
        XCTAssertEqual(comparison.current.savingsRate?.description, "73.6", "265,000 / 360,000 = 73.611… %")
        XCTAssertEqual(comparison.categories.map { "\($0.row.category) \(figure($0.spent))" },
                       ["housing 80000/0/80000/—", "fun 9000/0/9000/—", "food 6000/0/6000/—"])
        XCTAssertTrue(comparison.months.allSatisfy { $0.comparedMonth == nil || $0.comparedMonth?.expenses == 0 })
        XCTAssertTrue(comparison.incomeSources.allSatisfy { $0.received.percent == nil })
    }

    func testYear_MonthsArePairedWithTheSameMonthAYearEarlier() throws {
        let comparison = try compare(try calendarBudget(), .year(2027), .previous, groupings: [.month])
        XCTAssertEqual(comparison.comparison.period, DateRange(from: day("2026-01-01"), to: day("2026-12-31")))
        // Every month of 2027 beside the same month of 2026; 2027 has records in January only.
        let pairs = comparison.months.map {
            "\($0.month?.month ?? "-")~\($0.comparedMonth?.month ?? "-") \(figure($0.expenses))"
        }
        XCTAssertEqual(pairs.count, 12)
        XCTAssertEqual(pairs.first, "2027-01~2026-01 97500/75000/22500/30.0")
        XCTAssertEqual(pairs[10], "2027-11~2026-11 0/5000/-5000/-100.0")
        XCTAssertEqual(pairs.last, "2027-12~2026-12 0/107000/-107000/-100.0")
    }

    func testPaydayMonths_AreComparedAsBudgetMonths() throws {
        let document = try paydayBudget()
        let comparison = try compare(document, try month("2027-01", in: document), .previous)
        XCTAssertEqual(comparison.current.period, DateRange(from: day("2026-12-25"), to: day("2027-01-24")))
        XCTAssertEqual(comparison.comparedPeriod.budgetMonth?.name, "2026-12")
        XCTAssertEqual(comparison.comparison.period, DateRange(from: day("2026-11-25"), to: day("2026-12-24")))
        // 10,000 / 300,000 = 3.333… %; -3,500 / 106,000 = -3.301… %; 13,500 / 194,000 = 6.958… %.
        XCTAssertEqual(figure(comparison.income), "310000/300000/10000/3.3")
        XCTAssertEqual(figure(comparison.expenses), "102500/106000/-3500/-3.3")
        XCTAssertEqual(figure(comparison.balance), "207500/194000/13500/7.0")
        // 5,500 / 17,000 = 32.352… %; food's limit is one budget month's.
        XCTAssertEqual(
            comparison.categories.map {
                "\($0.row.category) \(figure($0.spent)) \($0.row.limit.map(String.init) ?? "-")"
            },
            ["housing 80000/80000/0/0.0 -", "food 22500/17000/5500/32.4 20000", "fun 0/9000/-9000/-100.0 -"])
        XCTAssertEqual(comparison.categories[1].row.remaining, -2_500)
        XCTAssertTrue(comparison.categories[1].row.isOver)
        XCTAssertEqual(
            comparison.months.map { "\($0.month?.month ?? "-") \($0.comparedMonth?.month ?? "-")" },
            ["2027-01 2026-12"])

        let lastYear = try compare(document, try month("2027-01", in: document), .lastYear)
        XCTAssertEqual(lastYear.comparison.period, DateRange(from: day("2025-12-25"), to: day("2026-01-24")))
        XCTAssertEqual(figure(lastYear.income), "310000/290000/20000/6.9")
        XCTAssertEqual(figure(lastYear.expenses), "102500/75000/27500/36.7")
    }

    // MARK: To date

    func testToDate_ComparesTheSameSpanOfDays() throws {
        var document = BudgetDocument()
        try document.addIncome(name: "Salary", amount: 280_000, date: day("2026-10-20"))
        try document.addExpense(name: "Groceries", amount: 15_700, category: "food", date: day("2026-10-24"))
        try document.addExpense(name: "Groceries", amount: 7_900, category: "food", date: day("2026-10-25"))
        try document.addIncome(name: "Salary", amount: 300_000, date: day("2026-11-20"))
        try document.addExpense(name: "Groceries", amount: 17_100, category: "food", date: day("2026-11-24"))
        try document.addExpense(name: "Dinner", amount: 5_000, category: "food", date: day("2026-11-25"))
        let november = try month("2026-11", in: document)
        let comparison = try compare(document, november, .previous, today: "2026-11-24")
        XCTAssertTrue(comparison.isToDate)
        XCTAssertEqual(
            comparison.period.range,
            DateRange(from: day("2026-11-01"), to: day("2026-11-30")),
            "the title's period stays whole")
        XCTAssertEqual(comparison.current.period, DateRange(from: day("2026-11-01"), to: day("2026-11-24")))
        XCTAssertEqual(comparison.comparison.period, DateRange(from: day("2026-10-01"), to: day("2026-10-24")))
        // The 25th of either month is not counted; 1,400 / 15,700 = 8.917… %.
        XCTAssertEqual(figure(comparison.expenses), "17100/15700/1400/8.9")
        // 282,900 / 300,000 = 94.3 %; 264,300 / 280,000 = 94.392… %.
        XCTAssertEqual(comparison.current.savingsRate?.description, "94.3")
        XCTAssertEqual(comparison.comparison.savingsRate?.description, "94.4")

        // A period that does not hold today is compared whole.
        let whole = try compare(document, november, .previous, today: "2026-12-01")
        XCTAssertFalse(whole.isToDate)
        XCTAssertEqual(figure(whole.expenses), "22100/23600/-1500/-6.4")
    }

    func testToDate_IsCutAtTheEndOfAShorterMonth() throws {
        var document = BudgetDocument()
        try document.addExpense(name: "a", amount: 500, category: "food", date: day("2027-01-29"))
        try document.addExpense(name: "b", amount: 1_000, category: "food", date: day("2027-02-05"))
        try document.addExpense(name: "c", amount: 2_000, category: "food", date: day("2027-02-28"))
        try document.addExpense(name: "d", amount: 4_000, category: "food", date: day("2027-03-03"))
        try document.addExpense(name: "e", amount: 8_000, category: "food", date: day("2027-03-31"))
        let march = try month("2027-03", in: document)
        // 31 March: March 1–31 against February 1–28, both whole, so nothing is cut.
        let last = try compare(document, march, .previous, today: "2027-03-31")
        XCTAssertFalse(last.isToDate)
        XCTAssertEqual(last.comparison.period, DateRange(from: day("2027-02-01"), to: day("2027-02-28")))
        XCTAssertEqual(figure(last.expenses), "12000/3000/9000/300.0")
        // 30 March: thirty days against February's 28.
        let thirtieth = try compare(document, march, .previous, today: "2027-03-30")
        XCTAssertTrue(thirtieth.isToDate)
        XCTAssertEqual(thirtieth.current.period, DateRange(from: day("2027-03-01"), to: day("2027-03-30")))
        XCTAssertEqual(thirtieth.comparison.period, DateRange(from: day("2027-02-01"), to: day("2027-02-28")))
        XCTAssertEqual(figure(thirtieth.expenses), "4000/3000/1000/33.3")
        // 15 March: fifteen days against fifteen.
        let ides = try compare(document, march, .previous, today: "2027-03-15")
        XCTAssertEqual(ides.comparison.period, DateRange(from: day("2027-02-01"), to: day("2027-02-15")))
        XCTAssertEqual(figure(ides.expenses), "4000/1000/3000/300.0")
        // 28 February: February whole, against January's first 28 days (the 29th not counted).
        let february = try compare(document, try month("2027-02", in: document), .previous, today: "2027-02-28")
        XCTAssertTrue(february.isToDate)
        XCTAssertEqual(february.comparison.period, DateRange(from: day("2027-01-01"), to: day("2027-01-28")))
        XCTAssertEqual(figure(february.expenses), "3000/0/3000/—")
    }

    func testToDate_AgainstLastYearEndsOnTheSameDateInALeapYear() throws {
        var document = BudgetDocument()
        try document.addExpense(name: "rent", amount: 1_000, category: "home", date: day("2027-07-01"))
        try document.addExpense(name: "rent", amount: 1_000, category: "home", date: day("2027-06-30"))
        // 2028 is a leap year: day counting would run last year's side to 2027-07-01.
        let year = try compare(document, .year(2028), .lastYear, today: "2028-06-30")
        XCTAssertEqual(year.comparison.period, DateRange(from: day("2027-01-01"), to: day("2027-06-30")))
        XCTAssertEqual(year.expenses.compared, 1_000)
        let days = try compare(
            document, .days(from: day("2028-02-01"), to: day("2028-03-31")), .lastYear, today: "2028-02-29")
        XCTAssertEqual(days.comparison.period, DateRange(from: day("2027-02-01"), to: day("2027-02-28")))
    }

    func testToDate_OverPaydayMonthsKeepsTheMonthsLimit() throws {
        let document = try paydayBudget()
        // 2027-01 runs from 2026-12-25; by 2027-01-10 sixteen days have passed, so 2026-12
        // (from 2026-11-25) is counted to 2026-12-11.
        let comparison = try compare(document, try month("2027-01", in: document), .previous, today: "2027-01-10")
        XCTAssertTrue(comparison.isToDate)
        XCTAssertEqual(comparison.current.period, DateRange(from: day("2026-12-25"), to: day("2027-01-10")))
        XCTAssertEqual(comparison.comparison.period, DateRange(from: day("2026-11-25"), to: day("2026-12-11")))
        XCTAssertEqual(figure(comparison.income), "310000/300000/10000/3.3")
        XCTAssertEqual(figure(comparison.expenses), "86000/97000/-11000/-11.3")
        let food = try XCTUnwrap(comparison.categories.first { $0.row.category == "food" })
        XCTAssertEqual(figure(food.spent), "6000/17000/-11000/-64.7")
        XCTAssertEqual(food.row.limit, 20_000, "the whole budget month's limit, though only part of it is counted")
    }

    // MARK: Filters, signs and rates

    func testFilters_ApplyToBothPeriods() throws {
        let document = try calendarBudget()
        var query = RecordQuery()
        query.categories = ["food"]
        let food = try compare(document, try month("2027-01", in: document), .previous, query: query)
        XCTAssertEqual(figure(food.income), "0/0/0/—", "a category leaves incomes out")
        XCTAssertEqual(figure(food.expenses), "14500/18000/-3500/-19.4")
        XCTAssertNil(food.current.savingsRate)
        XCTAssertEqual(food.categories.map(\.row.category), ["food"])
        query = RecordQuery()
        query.tags = ["xmas"]
        query.search = "PART"
        let party = try compare(document, try month("2027-01", in: document), .previous, query: query)
        XCTAssertEqual(figure(party.expenses), "0/6000/-6000/-100.0")
    }

    func testChange_IsOfTheBasesSizeAndRoundedOnce() {
        XCTAssertEqual(Percent.change(from: 200, to: 250)?.description, "25.0")
        XCTAssertEqual(Percent.change(from: 250, to: 200)?.description, "-20.0")
        XCTAssertEqual(Percent.change(from: -200, to: -100)?.description, "50.0", "a balance that rose")
        XCTAssertEqual(Percent.change(from: -10_000, to: 5_000)?.description, "150.0")
        XCTAssertEqual(Percent.change(from: 10_000, to: -5_000)?.description, "-150.0")
        XCTAssertEqual(Percent.change(from: 2_000, to: 2_001)?.description, "0.1", "0.05 % rounds away from zero")
        XCTAssertEqual(Percent.change(from: 2_000, to: 1_999)?.description, "-0.1")
        XCTAssertNil(Percent.change(from: 0, to: 5))
        XCTAssertNil(Percent.change(from: 0, to: 0))
        XCTAssertEqual(Percent.change(from: Int.max, to: -Int.max)?.description, "-200.0", "exact beyond 64 bits")
        XCTAssertEqual(Percent.change(from: -Int.max, to: Int.max)?.description, "200.0")
        XCTAssertEqual(Percent.change(from: 1, to: Int.max)?.description, "922337203685477580600.0")
    }

    func testSavingsRate_IsTheBalanceOverTheIncome() throws {
        func rate(income: Int, expenses: Int) throws -> String? {
            var document = BudgetDocument()
            if income > 0 { try document.addIncome(name: "in", amount: income, date: day("2026-11-01")) }
            if expenses > 0 { try document.addExpense(name: "out", amount: expenses, date: day("2026-11-02")) }
            return try Summary(document: document, query: RecordQuery()).savingsRate?.description
        }
        XCTAssertEqual(try rate(income: 280_000, expenses: 98_700), "64.8", "64.75 % rounds half away from zero")
        XCTAssertEqual(try rate(income: 300_000, expenses: 0), "100.0")
        XCTAssertEqual(try rate(income: 100, expenses: 150), "-50.0")
        XCTAssertEqual(try rate(income: 3, expenses: 2), "33.3")
        XCTAssertNil(try rate(income: 0, expenses: 500))
        XCTAssertNil(try rate(income: 0, expenses: 0))
    }

    func testDifferenceThatOverflows_IsAnError() throws {
        var document = BudgetDocument()
        try document.addIncome(name: "huge", amount: Int.max, date: day("2026-11-01"))
        try document.addExpense(name: "huge", amount: Int.max, date: day("2026-10-01"))
        XCTAssertThrowsError(try compare(document, try month("2026-11", in: document), .previous)) { error in
            XCTAssertEqual(error as? BudgetError, .totalOverflow)
        }
    }
}
