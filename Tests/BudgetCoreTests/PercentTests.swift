import BudgetCore
import XCTest

final class PercentTests: XCTestCase {
    func testPercent_RoundsHalfAwayFromZeroToTenths() {
        XCTAssertEqual(Percent(2, of: 3).description, "66.7")
        XCTAssertEqual(Percent(1, of: 3).description, "33.3")
        XCTAssertEqual(Percent(1, of: 2000).description, "0.1", "0.05 rounds away from zero")
        XCTAssertEqual(Percent(-1, of: 2000).description, "-0.1")
        XCTAssertEqual(Percent(1, of: -3).description, "-33.3")
        XCTAssertEqual(Percent(0, of: 0).description, "0.0")
        XCTAssertEqual(Percent(5, of: 0).description, "0.0")
    }

    func testPercent_OfExtremeAmountsIsExact() {
        XCTAssertEqual(Percent(Int.max, of: 1).description, "922337203685477580700.0")
        XCTAssertEqual(Percent(Int.min, of: 1).description, "-922337203685477580800.0")
        XCTAssertEqual(Percent(Int.max, of: Int.max).description, "100.0")
        XCTAssertEqual(Percent(Int.min, of: -1).description, "922337203685477580800.0")
        XCTAssertEqual(Percent(1, of: Int.max).description, "0.0")
    }
}
