import XCTest
@testable import BudgetCore

/// `DelimitedReader.separated` reads UTF-8 bytes; held here to the reader it replaced, which
/// read Unicode scalars one at a time, on random texts of quotes, line breaks, separators
/// (ASCII and not) and Japanese: the same rows, or the same error.
final class DelimitedReaderTests: XCTestCase {
    func testTheByteReader_ReadsWhatTheScalarReaderRead() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "家賃", "ｾﾌﾞﾝ", "ＡＭＡＺＯＮ", "\"", "\"\"", ",", "\t", "、", ";", "\r\n", "\n", "\r", " ",
                      "\u{FEFF}", "é", "e\u{301}", "😀", "1,200"]
        for round in 0..<3_000 {
            let delimiter: Unicode.Scalar = [",", "\t", ";", "、"][round % 4]
            let count = Int.random(in: 0...24, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let expected = Result { () throws(ImportError) in try ScalarReader.separated(text, by: delimiter) }
            let found = Result { () throws(ImportError) in try DelimitedReader.separated(text, by: delimiter) }
            switch (expected, found) {
            case (.success(let rows), .success(let read)):
                XCTAssertEqual(read, rows, "\(text.debugDescription)")
                XCTAssertGreaterThanOrEqual(DelimitedReader.rowBound(of: text), read.count, "\(text.debugDescription)")
            case (.failure(let error), .failure(let other)):
                XCTAssertEqual(other.errorDescription, error.errorDescription, "\(text.debugDescription)")
            default: XCTFail("\(text.debugDescription): \(expected) but \(found)")
            }
        }
    }

    /// The room made for a text's rows before reading them: its lines that are not blank,
    /// however they end, up to a limit (a file of line breaks asks for no room).
    func testRowBound_CountsLinesWithTextUpToALimit() {
        XCTAssertEqual(DelimitedReader.rowBound(of: ""), 0)
        XCTAssertEqual(DelimitedReader.rowBound(of: "a,b"), 1)
        XCTAssertEqual(DelimitedReader.rowBound(of: "a\nb\n"), 2)
        XCTAssertEqual(DelimitedReader.rowBound(of: "a\r\nb\r\nc"), 3, "CRLF ends one line")
        XCTAssertEqual(DelimitedReader.rowBound(of: "a\rb\rc\r"), 3, "a file of CRs (old Mac) counts them")
        XCTAssertEqual(DelimitedReader.rowBound(of: "家賃,\"1\n2\"\nｾﾌﾞﾝ,3\n"), 3)
        XCTAssertEqual(DelimitedReader.rowBound(of: "a\n" + String(repeating: "\r\n", count: 100_000)), 1)
        XCTAssertEqual(
            DelimitedReader.rowBound(of: String(repeating: "1\n", count: DelimitedReader.roomLimit + 5)),
            DelimitedReader.roomLimit)
    }
}

/// The scalar-by-scalar reader `DelimitedReader.separated` was until it read bytes.
private enum ScalarReader {
    static func separated(
        _ text: String, by delimiter: Unicode.Scalar
    ) throws(ImportError) -> [DelimitedReader.Row] {
        var rows: [DelimitedReader.Row] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1, rowLine = 1
        var inQuotes = false, wasQuoted = false, atFieldStart = true
        var scalars = Array((text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)).unicodeScalars)
        scalars.append("\n")
        var index = 0
        func endRow() {
            fields.append(String(field))
            if !(fields.count == 1 && fields[0].isEmpty && !wasQuoted) {
                rows.append(DelimitedReader.Row(line: rowLine, fields: fields))
            }
            fields = []
            field = String.UnicodeScalarView()
        }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if inQuotes {
                if scalar == "\"" {
                    if index < scalars.count && scalars[index] == "\"" {
                        field.append("\"")
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else if scalar == "\r" || scalar == "\n" {
                    // A line break inside quotes is part of the field: CRLF (RFC 4180's own) and a
                    // lone CR become "\n", like a line break typed anywhere else.
                    if scalar == "\r" && index < scalars.count && scalars[index] == "\n" { index += 1 }
                    line += 1
                    field.append("\n")
                } else {
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard atFieldStart else {
                    throw ImportError(
                        line: line, column: String(fields.count + 1),
                        "a quote inside an unquoted field (quote the whole field and double the quote)")
                }
                inQuotes = true
                wasQuoted = true
                atFieldStart = false
            case delimiter:
                fields.append(String(field))
                field = String.UnicodeScalarView()
                atFieldStart = true
                wasQuoted = false
            case "\r" where index < scalars.count && scalars[index] == "\n":
                continue
            case "\n", "\r":
                endRow()
                line += 1
                rowLine = line
                atFieldStart = true
                wasQuoted = false
            default:
                if wasQuoted {
                    throw ImportError(
                        line: line, column: String(fields.count + 1), "text after the closing quote of a field")
                }
                field.append(scalar)
                atFieldStart = false
            }
        }
        if inQuotes { throw ImportError(line: rowLine, "a quoted field is never closed") }
        return rows
    }
}
