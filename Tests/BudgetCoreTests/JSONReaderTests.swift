import XCTest
@testable import BudgetCore

final class JSONReaderTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONNode {
        try JSONReader.parse(Array(text.utf8))
    }

    private func error(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONReader.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    func testParse_ReadsEscapesSurrogatePairsAndJapanese() throws {
        let node = try parse(#"{"a": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00家賃"}"#)
        guard case .object(let members) = node.value, case .string(let text) = members[0].node.value else {
            return XCTFail("expected an object with a string")
        }
        XCTAssertEqual(text, "x\"\\/\u{8}\u{c}\n\r\té😀家賃")
    }

    func testParse_KeepsIntegersExact() throws {
        guard case .number(let text) = try parse("9223372036854775807").value else { return XCTFail() }
        XCTAssertEqual(Int(text), Int.max)
    }

    func testParse_RefusesDuplicateKeysAtTheSecondKey() {
        let failure = error(Array(#"{"a": 1, "a": 2}"#.utf8))
        XCTAssertEqual(failure, JSONSyntaxError(offset: 9, message: "duplicate key \"a\""))
    }

    func testParse_RefusesMalformedDocuments() {
        let cases: [(String, String)] = [
            ("", "the file is empty"),
            ("   ", "the file is empty"),
            (#"{"a": 1"#, "unexpected end of file (the file looks truncated)"),
            (#"{"a": tru}"#, "invalid literal, expected 'true'"),
            (#"{"a": 01}"#, "expected ',' or '}' but found '1'"),
            (#"{"a": 1,}"#, "expected a string key but found '}'"),
            (#"{"a": 1} x"#, "unexpected content after the end of the document"),
            (#"{"a": "\x"}"#, "invalid escape sequence in a string"),
            (#"{"a": "\ud800"}"#, "unpaired surrogate in \\u escape"),
            ("{\"a\": \"\t\"}", "unescaped control character in a string"),
            (#"{'a': 1}"#, "expected a string key but found '''"),
            (#"[1.]"#, "expected a digit but found ']'"),
        ]
        for (text, message) in cases {
            XCTAssertEqual(error(Array(text.utf8))?.message, message, text)
        }
    }

    func testParse_RefusesInvalidUTF8() {
        XCTAssertEqual(error([0x22, 0xFF, 0x22])?.message, "invalid UTF-8 in a string")
        XCTAssertEqual(error([0x22, 0xE5, 0xAE, 0x22])?.message, "invalid UTF-8 in a string")
    }

    func testParse_RefusesHostileNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        XCTAssertEqual(error(Array(deep.utf8))?.message, "nesting deeper than 64 levels")
    }

    func testTextPosition_CountsLinesAndCharacters() {
        let bytes = Array("{\n  \"家\": x\n}".utf8)
        let offset = bytes.firstIndex(of: UInt8(ascii: "x"))!
        var positions = TextPositions(bytes)
        XCTAssertEqual(positions.position(of: offset), TextPosition(line: 2, column: 8))
        XCTAssertEqual(
            positions.position(of: bytes.count + 5),
            TextPosition(line: 3, column: 2),
            "past the end: after the last byte")
        XCTAssertEqual(
            positions.position(of: 1), TextPosition(line: 1, column: 2), "behind the last lookup: starts over")
    }

    func testTextPositions_InAscendingOrderScanTheTextOnceInAll() {
        let text = (1...2_000).map { "line \($0) 家賃 😀\n" }.joined()
        let bytes = Array(text.utf8)
        var positions = TextPositions(bytes)
        let before = TextPositionsCounter.bytesScanned.load(ordering: .relaxed)
        // The reference walks the text byte by byte beside it: a line after each newline, a
        // column for each byte that starts a character (a quadratic count from the start each
        // time took 16 s of `make check` in a debug build).
        var line = 1, column = 1
        for offset in 0...bytes.count {
            if offset % 7 == 0 {
                XCTAssertEqual(
                    positions.position(of: offset), TextPosition(line: line, column: column), "offset \(offset)")
            }
            guard offset < bytes.count else { break }
            if bytes[offset] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if bytes[offset] & 0xC0 != 0x80 {
                column += 1
            }
        }
        XCTAssertLessThanOrEqual(TextPositionsCounter.bytesScanned.load(ordering: .relaxed) - before, bytes.count)
    }

    func testSerializer_EncoderCompatibleStyleMatchesJSONEncoder() throws {
        struct Sample: Encodable { var b: String; var a: [String: Int]; var c: [String: Int] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = "q\"\\/\u{1}\u{1f}\u{7f}\u{8}\u{c}\n\r\té家😀"
        let expected = try encoder.encode(Sample(b: text, a: [:], c: ["z": -1, "y": 2]))
        let value = JSONValue.object(
            [("b", .string(text)), ("a", .object([])), ("c", .object([("z", .int(-1)), ("y", .int(2))]))])
        XCTAssertEqual(String(decoding: JSONSerializer(style: .encoderCompatible).serialize(value), as: UTF8.self),
                       String(decoding: expected, as: UTF8.self))
    }

    func testSerializer_CompactValuesGoOnOneLineInsideAnIndentedDocument() throws {
        let record = JSONValue.object([
            ("name", .string("a\n\"b\"")), ("amount", .int(900)), ("tags", .array([.string("x"), .string("家")])),
            ("none", .array([])), ("empty", .object([])), ("flag", .bool(true)), ("gone", .null)
        ])
        let value = JSONValue.object([("removed", .array([.compact(record), .compact(.int(1))]))])
        XCTAssertEqual(String(decoding: JSONSerializer(style: .encoderCompatible).serialize(value), as: UTF8.self), #"""
            {
              "removed" : [
                {"amount":900,"empty":{},"flag":true,"gone":null,"name":"a\n\"b\"","none":[],"tags":["x","家"]},
                1
              ]
            }
            """#)
        XCTAssertEqual(
            String(decoding: JSONSerializer(style: .standard).serialize(.compact(record)), as: UTF8.self),
            #"{"name":"a\n\"b\"","amount":900,"tags":["x","家"],"none":[],"empty":{},"flag":true,"gone":null}"#)
        XCTAssertEqual(JSONValue.compact(record), record, "only the layout differs")
        // What the serializer writes compactly, the strict reader reads back.
        let node = try JSONReader.parse(JSONSerializer(style: .encoderCompatible).serialize(.compact(record)))
        guard case .object(let members) = node.value else { return XCTFail("an object") }
        XCTAssertEqual(members.map(\.key), ["amount", "empty", "flag", "gone", "name", "none", "tags"])
    }
}
