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
        XCTAssertEqual(labels.map { index.existingNumber(of: $0) }, Array(0..<300))
        XCTAssertNil(index.existingNumber(of: "食費 1"), "a label never numbered has no number")
        XCTAssertNil(index.existingNumber(of: ""))
        XCTAssertEqual(index.labels.count, 300, "and is not given one by asking")
        XCTAssertEqual(index.number(of: ""), 300, "the empty label is a label")
        XCTAssertEqual(index.existingNumber(of: ""), 300)
    }

    func testRoomReserved_BeforeOrBetweenLabels_ChangesNoNumber() {
        let labels = (0..<300).map { $0 % 3 == 0 ? "食費 \($0)" : "label \($0)" }
        for (reserveAt, room) in [(0, 300), (0, 1), (0, 5_000), (100, 150), (100, 2_000), (299, 64)] {
            var index = LabelIndex()
            for (number, label) in labels.enumerated() {
                if number == reserveAt { index.reserveCapacity(room) }
                XCTAssertEqual(index.number(of: label), number, "room \(room) at \(reserveAt)")
            }
            // Found again, from the slots the reserved room made.
            XCTAssertEqual(labels.map { index.existingNumber(of: $0) }, Array(0..<300), "room \(room) at \(reserveAt)")
            XCTAssertNil(index.existingNumber(of: "食費 1"))
        }
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

    func testLabelsAndNamesAroundEightAndSixteenBytes_AreToldApartByEveryByte() {
        // Short spellings are compared as two words: each length near a word's edge, the last
        // byte or the first one different, a prefix, and a zero byte where the words pad.
        var labels: [String] = []
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 24] {
            let base = String(repeating: "a", count: length)
            labels.append(base)
            if length > 0 { labels.append(String(base.dropLast()) + "b") }
            if length > 1 { labels.append("b" + String(base.dropFirst())) }
            labels.append(base + "\u{0}")
        }
        labels += ["楽天カード", "楽天カード\u{0}", "楽天銀行", "ＡＭＡＺＯＮ", "ＡＭＡＺＯＭ"]
        XCTAssertEqual(Set(labels.map { Array($0.utf8) }).count, labels.count)
        var index = LabelIndex()
        for (number, label) in labels.enumerated() { XCTAssertEqual(index.number(of: label), number, label) }
        for (number, label) in labels.enumerated() { XCTAssertEqual(index.number(of: label), number, label) }
        let lookup = NameLookup(labels)
        for (position, label) in labels.enumerated() { XCTAssertEqual(lookup.index(of: label), position, label) }
        XCTAssertNil(lookup.index(of: "楽天"))
        XCTAssertNil(lookup.index(of: String(repeating: "a", count: 25)))
        XCTAssertNil(NameLookup([]).index(of: ""))
    }
}
