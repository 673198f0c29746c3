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

    func testYesterday_AfterAMidnightSpringForwardIsTheDayBefore() throws {
        // Chile moved its clocks from 00:00 to 01:00 on 2022-09-11, so that day had 23 hours.
        // At 00:30 on 2022-09-12 (03:30 UTC), 86,400 seconds back is 23:30 on 2022-09-10.
        try withTimeZone("America/Santiago") {
            let now: time_t = 1_662_953_400  // 2022-09-12T03:30:00Z
            XCTAssertEqual(Day.today(now: now).iso, "2022-09-12")
            XCTAssertEqual(Day.daysAgo(1, now: now).iso, "2022-09-11")
            XCTAssertEqual(Day.daysAgo(2, now: now).iso, "2022-09-10")
        }
    }

    func testYesterday_AfterAMidnightFallBackIsTheDayBefore() throws {
        // Chile moved its clocks from 00:00 back to 23:00 on 2022-04-02, a 25-hour day.
        try withTimeZone("America/Santiago") {
            let now: time_t = 1_648_954_800  // 2022-04-03T03:00:00Z, 23:00 local: 86,400 s back is 00:00 the same day
            XCTAssertEqual(Day.today(now: now).iso, "2022-04-02")
            XCTAssertEqual(Day.daysAgo(1, now: now).iso, "2022-04-01")
        }
    }

    func testDayNumber_RoundTripsEveryDayOfTheCalendar() throws {
        var day = try XCTUnwrap(Day(iso: "0001-01-01"))
        XCTAssertEqual(day.dayNumber, -719_162)
        XCTAssertNil(day.advanced(byDays: -1))
        XCTAssertEqual(Day(iso: "1970-01-01")?.dayNumber, 0)
        var number = day.dayNumber
        while let next = day.advanced(byDays: 1) {
            number += 1
            let expected = day.day < Day.daysInMonth(year: day.year, month: day.month)
                ? Day(year: day.year, month: day.month, day: day.day + 1) : day.firstOfNextMonth
            guard next == expected, next.dayNumber == number, Day(dayNumber: number) == next else {
                return XCTFail("after \(day) came \(next), numbered \(next.dayNumber) instead of \(number)")
            }
            day = next
        }
        XCTAssertEqual(day.iso, "9999-12-31")
        XCTAssertNil(day.advanced(byDays: Int.max))
    }

    /// Runs `body` with the process's local time zone set to `zone`.
    private func withTimeZone(_ zone: String, _ body: () throws -> Void) throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/" + zone) else {
            // Under CI (`.ci/run` installs tzdata) a missing zone fails: a green CI means the test ran.
            if !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty {
                XCTFail("the time zone database has no \(zone); under CI that is a failure, not a skip")
                return
            }
            throw XCTSkip("the time zone database has no \(zone)")
        }
        let saved = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", zone, 1)
        tzset()
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        try body()
    }
}
