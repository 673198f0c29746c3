import XCTest
@testable import BudgetCore

/// Labels numbered by their bytes, for reports that add up many records by label.
final class LabelIndexTests: XCTestCase {
    func testLabels_AreNumberedInTheOrderTheyFirstAppear_ThroughGrowth() {
        var index = LabelIndex()
        let labels = (0..<300).map { $0 % 3 == 0 ? "食費 \($0)" : "label \($0)" }
        for (number, label) in labels.enumerated() {
            XCTAssertEqual(index.number(of: label), number)
        }
        // Asked again (past several doublings of the slots): the same numbers.
        for (number, label) in labels.enumerated().reversed() {
            XCTAssertEqual(index.number(of: label), number)
        }
        XCTAssertEqual(index.labels, labels)
        XCTAssertEqual(index.number(of: ""), 300, "the empty label is a label")
    }

    func testSpellingsUnicodeCallsEqual_GetTwoNumbers_WhichTheLabelsJoin() {
        var index = LabelIndex()
        let composed = "が", decomposed = "か\u{3099}"
        XCTAssertEqual(composed, decomposed, "Swift compares canonically")
        XCTAssertEqual(index.number(of: composed), 0)
        XCTAssertEqual(index.number(of: decomposed), 1)
        XCTAssertEqual(index.number(of: "ｾﾌﾞﾝ"), 2)
        XCTAssertEqual(index.number(of: "セブン"), 3, "half-width and full-width differ")
        XCTAssertEqual(Set(index.labels).count, 3, "joined by String equality, the two spellings are one")
    }
}
