import TestSupport
import XCTest
@testable import BudgetCore

/// Looking for a run of bytes in a file's bytes, forwards and backwards, against the plain search.
final class ByteViewTests: XCTestCase {
    /// Where `pattern` starts within `range` of `bytes`, the plain way: every start tried.
    private func starts(of pattern: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> [Int] {
        guard range.count >= pattern.count else { return [] }
        return (range.lowerBound...(range.upperBound - pattern.count)).filter {
            Array(bytes[$0..<$0 + pattern.count]) == pattern
        }
    }

    func testAPatternIsFoundFirstAndLastWhereThePlainSearchFindsIt() {
        var random = SeededGenerator(seed: 7)
        for round in 0..<2_000 {
            // Few distinct bytes, so that patterns occur, overlap and are cut by the range's ends.
            func draw(_ counts: Range<Int>) -> [UInt8] {
                (0..<Int.random(in: counts, using: &random)).map { _ in UInt8.random(in: 10...12, using: &random) }
            }
            let bytes = draw(0..<40), pattern = draw(1..<5)
            let lower = Int.random(in: 0...bytes.count, using: &random)
            let range = lower..<Int.random(in: lower...bytes.count, using: &random)
            let expected = starts(of: pattern, in: bytes, range)
            ByteView.withBytes(of: bytes) { view in
                XCTAssertEqual(view.firstIndex(of: pattern, in: range), expected.first, "round \(round)")
                XCTAssertEqual(view.lastIndex(of: pattern, in: range), expected.last, "round \(round)")
            }
        }
    }

    func testAByteIsFoundLastWhereThePlainSearchFindsIt_EightAtATimeOrNot() {
        var random = SeededGenerator(seed: 11)
        for round in 0..<500 {
            // Every byte value, the one looked for rare or common, runs longer than a word.
            let sought = UInt8.random(in: 0...255, using: &random)
            let often = Int.random(in: 1...40, using: &random)
            let bytes = (0..<Int.random(in: 0..<80, using: &random)).map { _ in
                Int.random(in: 0..<often, using: &random) == 0 ? sought : UInt8.random(in: 0...255, using: &random)
            }
            ByteView.withBytes(of: bytes) { view in
                for end in 0...bytes.count + 2 {
                    let expected = bytes[..<min(end, bytes.count)].lastIndex(of: sought)
                    XCTAssertEqual(view.lastIndex(of: sought, before: end), expected, "round \(round), end \(end)")
                }
            }
        }
    }

    func testAText_IsScannedAsByteByByte_EightAtATimeOrNot() {
        // The scan a byte at a time, as it was written first.
        func scanned(_ bytes: [UInt8], from start: Int, refusingDelete: Bool) -> [Int]? {
            var end = max(start, 0), combined: UInt8 = 0, visible = false
            while end < bytes.count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 || byte == (refusingDelete ? 0x7F : 0xFF) { return nil }
                combined |= byte
                if byte != 0x20 && byte < 0x80 { visible = true }
                end += 1
            }
            return [end, Int(combined), visible ? 1 : 0]
        }
        var random = SeededGenerator(seed: 13)
        // Mostly spaces, kana and letters, now and then a byte that ends the text or is refused.
        let common: [UInt8] = [0x20, 0x20, 0x41, 0x7A, 0xE3, 0x81, 0x82, 0xEF, 0xBD, 0xB6, 0x30]
        let rare: [UInt8] = [0x22, 0x5C, 0x00, 0x09, 0x1F, 0x7F, 0x80, 0xFF, 0x21, 0x5B, 0x5D, 0x1E]
        for round in 0..<3_000 {
            let rarity = Int.random(in: 1...60, using: &random)
            let bytes = (0..<Int.random(in: 0..<70, using: &random)).map { _ in
                Int.random(in: 0..<rarity, using: &random) == 0
                    ? rare.randomElement(using: &random)! : common.randomElement(using: &random)!
            }
            ByteView.withBytes(of: bytes) { view in
                for start in [0, 1, 3, 8, bytes.count / 2, bytes.count] {
                    for refusing in [false, true] {
                        let found = view.scanText(from: start, refusingDelete: refusing)
                        XCTAssertEqual(
                            found.map { [$0.end, Int($0.combined), $0.visible ? 1 : 0] },
                            scanned(bytes, from: start, refusingDelete: refusing), "round \(round), \(bytes)")
                    }
                }
            }
        }
    }

    func testAPrefixIsTheBytesTheUTF8ViewStartsWith() {
        let texts = ["", "b", "budget.", "budget.limit.", "budget.limit.食費", "budget.limit.\u{301}x", "budgeT.",
                     "か\u{3099}", "が", "ｾﾌﾞﾝ", String(repeating: "家賃", count: 40)]
        for text in texts {
            for prefix in texts + ["budget.limit.食", "か", "budget.limit.食費!"] {
                XCTAssertEqual(
                    ByteView.hasPrefix(prefix, in: text), text.utf8.starts(with: prefix.utf8), "\(text) / \(prefix)")
            }
        }
    }
}
