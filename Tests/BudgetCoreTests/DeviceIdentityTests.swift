import XCTest
@testable import BudgetCore

/// Each device's block of IDs, and the names devices take.
final class DeviceIdentityTests: XCTestCase {
    func testIDBlocks_NeverOverlapAndBlockZeroKeepsTheIDsWrittenBefore() throws {
        let zero = try XCTUnwrap(IDBlock(index: 0)), one = try XCTUnwrap(IDBlock(index: 1))
        XCTAssertEqual(zero.ids, 1...9_999_999)
        XCTAssertEqual(one.ids, 10_000_000...19_999_999)
        XCTAssertEqual(IDBlock(index: 9)?.ids.upperBound, 99_999_999, "the last 8-digit ID")
        XCTAssertNil(IDBlock(index: 10))
        XCTAssertNil(IDBlock(index: -1))
        XCTAssertEqual(zero.next(after: 41), 42, "the counter written before goes on")
        XCTAssertEqual(one.next(after: nil), 10_000_000)
        XCTAssertNil(zero.next(after: 9_999_999), "a used-up block hands out nothing")
        XCTAssertNil(one.next(after: 5), "an ID of another block is not this block's counter")
        XCTAssertEqual(IDBlock.containing(12_345_678), one)
        let two = try XCTUnwrap(IDBlock(index: 2))
        XCTAssertEqual(IDBlock.lowestFree(taken: [zero, two]), one)
        XCTAssertNil(IDBlock.lowestFree(taken: Set((0..<10).compactMap(IDBlock.init(index:)))))
        for index in 0..<9 {
            let block = try XCTUnwrap(IDBlock(index: index)), next = try XCTUnwrap(IDBlock(index: index + 1))
            XCTAssertEqual(block.ids.upperBound + 1, next.ids.lowerBound, "blocks \(index) and \(index + 1) meet")
        }
    }

    func testDeviceNames_AreOneWord() {
        for name in ["laptop", "妻のMac", "desk-2", "phone_b", "ﾉｰﾄ"] {
            XCTAssertEqual(try? DeviceName.validated(name), name, name)
        }
        for bad in ["", "my laptop", "a.b", "a/b", "x\u{202E}y", String(repeating: "a", count: 33), "tab\t"] {
            XCTAssertThrowsError(try DeviceName.validated(bad), bad)
        }
    }
}
