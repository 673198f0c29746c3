import TestSupport
import XCTest
@testable import BudgetCore

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

    func testPercent_In64BitsIsWhat128BitsMake() {
        var generator = SeededGenerator(seed: 1_000)
        let edges = [0, 1, -1, 2, 3, 999, 1_000, 1_001, Int.max / 1_000, Int.max / 1_000 + 1,
                     -(Int.max / 1_000), -(Int.max / 1_000) - 1, Int.max, Int.min, Int.min + 1,
                     9_223_372_036_854_775, -9_223_372_036_854_775]
        var pairs = edges.flatMap { part in edges.map { (part, $0) } }
        for _ in 0..<20_000 {
            let scale = Int.random(in: 0..<63, using: &generator)
            let part = Int.random(in: -(1 << scale)...(1 << scale), using: &generator)
            let total = Int.random(in: -(1 << scale)...(1 << scale), using: &generator)
            pairs.append((part, total))
            pairs.append((part, part &* 2 &+ 1))
        }
        for (part, total) in pairs {
            let exact = Percent(exactly: Int128(part), of: Int128(total))
            XCTAssertEqual(Percent(part, of: total), exact, "\(part) of \(total)")
            let magnitude = exact.tenths.magnitude
            XCTAssertEqual(
                Percent(part, of: total).description,
                (exact.tenths < 0 ? "-" : "") + "\(magnitude / 10).\(magnitude % 10)", "\(part) of \(total)")
        }
    }
}
