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
