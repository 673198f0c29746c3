import XCTest
@testable import BudgetCore

/// A card's billing cycle (issue #29): which statement a purchase falls in, when it is withdrawn,
/// and the withdrawals after a day, at the edges of months and years.
final class CardCycleTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text)! }

    private func check(
        _ cycle: CardCycle, _ purchase: String, _ start: String, _ closing: String, _ withdrawal: String,
        line: UInt = #line
    ) {
        let statement = cycle.statement(containing: day(purchase))
        XCTAssertEqual(statement.start, day(start), "start of \(purchase)", line: line)
        XCTAssertEqual(statement.closing, day(closing), "closing of \(purchase)", line: line)
        XCTAssertEqual(statement.withdrawal, day(withdrawal), "withdrawal of \(purchase)", line: line)
        XCTAssertTrue(statement.contains(day(purchase)), line: line)
        XCTAssertEqual(cycle.withdrawalDay(ofPurchaseOn: day(purchase)), day(withdrawal), line: line)
    }

    func testClosingLast_WithdrawsTheMonthAfter() {
        let cycle = CardCycle(closing: .last, withdrawal: 27)
        check(cycle, "2026-11-01", "2026-11-01", "2026-11-30", "2026-12-27")
        check(cycle, "2026-11-30", "2026-11-01", "2026-11-30", "2026-12-27")
        check(cycle, "2026-12-31", "2026-12-01", "2026-12-31", "2027-01-27")
        check(cycle, "2027-01-15", "2027-01-01", "2027-01-31", "2027-02-27")
        check(cycle, "2028-02-29", "2028-02-01", "2028-02-29", "2028-03-27")
    }

    func testClosing15_WithdrawsTheMonthAfterTheClosingMonth() {
        let cycle = CardCycle(closing: .day(15), withdrawal: 10)
        check(cycle, "2026-10-16", "2026-10-16", "2026-11-15", "2026-12-10")
        check(cycle, "2026-11-15", "2026-10-16", "2026-11-15", "2026-12-10")
        check(cycle, "2026-11-16", "2026-11-16", "2026-12-15", "2027-01-10")
        check(cycle, "2026-12-20", "2026-12-16", "2027-01-15", "2027-02-10")
    }

    func testDayNumbersPastAMonthsEnd_AreItsLastDay() {
        // Closing on the 31st closes on February's last day; a withdrawal on the 31st is paid on
        // the last day of a shorter month.
        let cycle = CardCycle(closing: .day(31), withdrawal: 31)
        check(cycle, "2027-02-10", "2027-02-01", "2027-02-28", "2027-03-31")
        check(cycle, "2027-01-31", "2027-01-01", "2027-01-31", "2027-02-28")
        check(cycle, "2028-01-31", "2028-01-01", "2028-01-31", "2028-02-29")
        check(cycle, "2026-10-31", "2026-10-01", "2026-10-31", "2026-11-30")
        let thirtieth = CardCycle(closing: .day(30), withdrawal: 5)
        check(thirtieth, "2027-02-28", "2027-01-31", "2027-02-28", "2027-03-05")
        check(thirtieth, "2027-03-01", "2027-03-01", "2027-03-30", "2027-04-05")
        check(thirtieth, "2027-03-31", "2027-03-31", "2027-04-30", "2027-05-05")
    }

    func testStatementsWithdrawnAfterADay_AreInOrderWithinTheRange() {
        let cycle = CardCycle(closing: .day(15), withdrawal: 10)
        let found = cycle.statements(withdrawnAfter: day("2026-12-05"), through: day("2027-02-10"))
        XCTAssertEqual(found.map(\.withdrawal), [day("2026-12-10"), day("2027-01-10"), day("2027-02-10")])
        XCTAssertEqual(found.first?.start, day("2026-10-16"))
        XCTAssertEqual(cycle.statements(withdrawnAfter: day("2026-12-10"), through: day("2026-12-31")), [])
    }

    func testStatementWithdrawnNearADay_IsTheNearestWithinTheTolerance() {
        let cycle = CardCycle(closing: .last, withdrawal: 27)
        XCTAssertEqual(cycle.statement(withdrawnNear: day("2026-12-28"), within: 7)?.closing, day("2026-11-30"))
        XCTAssertEqual(cycle.statement(withdrawnNear: day("2026-12-20"), within: 7)?.closing, day("2026-11-30"))
        XCTAssertNil(cycle.statement(withdrawnNear: day("2026-12-10"), within: 7))
    }

    func testCycleOfAnAccount_NeedsACardWithBothDays() {
        XCTAssertEqual(
            CardCycle(Account(name: "c", type: .card, closing: .last, withdrawal: 27)),
            CardCycle(closing: .last, withdrawal: 27))
        XCTAssertNil(CardCycle(Account(name: "c", type: .card, closing: .last)))
        XCTAssertNil(CardCycle(Account(name: "c", type: .card, withdrawal: 27)))
        XCTAssertNil(CardCycle(Account(name: "b", type: .bank, closing: .last, withdrawal: 27)))
    }
}
