import XCTest
@testable import BudgetCore

/// The dates of recurring schedules, against hand-written calendars: month ends, leap years,
/// weekdays, weekends, counts, ends and the calendar's end.
final class RecurrenceTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text)! }

    private func dues(_ recurrence: Recurrence, through last: String) -> [String] {
        recurrence.occurrences(through: day(last)).map(\.due.iso)
    }

    func testMonthly_OnThe31stIsTheLastDayOfShortMonths() throws {
        let rent = try Recurrence(.month, on: .dayOfMonth(31), from: day("2027-01-01"))
        XCTAssertEqual(
            dues(rent, through: "2027-05-31"), ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"])
        let leap = try Recurrence(.month, on: .dayOfMonth(30), from: day("2028-01-30"))
        XCTAssertEqual(dues(leap, through: "2028-03-30"), ["2028-01-30", "2028-02-29", "2028-03-30"])
        let last = try Recurrence(.month, on: .lastDayOfMonth, from: day("2026-11-01"))
        XCTAssertEqual(dues(last, through: "2027-02-28"), ["2026-11-30", "2026-12-31", "2027-01-31", "2027-02-28"])
    }

    func testMonthly_StartsWithTheFirstDueDayOnOrAfterTheStart() throws {
        let salary = try Recurrence(.month, on: .dayOfMonth(25), from: day("2026-11-26"))
        XCTAssertEqual(dues(salary, through: "2027-01-31"), ["2026-12-25", "2027-01-25"])
        let everyOther = try Recurrence(every: 2, .month, on: .dayOfMonth(25), from: day("2026-11-26"))
        XCTAssertEqual(dues(everyOther, through: "2027-06-30"), ["2027-01-25", "2027-03-25", "2027-05-25"])
        let fromItsDay = try Recurrence(.month, from: day("2026-01-31"))
        XCTAssertEqual(
            dues(fromItsDay, through: "2026-04-30"), ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"])
    }

    func testWeekly_OnAWeekdayEveryNWeeks() throws {
        XCTAssertEqual(Weekday(of: day("2026-11-24")), .tuesday)
        XCTAssertEqual(Weekday(of: day("1970-01-01")), .thursday)
        XCTAssertEqual(Weekday(of: day("0001-01-01")), .monday)
        let lessons = try Recurrence(every: 2, .week, on: .weekday(.friday), from: day("2026-11-24"))
        XCTAssertEqual(dues(lessons, through: "2026-12-31"), ["2026-11-27", "2026-12-11", "2026-12-25"])
        XCTAssertEqual(Weekday(text: "Fri"), .friday)
        XCTAssertEqual(Weekday(text: "sunday"), .sunday)
        XCTAssertNil(Weekday(text: "fr"))
    }

    func testYearly_TheStartsDateClampedInNonLeapYears() throws {
        let tax = try Recurrence(.year, from: day("2028-02-29"))
        XCTAssertEqual(
            dues(tax, through: "2032-03-01"), ["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"])
    }

    func testDaily_CountUntilAndTheCalendarsEnd() throws {
        XCTAssertEqual(
            dues(try Recurrence(every: 3, .day, from: day("2026-12-30"), count: 3), through: "2027-12-31"),
            ["2026-12-30", "2027-01-02", "2027-01-05"])
        XCTAssertEqual(
            dues(try Recurrence(.week, from: day("2026-12-01"), until: day("2026-12-15")), through: "2027-12-31"),
            ["2026-12-01", "2026-12-08", "2026-12-15"])
        XCTAssertEqual(
            dues(try Recurrence(.year, from: day("9998-06-01")), through: "9999-12-31"),
            ["9998-06-01", "9999-06-01"],
            "no occurrence past 9999: the schedule ends")
        XCTAssertNil(try Recurrence(.year, from: day("9999-06-01")).next(after: day("9999-06-01")))
        let monthly = try Recurrence(.month, on: .dayOfMonth(25), from: day("2026-01-01"))
        XCTAssertEqual(try monthly.next(after: day("2026-11-25"))?.due.iso, "2026-12-25")
    }

    func testWeekend_MovesTheRecordedDayButNotTheDueDay() throws {
        // 2026-10-25 is a Sunday, 2026-07-25 a Saturday.
        let before = try Recurrence(.month, on: .dayOfMonth(25), from: day("2026-07-01"), weekend: .before)
        let occurrences = before.occurrences(through: day("2026-10-31"))
        XCTAssertEqual(occurrences.map(\.due.iso), ["2026-07-25", "2026-08-25", "2026-09-25", "2026-10-25"])
        XCTAssertEqual(occurrences.map(\.day.iso), ["2026-07-24", "2026-08-25", "2026-09-25", "2026-10-23"])
        let after = try Recurrence(.month, on: .dayOfMonth(25), from: day("2026-07-01"), weekend: .after)
        XCTAssertEqual(
            after.occurrences(through: day("2026-10-31")).map(\.day.iso),
            ["2026-07-27", "2026-08-25", "2026-09-25", "2026-10-26"])
    }

    func testImpossibleSchedules_AreRefusedNamingWhy() {
        XCTAssertThrowsError(try Recurrence(every: 0, .month, from: day("2026-01-01"))) {
            XCTAssertEqual($0 as? RecurrenceError, .interval(0))
        }
        XCTAssertThrowsError(try Recurrence(.month, from: day("2026-01-01"), count: 0)) {
            XCTAssertEqual($0 as? RecurrenceError, .count(0))
        }
        XCTAssertThrowsError(try Recurrence(.month, from: day("2026-02-01"), until: day("2026-01-01")))
        XCTAssertThrowsError(try Recurrence(.year, on: .dayOfMonth(30), from: day("2026-01-01"))) {
            XCTAssertEqual($0 as? RecurrenceError, .dayOfMonthNeedsMonths(.year))
        }
        XCTAssertThrowsError(try Recurrence(.month, on: .weekday(.friday), from: day("2026-01-01")))
        XCTAssertThrowsError(try Recurrence(.month, on: .dayOfMonth(32), from: day("2026-01-01")))
        XCTAssertThrowsError(try Recurrence(.month, from: day("2026-01-01"), until: day("2026-05-01"), count: 2))
    }
}
