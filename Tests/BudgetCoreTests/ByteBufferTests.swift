@testable import BudgetCore
import XCTest

/// The writer's byte buffer: numbers and strings as the JSON serializer writes them.
final class ByteBufferTests: XCTestCase {
    func testNumbersAreWrittenAsDecimalText() {
        var numbers = [
            0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 12_345, 100_000, 9_999_999, Int.max, Int.min, -1, -10, -99, -100
        ]
        var power = 1
        while power <= Int.max / 10 {
            power *= 10
            numbers += [power - 1, power, power + 1, -power]
        }
        for number in numbers {
            var buffer = ByteBuffer(capacity: 16)
            buffer.write(number)
            XCTAssertEqual(buffer.withBytes { String(decoding: $0, as: UTF8.self) }, String(number), "\(number)")
        }
    }

    func testPlainAndEscapedStringsMatchTheSerializer() {
        for text in ["", "Lunch", "家賃", "ｾﾌﾞﾝ", "a\"b", "back\\slash", "tab\there", "\u{1}", "line\nbreak", "😀 ok"] {
            var buffer = ByteBuffer(capacity: 16)
            buffer.writeInPlace(upTo: ByteSpace.jsonStringBound(text.utf8.count)) { $0.putJSONString(text) }
            var expected: [UInt8] = []
            JSONSerializer.writeString(text, into: &expected)
            XCTAssertEqual(buffer.withBytes { Array($0) }, expected, text)
        }
    }
}
