import XCTest
@testable import BudgetCore
import TestSupport

/// Limits with rollover, yearly limits and the total limit (`LimitLedger`, `SpendingLimit`),
/// against figures worked out by hand in the comments.
final class LimitLedgerTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text)! }
    private func month(_ name: String) -> Int { SpendingLimit.start(name, per: .month)! }

    private func document(_ expenses: [(String, String, Int)], monthStart: Int = 1) throws -> BudgetDocument {
        var document = BudgetDocument()
        if monthStart != 1 { try document.setSetting(PeriodKeys.monthStart.erased, to: String(monthStart)) }
        for (date, category, amount) in expenses {
            try document.addExpense(name: "x", amount: amount, category: category, date: day(date))
        }
        return document
    }

    /// Available, carried in, spent and remaining of `scope` in each budget month named.
    private func months(_ document: BudgetDocument, _ scope: LimitScope, _ names: [String]) throws -> [[Int]] {
        let ledger = LimitLedger(document: document)
        return try names.map { name in
            let status = try XCTUnwrap(
                try ledger.status(scope, in: try XCTUnwrap(document.budgetCalendar.period(named: name))))
            return [status.carriedIn, status.available, status.spent, status.remaining]
        }
    }

    // food spends 700 in 2026-11, 1,200 in 2026-12, nothing in 2027-01, 2,500 in 2027-02
    // (and 5,000 in 2026-10, before the carrying starts).
    private let yearEnd = [("2026-10-15", "food", 5_000), ("2026-11-03", "food", 700), ("2026-12-31", "food", 1_200),
                           ("2027-02-01", "food", 2_500), ("2026-12-05", "rent", 90_000)]
    private let yearEndMonths = ["2026-10", "2026-11", "2026-12", "2027-01", "2027-02", "2027-03"]

    func testSurplus_CarriesWhatIsLeftAcrossTheYearAndNeverAnOverspend() throws {
        var document = try document(yearEnd)
        try document.setLimit(
            try SpendingLimit(amount: 1_000, rollover: .surplus, since: month("2026-11")), for: .category("food"))
        // 2026-10: before since, the limit alone: 1,000 − 5,000 = −4,000, carried nowhere.
        // 2026-11: 1,000 − 700 = 300, carried.  2026-12: 1,300 − 1,200 = 100.
        // 2027-01: 1,100 − 0 = 1,100 (an empty month carries it all).  2027-02: 2,100 − 2,500 = −400, not carried.
        // 2027-03: 1,000.
        XCTAssertEqual(try months(document, .category("food"), yearEndMonths), [
            [0, 1_000, 5_000, -4_000], [0, 1_000, 700, 300], [300, 1_300, 1_200, 100], [100, 1_100, 0, 1_100],
            [1_100, 2_100, 2_500, -400], [0, 1_000, 0, 1_000],
        ])
    }

    func testAll_CarriesTheOverspendToo() throws {
        var document = try document(yearEnd)
        try document.setLimit(
            try SpendingLimit(amount: 1_000, rollover: .all, since: month("2026-11")), for: .category("food"))
        // As with surplus up to 2027-02's −400, which 2027-03 inherits: 1,000 − 400 = 600.
        XCTAssertEqual(try months(document, .category("food"), yearEndMonths), [
            [0, 1_000, 5_000, -4_000], [0, 1_000, 700, 300], [300, 1_300, 1_200, 100], [100, 1_100, 0, 1_100],
            [1_100, 2_100, 2_500, -400], [-400, 600, 0, 600],
        ])
        // An overspend larger than the amount leaves less than nothing available.
        try document.addExpense(name: "big", amount: 3_000, category: "food", date: day("2027-03-10"))
        // 2027-03: 600 − 3,000 = −2,400; 2027-04: 1,000 − 2,400 = −1,400.
        XCTAssertEqual(
            try months(document, .category("food"), ["2027-03", "2027-04"]),
            [[-400, 600, 3_000, -2_400], [-2_400, -1_400, 0, -1_400]])
    }

    func testNone_IsTheLimitAloneEveryMonthAsAPlainLimit() throws {
        var document = try document(yearEnd)
        try document.setLimit(1_000, for: "food")
        XCTAssertEqual(try months(document, .category("food"), ["2026-11", "2027-01", "2027-02"]),
                       [[0, 1_000, 700, 300], [0, 1_000, 0, 1_000], [0, 1_000, 2_500, -1_500]])
    }

    func testEmptyMonths_EachCarryTheWholeAmount() throws {
        var document = try document([("2026-06-10", "food", 250)])
        try document.setLimit(
            try SpendingLimit(amount: 100, rollover: .surplus, since: month("2026-01")), for: .category("food"))
        // 2026-01 to 2026-05 spend nothing: 500 carried into June; 600 − 250 = 350 into July.
        XCTAssertEqual(try months(document, .category("food"), ["2026-01", "2026-06", "2026-07", "2027-07"]),
                       [[0, 100, 0, 100], [500, 600, 250, 350], [350, 450, 0, 450], [1_550, 1_650, 0, 1_650]])
    }

    func testSince_NothingBeforeItIsCarriedAndItHasTheAmountAlone() throws {
        var document = try document(yearEnd)
        try document.setLimit(
            try SpendingLimit(amount: 1_000, rollover: .all, since: month("2026-12")), for: .category("food"))
        // 2026-11's 300 left and 2026-10's overspend are before 2026-12: not carried.
        XCTAssertEqual(try months(document, .category("food"), ["2026-11", "2026-12", "2027-01"]),
                       [[0, 1_000, 700, 300], [0, 1_000, 1_200, -200], [-200, 800, 0, 800]])
    }

    func testPaydayMonths_CarryBetweenBudgetMonths() throws {
        // Months start on the 25th: 2026-11 is 10-25…11-24, 2026-12 is 11-25…12-24, 2027-01 is 12-25…01-24.
        var document = try document(
            [
                ("2026-10-24", "food", 9_000), ("2026-10-25", "food", 400), ("2026-11-24", "food", 300),
                ("2026-11-25", "food", 1_500), ("2026-12-24", "food", 100), ("2026-12-25", "food", 50)
            ],
            monthStart: 25)
        try document.setLimit(
            try SpendingLimit(amount: 1_000, rollover: .all, since: month("2026-11")), for: .category("food"))
        // 2026-11: 1,000 − 700 = 300.  2026-12: 1,300 − 1,600 = −300.  2027-01: 700 − 50 = 650.
        // (2026-10-24 belongs to 2026-10, before since.)
        XCTAssertEqual(try months(document, .category("food"), ["2026-11", "2026-12", "2027-01"]),
                       [[0, 1_000, 700, 300], [300, 1_300, 1_600, -300], [-300, 700, 50, 650]])
        let report = try LimitReport(document: document, month: day("2027-01-10"))
        XCTAssertEqual(
            report.rows.first?.period, .month(try XCTUnwrap(document.budgetCalendar.period(named: "2027-01"))))
        XCTAssertEqual(report.rows.first?.days, DateRange(from: day("2026-12-25"), to: day("2027-01-24")))
    }

    func testYearlyLimit_ShowsTheYearToDateAndCarriesBetweenYears() throws {
        var document = try document([
            ("2025-03-01", "travel", 10_000), ("2026-01-01", "travel", 3_000), ("2026-03-31", "travel", 2_000),
            ("2026-04-01", "travel", 4_000), ("2026-12-31", "travel", 1_000)
        ])
        try document.setLimit(
            try SpendingLimit(amount: 12_000, per: .year, rollover: .surplus, since: 2025), for: .category("travel"))
        let ledger = LimitLedger(document: document)
        // 2025: 12,000 − 10,000 = 2,000 carried into 2026, which has 14,000.
        // As of budget month 2026-03: January 1 to March 31 spent 5,000; 9,000 remains for the year.
        let march = try XCTUnwrap(
            try ledger.status(.category("travel"), in: try XCTUnwrap(document.budgetCalendar.period(named: "2026-03"))))
        XCTAssertEqual(march.period, .year(2026))
        XCTAssertEqual(march.days, DateRange(from: day("2026-01-01"), to: day("2026-03-31")))
        XCTAssertEqual(
            [march.base, march.carriedIn, march.available, march.spent, march.remaining],
            [12_000, 2_000, 14_000, 5_000, 9_000])
        // As of 2026-12: the whole year, 10,000 spent, 4,000 left, carried into 2027 (16,000).
        let december = try XCTUnwrap(
            try ledger.status(.category("travel"), in: try XCTUnwrap(document.budgetCalendar.period(named: "2026-12"))))
        XCTAssertEqual([december.spent, december.remaining], [10_000, 4_000])
        let next = try XCTUnwrap(
            try ledger.status(.category("travel"), in: try XCTUnwrap(document.budgetCalendar.period(named: "2027-01"))))
        XCTAssertEqual([next.carriedIn, next.available, next.spent], [4_000, 16_000, 0])
        XCTAssertEqual(document.monthlyLimits, [:], "a yearly limit is not a monthly one")
    }

    /// A ledger that adds up only from the first period a forecast or a summary asks about
    /// gives every status the whole ledger gives, for periods from there on and (added up
    /// again) before it: monthly and yearly limits, with and without rollover from before the
    /// window, calendar and payday months.
    func testCountingFrom_GivesWhatTheWholeLedgerGives_InEveryPeriod() throws {
        var generator = SeededGenerator(seed: 31)
        for round in 0..<PropertyDepth.rounds(deep: 120, fast: 20) {
            var document = BudgetDocument()
            if round % 3 == 2 { try document.setSetting(PeriodKeys.monthStart.erased, to: "25") }
            for _ in 0..<60 {
                let date = Day(
                    year: Int.random(in: 2024...2026, using: &generator),
                    month: Int.random(in: 1...12, using: &generator), day: Int.random(in: 1...28, using: &generator))
                let category = ["food", "rent", "fun"][Int.random(in: 0..<3, using: &generator)]
                try document.addExpense(
                    name: "x", amount: Int.random(in: 1...9_000, using: &generator), category: category,
                    date: try XCTUnwrap(date))
            }
            let rollovers: [SpendingLimit.Rollover] = [.none, .surplus, .all]
            for (index, category) in ["food", "rent", "fun"].enumerated() {
                let rollover = rollovers[Int.random(in: 0..<3, using: &generator)]
                let yearly = index == 2 && round % 2 == 0
                let year = Int.random(in: 4...6, using: &generator)
                let monthOfYear = Int.random(in: 1...9, using: &generator)
                let since: Int? = rollover == .none ? nil
                    : yearly ? 2020 + year : month("202\(year)-0\(monthOfYear)")
                try document.setLimit(
                    try SpendingLimit(amount: 4_000, per: yearly ? .year : .month, rollover: rollover, since: since),
                    for: .category(category))
            }
            try document.setLimit(try SpendingLimit(amount: 20_000), for: .total)
            let calendar = document.budgetCalendar
            let limits = document[settings: BudgetKeys.self].limits
            let whole = LimitLedger(limits: limits, expenses: document.countedExpenses, calendar: calendar)
            let from = calendar.period(index: month("2025-0\(Int.random(in: 1...9, using: &generator))")).start
            let window = LimitLedger(
                limits: limits, expenses: document.countedExpenses, calendar: calendar, countingFrom: from)
            for index in month("2024-06")...month("2026-12") {
                let period = calendar.period(index: index)
                for (scope, _) in limits {
                    XCTAssertEqual(try window.status(scope, in: period), try whole.status(scope, in: period))
                    XCTAssertEqual(try window.spent(scope, period: index), try whole.spent(scope, period: index))
                    XCTAssertEqual(
                        try window.status(scope, from: period, through: calendar.period(index: index + 2)),
                        try whole.status(scope, from: period, through: calendar.period(index: index + 2)))
                }
            }
        }
    }

    func testYearlyLimit_WithPaydayMonthsTakesTheYearOfTheMonthsLastDay() throws {
        var document = try document([("2026-12-28", "travel", 3_000), ("2027-01-02", "travel", 4_000)], monthStart: 25)
        try document.setLimit(try SpendingLimit(amount: 10_000, per: .year), for: .category("travel"))
        // Budget month 2027-01 runs 2026-12-25 to 2027-01-24: its year is 2027, to date January 1 to 24.
        let status = try XCTUnwrap(
            try LimitLedger(document: document).status(
                .category("travel"), in: document.budgetCalendar.period(containing: day("2027-01-10"))))
        XCTAssertEqual(status.period, .year(2027))
        XCTAssertEqual([status.spent, status.remaining], [4_000, 6_000])
    }

    func testManyYearlyLimits_EachCountsItsOwnYearToDate_AsOfEachMonthAsked() throws {
        // One pass works out every yearly limit's year to date (`YearsToDate`): each still
        // counts its own category, the total all, each month asked about its own days.
        var document = try document([
            ("2025-12-31", "a", 1), ("2026-01-01", "a", 10), ("2026-02-10", "a", 100), ("2026-02-10", "b", 1_000),
            ("2026-03-01", "b", 10_000), ("2026-03-02", "c", 100_000), ("2027-01-05", "a", 7),
        ])
        for category in ["a", "b", "z"] {
            try document.setLimit(try SpendingLimit(amount: 50_000, per: .year), for: .category(category))
        }
        try document.setLimit(try SpendingLimit(amount: 500_000, per: .year), for: .total)
        let ledger = LimitLedger(document: document)
        func spent(_ scope: LimitScope, _ name: String) throws -> Int? {
            try ledger.status(scope, in: try XCTUnwrap(document.budgetCalendar.period(named: name)))?.spent
        }
        XCTAssertEqual(try spent(.category("a"), "2026-01"), 10)
        XCTAssertEqual(try spent(.category("b"), "2026-01"), 0)
        XCTAssertEqual(try spent(.category("a"), "2026-02"), 110)
        XCTAssertEqual(try spent(.category("b"), "2026-02"), 1_000)
        XCTAssertEqual(try spent(.total, "2026-02"), 1_110)
        XCTAssertEqual(try spent(.category("b"), "2026-03"), 11_000)
        XCTAssertEqual(try spent(.category("z"), "2026-03"), 0)
        XCTAssertEqual(try spent(.total, "2026-03"), 111_110)
        XCTAssertEqual(try spent(.category("a"), "2027-01"), 7)
        XCTAssertNil(try spent(.category("c"), "2026-03"), "no limit")
        // A sum past 64 bits is an error, not a wrapped figure.
        try document.addExpense(name: "x", amount: Int.max - 5, category: "a", date: day("2026-02-11"))
        let overflowing = LimitLedger(document: document)
        let february = try XCTUnwrap(document.budgetCalendar.period(named: "2026-02"))
        XCTAssertThrowsError(try overflowing.status(.category("a"), in: february))
        XCTAssertEqual(try overflowing.status(.category("b"), in: february)?.spent, 1_000)
    }

    func testYearlyLimits_ThroughDecember31_CountTheWholeCalendarYearAsAnyOtherDayDoes() throws {
        // Through December 31 the ledger's yearly sums answer; through any other day the year
        // to date is added up: both are the expenses from January 1 through the day.
        var generator = SeededGenerator(seed: 47)
        for round in 0..<PropertyDepth.rounds(deep: 40, fast: 8) {
            var document = BudgetDocument()
            if round % 2 == 1 { try document.setSetting(PeriodKeys.monthStart.erased, to: "25") }
            var dated: [(day: Day, category: String, amount: Int)] = []
            for _ in 0..<80 {
                let date = try XCTUnwrap(Day(
                    year: Int.random(in: 2024...2026, using: &generator),
                    month: Int.random(in: 1...12, using: &generator), day: Int.random(in: 1...31, using: &generator))
                    ?? Day(year: 2025, month: 12, day: 31))
                let category = ["food", "rent", "fun"][Int.random(in: 0..<3, using: &generator)]
                let amount = Int.random(in: 1...9_000, using: &generator)
                try document.addExpense(name: "x", amount: amount, category: category, date: date)
                dated.append((date, category, amount))
            }
            for category in ["food", "fun"] {
                try document.setLimit(try SpendingLimit(amount: 40_000, per: .year), for: .category(category))
            }
            try document.setLimit(try SpendingLimit(amount: 90_000, per: .year), for: .total)
            let ledger = LimitLedger(document: document)
            let calendar = document.budgetCalendar
            for index in month("2024-01")...month("2026-12") {
                let first = calendar.period(index: index - 2), last = calendar.period(index: index)
                for scope in [LimitScope.category("food"), .category("fun"), .total] {
                    let status = try XCTUnwrap(try ledger.status(scope, from: first, through: last))
                    let year = last.end.year
                    let expected = dated.filter { item in
                        item.day.year == year && item.day <= last.end
                            && (scope.category.map { $0 == item.category } ?? true)
                    }.map(\.amount).reduce(0, +)
                    XCTAssertEqual(status.spent, expected, "\(scope) through \(last.end.iso)")
                }
            }
        }
    }

    /// A ledger counting from a later month (`limit list`, a summary, the forecast) answers
    /// it when what it adds up fits, whatever an earlier month of a monthly limit adds up to;
    /// the earlier month, and rollover carried from it, still cannot be worked out.
    func testCountingFrom_AMonthIsAnsweredThoughAnEarlierOneDoesNotFit() throws {
        var document = try document([("2026-02-10", "a", 10), ("2026-03-02", "a", 7)])
        try document.addExpense(name: "x", amount: Int.max - 5, category: "a", date: day("2026-02-11"))
        try document.setLimit(try SpendingLimit(amount: 100), for: .category("a"))
        let calendar = document.budgetCalendar
        let february = try XCTUnwrap(calendar.period(named: "2026-02"))
        let march = try XCTUnwrap(calendar.period(named: "2026-03"))
        XCTAssertThrowsError(try LimitLedger(document: document).status(.category("a"), in: march))
        let fromMarch = LimitLedger(document: document, countingFrom: march.start)
        XCTAssertEqual(try fromMarch.status(.category("a"), in: march)?.spent, 7)
        XCTAssertEqual(try LimitReport(document: document, period: march).rows.map(\.spent), [7])
        XCTAssertThrowsError(try fromMarch.status(.category("a"), in: february), "added up again: it does not fit")
        try document.setLimit(
            try SpendingLimit(amount: 100, rollover: .all, since: month("2026-01")), for: .category("a"))
        XCTAssertThrowsError(
            try LimitLedger(document: document, countingFrom: march.start).status(.category("a"), in: march),
            "February's overspend carries into March")
    }

    func testALimit_CountsEverySpellingUnicodeCallsEqual_AddedUpByBytesFirst() throws {
        // Categories are numbered by their bytes (`LabelIndex`) and joined by their limit
        // afterwards: composed and decomposed が are one category, with one limit.
        var document = try document([
            ("2026-11-01", "がっこう", 100), ("2026-11-02", "か\u{3099}っこう", 20), ("2026-11-03", "がっこう", 3),
            ("2026-11-04", "other", 5_000),
        ])
        try document.setLimit(try SpendingLimit(amount: 1_000), for: .category("か\u{3099}っこう"))
        XCTAssertEqual(try months(document, .category("がっこう"), ["2026-11"]), [[0, 1_000, 123, 877]])
        try document.setLimit(try SpendingLimit(amount: 9_000), for: .total)
        XCTAssertEqual(try months(document, .total, ["2026-11"]), [[0, 9_000, 5_123, 3_877]])
        // A sum past 64 bits in one spelling makes the category's sum unknown, not wrapped.
        try document.addExpense(name: "x", amount: Int.max - 10, category: "がっこう", date: day("2026-11-05"))
        let november = try XCTUnwrap(document.budgetCalendar.period(named: "2026-11"))
        XCTAssertThrowsError(try LimitLedger(document: document).status(.category("がっこう"), in: november))
    }

    func testALimitSpeltPlain_CountsEverySpelling_MonthlyAndYearly() throws {
        // A limit on a plain (NFC) category finds plain labels by their bytes, and a label spelt
        // otherwise (decomposed が) by Unicode's equality: both count, monthly and yearly.
        var document = try document([
            ("2026-11-01", "がっこう", 100), ("2026-11-02", "か\u{3099}っこう", 20), ("2026-11-03", "ｶﾞｯｺｳ", 3),
            ("2026-11-04", "食費", 5_000),
        ])
        try document.setLimit(try SpendingLimit(amount: 1_000), for: .category("がっこう"))
        try document.setLimit(try SpendingLimit(amount: 9_000), for: .category("食費"))
        XCTAssertEqual(try months(document, .category("がっこう"), ["2026-11"]), [[0, 1_000, 120, 880]])
        XCTAssertEqual(try months(document, .category("食費"), ["2026-11"]), [[0, 9_000, 5_000, 4_000]])
        try document.setLimit(try SpendingLimit(amount: 50_000, per: .year), for: .category("がっこう"))
        let november = try XCTUnwrap(document.budgetCalendar.period(named: "2026-11"))
        XCTAssertEqual(try LimitLedger(document: document).status(.category("がっこう"), in: november)?.spent, 120)
        var query = RecordQuery()
        query.period = november.range
        let summary = try Summary(document: document, query: query)
        XCTAssertEqual(summary.categories.first { $0.category == "がっこう" }?.limitStatus?.spent, 120)
    }

    func testSummary_PutsEachLimitOnItsCategorysRow_WhateverTheRowIsSpeltAs() throws {
        // The row is spelt as its first expense (decomposed), the limit composed: one row, with
        // the limit; a limited category nothing was spent in has a row (0 spent), unless a filter
        // other than the categories is set.
        var document = try document([
            ("2026-11-01", "か\u{3099}っこう", 20), ("2026-11-02", "がっこう", 100), ("2026-11-03", "食費", 5),
        ])
        try document.setLimit(try SpendingLimit(amount: 1_000), for: .category("がっこう"))
        try document.setLimit(try SpendingLimit(amount: 300), for: .category("旅行"))
        let november = try XCTUnwrap(document.budgetCalendar.period(named: "2026-11"))
        var query = RecordQuery()
        query.period = november.range
        let rows = try Summary(document: document, query: query).categories
        XCTAssertEqual(rows.map(\.spent), [120, 5, 0])
        XCTAssertEqual(rows.map(\.limit), [1_000, nil, 300])
        XCTAssertEqual(rows.map { $0.limitStatus?.remaining }, [880, nil, 300])
        XCTAssertEqual(rows[2].category, "旅行")
        query.minimum = 1
        XCTAssertEqual(try Summary(document: document, query: query).categories.map(\.limit), [1_000, nil])
    }

    func testSummary_HandsItsNumberingToTheLedger_AndEveryLimitStandsAsTheLedgerAloneSays() throws {
        // The summary numbers its categories and the ledger numbers on from there (a summary's
        // expenses are some of the ledger's: a filter, a period whose later months spend in other
        // categories). Each row's limit is checked against a ledger that numbers anew.
        let spellings = ["がっこう", "か\u{3099}っこう", "ｶﾞｯｺｳ", "食費", "café", "cafe\u{301}", "food", "家賃", "旅行"]
        var generator = SeededGenerator(seed: 2027)
        for round in 0..<40 {
            var document = BudgetDocument()
            for _ in 0..<Int.random(in: 1...30, using: &generator) {
                let date = day(String(format: "2026-%02d-%02d", Int.random(in: 9...12, using: &generator),
                                      Int.random(in: 1...28, using: &generator)))
                try document.addExpense(
                    name: "x", amount: Int.random(in: 1...900, using: &generator),
                    category: spellings.randomElement(using: &generator) ?? "food", date: date)
            }
            for category in spellings.shuffled(using: &generator).prefix(Int.random(in: 1...5, using: &generator)) {
                let limit = switch Int.random(in: 0..<3, using: &generator) {
                case 0: try SpendingLimit(amount: 1_000, per: .month, rollover: .all, since: month("2026-09"))
                case 1: try SpendingLimit(amount: 1_000)
                default: try SpendingLimit(amount: 5_000, per: .year)
                }
                try document.setLimit(limit, for: .category(category))
            }
            let calendar = document.budgetCalendar
            let first = try XCTUnwrap(calendar.period(named: ["2026-09", "2026-10", "2026-11"][round % 3]))
            let last = try XCTUnwrap(calendar.period(named: round % 2 == 0 ? "2026-12" : first.name))
            var query = RecordQuery()
            query.period = DateRange(from: first.start, to: last.end)
            if round % 5 == 0 { query.categories = [spellings[round % spellings.count]] }
            let alone = LimitLedger(document: document)
            for row in try Summary(document: document, query: query).categories where row.limitStatus != nil {
                let expected = try alone.status(.category(row.category), from: first, through: last)
                XCTAssertEqual(row.limitStatus?.spent, expected?.spent, "round \(round) \(row.category)")
                XCTAssertEqual(row.limitStatus?.available, expected?.available, "round \(round) \(row.category)")
            }
        }
    }

    func testTotalLimit_CountsEveryExpenseAndComesLast() throws {
        var document = try document(yearEnd)
        try document.setLimit(
            try SpendingLimit(amount: 100_000, rollover: .surplus, since: month("2026-11")), for: .total)
        try document.setLimit(1_000, for: "food")
        // 2026-11: 100,000 − 700 = 99,300 carried.  2026-12: 199,300 − (1,200 + 90,000) = 108,100.
        XCTAssertEqual(try months(document, .total, ["2026-11", "2026-12", "2027-01"]),
                       [[0, 100_000, 700, 99_300], [99_300, 199_300, 91_200, 108_100], [108_100, 208_100, 0, 208_100]])
        let report = try LimitReport(document: document, month: day("2026-12-01"))
        XCTAssertEqual(report.rows.map(\.scope), [.category("food"), .total])
        XCTAssertEqual(report.rows.map(\.isOver), [true, false])
    }

    func testSummary_CountsWholeMonthsFromWhatWasCarriedIntoTheFirst() throws {
        var document = try document(yearEnd)
        try document.setLimit(
            try SpendingLimit(amount: 1_000, rollover: .all, since: month("2026-11")), for: .category("food"))
        try document.setLimit(try SpendingLimit(amount: 50_000, per: .month), for: .total)
        var query = RecordQuery()
        // 2026-12 to 2027-02: three months of 1,000 and the 300 carried into December: 3,300
        // available, 3,700 spent, 400 over (what the ledger carries into 2027-03 too).
        query.period = DateRange(from: day("2026-12-01"), to: day("2027-02-28"))
        let summary = try Summary(document: document, query: query)
        let food = try XCTUnwrap(summary.categories.first { $0.category == "food" })
        XCTAssertEqual(food.limit, 3_000)
        XCTAssertEqual(
            food.limitStatus.map { [$0.carriedIn, $0.available, $0.spent, $0.remaining] }, [300, 3_300, 3_700, -400])
        XCTAssertTrue(food.isOver)
        XCTAssertEqual(summary.totalLimit.map { [$0.base, $0.spent, $0.remaining] }, [150_000, 93_700, 56_300])
        query.period = DateRange(from: day("2026-12-02"), to: day("2027-02-28"))
        let cut = try Summary(document: document, query: query)
        XCTAssertNil(cut.categories.first { $0.category == "food" }?.limitStatus, "not whole months: no limit")
        XCTAssertNil(cut.totalLimit)
    }

    func testWarnings_UseWhatIsAvailable() throws {
        var document = try document(yearEnd)
        try document.setLimit(
            try SpendingLimit(amount: 1_000, rollover: .surplus, since: month("2026-11")), for: .category("food"))
        // 2027-01 has 1,100 available: 1,050 is not over, though a plain limit of 1,000 would be.
        var before = document
        try document.addExpense(name: "a", amount: 1_050, category: "food", date: day("2027-01-10"))
        XCTAssertEqual(document.limitWarnings(since: before), [])
        before = document
        try document.addExpense(name: "b", amount: 51, category: "food", date: day("2027-01-11"))
        let warnings = document.limitWarnings(since: before)
        XCTAssertEqual(warnings.map { [$0.total, $0.limit, $0.carriedIn, $0.available] }, [[1_101, 1_000, 100, 1_100]])
        XCTAssertEqual(warnings.first?.message(MoneyFormat(currency: Currency(code: "JPY"))),
                       "food is over its monthly limit for 2027-01: ¥1,101 of ¥1,100 available "
                           + "(¥1,000 limit, ¥100 carried in)")
    }

    func testWarnings_ForTheTotalLimitAndAYearlyLimit() throws {
        var document = try document([("2026-03-01", "travel", 9_000)])
        try document.setLimit(try SpendingLimit(amount: 10_000, per: .year), for: .category("travel"))
        try document.setLimit(try SpendingLimit(amount: 5_000, rollover: .all, since: month("2026-03")), for: .total)
        // travel's year: 9,000 + 2,000 = 11,000 of 10,000. The total: March has 5,000 − 9,000 = −4,000,
        // carried into April, which has 1,000 and now spends 2,000.
        let before = document
        try document.addExpense(name: "train", amount: 2_000, category: "travel", date: day("2026-04-02"))
        let warnings = document.limitWarnings(since: before)
        XCTAssertEqual(warnings.map(\.scope), [.category("travel"), .total])
        let money = MoneyFormat(currency: nil)
        XCTAssertEqual(warnings.map { $0.message(money) }, [
            "travel is over its yearly limit for 2026: 11,000 of 10,000",
            "all expenses are over their monthly limit for 2026-04: 2,000 of 1,000 available "
                + "(5,000 limit, -4,000 carried in)",
        ])
    }

    func testForecast_PlansTheMonthsOwnAmountNotTheSurplusCarriedIn() throws {
        var document = try document(
            [("2026-10-05", "food", 400), ("2026-11-05", "food", 300), ("2026-11-06", "fun", 2_000)])
        try document.setLimit(
            try SpendingLimit(amount: 1_000, rollover: .surplus, since: month("2026-10")), for: .category("food"))
        try document.setLimit(
            try SpendingLimit(amount: 1_000, rollover: .all, since: month("2026-10")), for: .category("fun"))
        try document.setLimit(try SpendingLimit(amount: 50_000, per: .year), for: .category("travel"))
        try document.setLimit(try SpendingLimit(amount: 10_000), for: .total)
        let forecast = try Forecast(document: document, today: day("2026-11-20"), months: 2)
        // November: food has 1,000 + 600 carried from October (available 1,600), 300 spent. The
        // 600 October left is already in the balance: only what November's own 1,000 leaves
        // is planned, 700 (not 1,300). fun has 1,000 + 1,000 (October spent nothing) and
        // spends 2,000: nothing planned, and nothing overspent to carry.
        // December: food 1,000; fun 1,000. Travel (yearly) and the total plan nothing.
        XCTAssertEqual(forecast.months.map { $0.planned.map(\.category) }, [["food", "fun"], ["food", "fun"]])
        XCTAssertEqual(forecast.months.map { $0.planned.map { [$0.carriedIn, $0.available, $0.spent, $0.unspent] } },
                       [
                           [[600, 1_600, 300, 700], [1_000, 2_000, 2_000, 0]],
                           [[0, 1_000, 0, 1_000], [0, 1_000, 0, 1_000]]
                       ])
        XCTAssertEqual(forecast.months.map(\.plannedSpending), [700, 2_000])
        XCTAssertEqual(forecast.months.map(\.projectedBalance), [-400 - 300 - 2_000 - 700, -3_400 - 2_000])
        // An overspend carries with rollover all: fun spends 2,500 in November, 500 more than
        // the 2,000 available, and December plans 1,000 − 500 = 500.
        try document.addExpense(name: "more", amount: 500, category: "fun", date: day("2026-11-07"))
        let over = try Forecast(document: document, today: day("2026-11-20"), months: 2)
        XCTAssertEqual(over.months.map { $0.planned[1].unspent }, [0, 500])
        // An overspend carried into the current month lowers what it plans: fun 2,500 in
        // October (1,000 available): −1,500 carried into November, whose 1,000 plans nothing.
        var carried = try self.document([("2026-10-05", "fun", 2_500)])
        try carried.setLimit(
            try SpendingLimit(amount: 1_000, rollover: .all, since: month("2026-10")), for: .category("fun"))
        let behind = try Forecast(document: carried, today: day("2026-11-20"), months: 2)
        XCTAssertEqual(
            behind.months.map { $0.planned.map { [$0.carriedIn, $0.unspent] } }, [[[-1_500, 0]], [[-500, 500]]])
    }

    func testForecast_CountsEachScheduledExpenseInTheLimitItsCategoryIsEqualTo() throws {
        // Every month's planned figures against the month's own list of occurrences, matched to
        // each limit by `==` (the forecast finds each occurrence's limit once, by key).
        var generator = SeededGenerator(seed: 2_028)
        let spellings = ["食費", "が", "か\u{3099}", "ｶﾞ", "家賃", "fun", "Fun", "旅行"]
        for round in 0..<30 {
            var document = try document([("2026-11-03", "食費", 700), ("2026-11-04", "が", 300)])
            for category in spellings.shuffled(using: &generator).prefix(Int.random(in: 0...5, using: &generator)) {
                let rollover = [SpendingLimit.Rollover.none, .all][Int.random(in: 0...1, using: &generator)]
                try document.setLimit(
                    try SpendingLimit(
                        amount: Int.random(in: 0...3_000, using: &generator), rollover: rollover,
                        since: rollover == .none ? nil : month("2026-10")),
                    for: .category(category))
            }
            for index in 0..<Int.random(in: 0...12, using: &generator) {
                let kind: RecordKind = Int.random(in: 0...4, using: &generator) == 0 ? .income : .expense
                _ = try document.addSchedule(
                    try Schedule(
                        kind: kind, name: "s\(index)", amount: Int.random(in: 0...2_000, using: &generator),
                        category: kind == .income ? nil : spellings.randomElement(using: &generator),
                        recurrence: Recurrence(
                            every: Int.random(in: 1...3, using: &generator), [.week, .month][index % 2],
                            from: day("2026-11-0\(Int.random(in: 1...9, using: &generator))")),
                        isPaused: Int.random(in: 0...5, using: &generator) == 0))
            }
            let forecast = try Forecast(document: document, today: day("2026-11-20"), months: 3)
            let ledger = LimitLedger(document: document)
            for month in forecast.months {
                var planned = 0
                for limit in month.planned {
                    let scheduled = month.scheduled.filter { $0.kind == .expense && $0.category == limit.category }
                    let spent = try ledger.spent(.category(limit.category), period: month.period.index)
                        + scheduled.map(\.amount).reduce(0, +)
                    XCTAssertEqual(limit.spent, spent, "round \(round), \(month.period.name), \(limit.category)")
                    planned += limit.unspent
                }
                XCTAssertEqual(month.plannedSpending, planned, "round \(round)")
            }
        }
    }

    func testForecast_SaysWhatTheOpeningBalanceCounts() throws {
        var document = try document([("2026-10-05", "food", 400), ("2026-11-05", "food", 300)])
        try document.addIncome(name: "pay", amount: 5_000, date: day("2026-10-25"))
        try document.addSchedule(
            try Schedule(
                kind: .expense, name: "rent", amount: 1_200, category: "home",
                recurrence: Recurrence(.month, on: .dayOfMonth(10), from: day("2026-10-10"))))
        // The schedule's 10-10 and 11-10 are due but not recorded (no store recorded them).
        let forecast = try Forecast(document: document, today: day("2026-11-20"), months: 1)
        XCTAssertEqual(
            [forecast.openingIncome, forecast.openingExpenses, forecast.openingScheduled, forecast.unrecordedBefore],
            [5_000, 400, -1_200, 1])
        XCTAssertEqual(forecast.openingBalance, 5_000 - 400 - 1_200)
    }

    // MARK: Bounds

    func testTheLargestLimit_CarriedOverEveryMonthStillFits() throws {
        var document = BudgetDocument()
        let largest = BudgetDocument.maximumLimit
        try document.setLimit(
            try SpendingLimit(amount: largest, rollover: .surplus, since: month("0001-01")), for: .category("food"))
        XCTAssertNoThrow(try document.checkTotals())
        let last = try XCTUnwrap(document.budgetCalendar.period(named: "9999-12"))
        let status = try XCTUnwrap(try LimitLedger(document: document).status(.category("food"), in: last))
        XCTAssertEqual(status.available, largest * 119_988, "every month from 0001-01 to 9999-12")
        var query = RecordQuery()
        query.period = DateRange(from: day("0001-01-01"), to: day("9999-12-31"))
        try document.addExpense(name: "x", amount: Int.max, category: "food", date: day("5000-01-01"))
        let summary = try Summary(document: document, query: query)
        XCTAssertEqual(summary.categories.first?.limitStatus?.remaining, largest * 119_988 - Int.max)

        // One more is refused by the store's rule, and a hand-made document that breaks it
        // gets an error, never a wrapped number.
        var broken = BudgetDocument()
        broken[settings: BudgetKeys.self][BudgetKeys.totalLimit] = try SpendingLimit(
            amount: largest + 1, rollover: .all, since: month("0001-01"))
        XCTAssertThrowsError(try broken.checkTotals()) {
            XCTAssertEqual($0 as? BudgetError, .limitTooLarge(.total, maximum: largest))
        }
        XCTAssertThrowsError(try LimitLedger(document: broken).status(.total, in: last)) {
            XCTAssertEqual($0 as? BudgetError, .totalOverflow)
        }
    }

    func testLimitsAtTheirMaxima_EveryReportComputes() throws {
        // Six categories at the largest limit, carrying since 0001-01: the forecast used to add
        // up what they carried (about a fifth of Int.max each) and fail.
        var document = BudgetDocument()
        let largest = BudgetDocument.maximumLimit
        let each = largest / 6
        for category in ["a", "b", "c", "d", "e", "f"] {
            try document.setLimit(
                try SpendingLimit(amount: each, rollover: .surplus, since: month("0001-01")), for: .category(category))
        }
        try document.setLimit(try SpendingLimit(amount: largest, rollover: .all, since: month("0001-01")), for: .total)
        try document.addExpense(name: "x", amount: 100, category: "a", date: day("2026-11-05"))
        XCTAssertNoThrow(try document.checkTotals())
        let forecast = try Forecast(document: document, today: day("2026-11-20"), months: 120)
        XCTAssertEqual(forecast.months[0].plannedSpending, 6 * each - 100)
        XCTAssertEqual(
            forecast.months[119].projectedBalance,
            -(6 * each * 120),
            "100 recorded and 6 × each − 100 planned in the first month")
        let november = try XCTUnwrap(document.budgetCalendar.period(named: "2026-11"))
        XCTAssertEqual(try LimitLedger(document: document).statuses(in: november).count, 7)
        var query = RecordQuery()
        query.period = november.range
        let summary = try Summary(document: document, query: query)
        XCTAssertEqual(
            summary.categories.map(\.category), ["a", "b", "c", "d", "e", "f"], "every limited category, spent or not")
        var all = RecordQuery()
        all.period = DateRange(from: day("0001-01-01"), to: day("9999-12-31"))
        XCTAssertEqual(try Summary(document: document, query: all).categories.count, 6)
        XCTAssertNoThrow(try PeriodTable(document: document, query: all, grouping: .category, per: .month))
        XCTAssertNoThrow(
            try SummaryComparison(
                document: document, query: RecordQuery(), period: .month(november), basis: .previous,
                today: day("2026-11-20")))

        // The categories' limits together are bounded by the same rule: one more is refused…
        var more = document
        try more.setLimit(try SpendingLimit(monthly: largest - 6 * each + 1), for: .category("g"))
        XCTAssertThrowsError(try more.checkTotals(since: document)) {
            XCTAssertEqual($0 as? BudgetError, .limitsTooLarge(maximum: largest))
        }
        try more.setLimit(try SpendingLimit(monthly: largest - 6 * each), for: .category("g"))
        XCTAssertNoThrow(try more.checkTotals(since: document))
        // …while a file written before the bound keeps taking changes that do not raise them.
        var old = BudgetDocument()
        for category in ["a", "b"] { try old.setLimit(try SpendingLimit(monthly: largest), for: .category(category)) }
        var changed = old
        try changed.addExpense(name: "x", amount: 1, category: "a", date: day("2026-11-05"))
        XCTAssertNoThrow(try changed.checkTotals(since: old))
        try changed.setLimit(try SpendingLimit(monthly: largest - 1), for: .category("a"))
        XCTAssertNoThrow(try changed.checkTotals(since: old))
        XCTAssertThrowsError(try old.checkTotals())

        // Such a file, six categories at the largest limit each carrying since 0001-01 (about a
        // fifth of Int.max carried into 2026-11 by each), forecasts: the surplus carried is not
        // planned (it was "the total is too large to compute").
        var six = BudgetDocument()
        for category in ["a", "b", "c", "d", "e", "f"] {
            try six.setLimit(
                try SpendingLimit(amount: largest, rollover: .surplus, since: month("0001-01")),
                for: .category(category))
        }
        let sixMonths = try Forecast(document: six, today: day("2026-11-20"), months: 120)
        XCTAssertEqual(sixMonths.months[0].planned.map(\.unspent), Array(repeating: largest, count: 6))
        XCTAssertEqual(sixMonths.months[119].projectedBalance, -(6 * largest * 120))
        XCTAssertEqual(try Summary(document: six, query: query).categories.count, 6)
    }

    func testAllRollover_AnOverspendAsLargeAsEveryExpenseFits() throws {
        var document = try document([("2026-01-01", "food", Int.max)])
        try document.setLimit(
            try SpendingLimit(amount: 0, rollover: .all, since: month("2026-01")), for: .category("food"))
        let status = try XCTUnwrap(
            try LimitLedger(document: document).status(
                .category("food"), in: document.budgetCalendar.period(containing: day("2026-02-01"))))
        XCTAssertEqual(status.carriedIn, -Int.max)
        XCTAssertEqual(status.remaining, -Int.max)
    }
}
