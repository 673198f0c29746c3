import XCTest
@testable import BudgetCore

final class DayTests: XCTestCase {
    func testISO_ParsesValidDays() {
        XCTAssertEqual(Day(iso: "2026-11-21")?.iso, "2026-11-21")
        XCTAssertEqual(Day(iso: "2024-02-29")?.day, 29)
        XCTAssertEqual(Day(iso: "0001-01-01")?.year, 1)
    }

    func testISO_RejectsImpossibleOrMalformedDays() {
        for text in ["2026-02-29", "2100-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "26-11-21", "2026-1-21",
                     "2026/11/21", "2026-11-21T00:00", "", "0000-01-01", "２０２６-11-21"] {
            XCTAssertNil(Day(iso: text), text)
        }
    }

    func testComparison_FollowsTheCalendar() throws {
        let a = try XCTUnwrap(Day(iso: "2025-12-31")), b = try XCTUnwrap(Day(iso: "2026-01-01"))
        XCTAssertLessThan(a, b)
    }

    func testToday_IsOneDayAfterYesterday() {
        let today = Day.today(), yesterday = Day.daysAgo(1)
        XCTAssertLessThan(yesterday, today)
    }
}
