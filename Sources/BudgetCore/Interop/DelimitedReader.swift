/// Reads CSV (RFC 4180) and TSV (`budget`'s escaped form) into rows of fields.
///
/// A leading UTF-8 byte order mark is skipped; lines may end in LF or CRLF; blank lines are
/// skipped. Each row carries the line it starts on, for error messages.
enum DelimitedReader {
    struct Row: Equatable, Sendable {
        var line: Int
        var fields: [String]
    }

    /// RFC 4180: fields separated by commas; a field in double quotes may hold commas, quotes
    /// (doubled) and line breaks (read as `\n`, whether written CRLF, LF or CR).
    static func csv(_ text: String) throws(ImportError) -> [Row] {
        try separated(text, by: ",")
    }

    /// How many rows to make room for at once before reading a text: its lines that are not
    /// blank (a row ends at a line break, CRLF, CR or LF, and blank lines are no rows), at most
    /// `roomLimit`. Room never filled costs address space, not memory; a file of a million
    /// line breaks asks for none, and a larger file's rows beyond the limit make room as
    /// they come.
    static func rowBound(of text: String) -> Int {
        ByteView.withBytes(utf8Of: text) { bytes in
            if bytes.firstIndex(of: 0x0D, from: 0) == nil {
                // Lines end in LF alone (most files): each found by `memchr`, not byte by byte.
                var lines = 0, position = 0
                while let end = bytes.firstIndex(of: 0x0A, from: position) {
                    if end > position { lines += 1 }
                    if lines == roomLimit { return lines }
                    position = end + 1
                }
                return min(lines + (position < bytes.count ? 1 : 0), roomLimit)
            }
            var lines = 0, lineHasText = false
            for byte in bytes {
                if byte == 0x0D || byte == 0x0A {
                    if lineHasText { lines += 1 }
                    if lines == roomLimit { return lines }
                    lineHasText = false
                } else {
                    lineHasText = true
                }
            }
            if lineHasText { lines += 1 }
            return min(lines, roomLimit)
        }
    }

    /// The most rows `rowBound` makes room for at once.
    static let roomLimit = 1 << 17

    /// CSV's rules with another separator (a statement's tab or semicolon).
    static func separated(_ text: String, by delimiter: Unicode.Scalar) throws(ImportError) -> [Row] {
        var rows: [Row] = []
        try forEachRow(text, by: delimiter) { row throws(ImportError) in rows.append(row) }
        return rows
    }

    /// CSV's rules with a separator, each row handed on as it is read (the file's rows are never
    /// all held at once); an error stops the reading.
    static func forEachRow(
        _ text: String, by delimiter: Unicode.Scalar, _ body: (Row) throws(ImportError) -> Void
    ) throws(ImportError) {
        var text = text
        var failure: ImportError?
        // Read as UTF-8 bytes where the text lies: the quote and the line breaks are ASCII, which
        // no other scalar's bytes contain, and the delimiter's bytes can only match where a
        // scalar starts.
        ByteView.withBytes(utf8Of: &text) { bytes in
            let skipped = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // a byte order mark
            do throws(ImportError) {
                let separator = Array(String(delimiter).utf8)
                try forEachRow(bytes.slice(skipped..<bytes.count), by: separator, body)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// The rows of UTF-8 bytes, read as if they ended in a line break.
    private static func forEachRow(
        _ text: ByteView, by separator: [UInt8], _ body: (Row) throws(ImportError) -> Void
    ) throws(ImportError) {
        let quote = UInt8(ascii: "\""), carriageReturn = UInt8(ascii: "\r"), lineFeed = UInt8(ascii: "\n")
        // The text and the line break it is read as ending in.
        let count = text.count + 1
        func byte(at position: Int) -> UInt8 {
            position < text.count ? text[position] : lineFeed
        }
        let first = separator[0], isOneByte = separator.count == 1
        func isSeparator(at position: Int) -> Bool {
            guard position + separator.count <= count else { return false }
            for offset in separator.indices where byte(at: position + offset) != separator[offset] { return false }
            return true
        }
        var fields: [String] = []
        var quoted: [UInt8] = []
        var line = 1, rowLine = 1
        var index = 0
        // One field a turn, and what ends it: a separator, a line break (the row's end), or, after
        // a closing quote, anything else (an error). The text ends in a line break.
        while index < count {
            let column = fields.count + 1
            let wasQuoted = byte(at: index) == quote
            if wasQuoted {
                index += 1
                quoted.removeAll(keepingCapacity: true)
                var closed = false
                while index < count {
                    let current = byte(at: index)
                    index += 1
                    if current == quote {
                        guard index < count && byte(at: index) == quote else {
                            closed = true
                            break
                        }
                        quoted.append(quote)
                        index += 1
                    } else if current == carriageReturn || current == lineFeed {
                        // A line break inside quotes is part of the field: CRLF (RFC 4180's own)
                        // and a lone CR become "\n", like a line break typed anywhere else.
                        if current == carriageReturn && index < count && byte(at: index) == lineFeed { index += 1 }
                        line += 1
                        quoted.append(lineFeed)
                    } else {
                        quoted.append(current)
                    }
                }
                guard closed else { throw ImportError(line: rowLine, "a quoted field is never closed") }
                fields.append(String(decoding: quoted, as: UTF8.self))
            } else {
                // An unquoted field runs to the next quote, line break or separator.
                let start = index
                while index < text.count {
                    let current = text[index]
                    if current == quote || current == carriageReturn || current == lineFeed
                        || (current == first && (isOneByte || isSeparator(at: index))) { break }
                    index += 1
                }
                if byte(at: index) == quote {
                    throw ImportError(
                        line: line, column: String(column),
                        "a quote inside an unquoted field (quote the whole field and double the quote)")
                }
                // The text is a string's (valid UTF-8), cut where ASCII bytes stand: no check again.
                fields.append(start == index ? "" : text.validString(start..<index, isASCII: false))
            }
            if isSeparator(at: index) {
                index += separator.count
                continue
            }
            guard index < count, byte(at: index) == carriageReturn || byte(at: index) == lineFeed else {
                throw ImportError(line: line, column: String(column), "text after the closing quote of a field")
            }
            if byte(at: index) == carriageReturn && index + 1 < count && byte(at: index + 1) == lineFeed { index += 1 }
            index += 1
            if !(fields.count == 1 && fields[0].isEmpty && !wasQuoted) {
                try body(Row(line: rowLine, fields: fields))
            }
            fields.removeAll(keepingCapacity: true)
            line += 1
            rowLine = line
        }
    }

    /// The first row of a text (blank lines before it skipped), read alone however long it is,
    /// its quoted fields' line breaks included: a header. Nothing after it is parsed, and it is
    /// never cut short. `nil` when the text has no row or its first row is no valid CSV.
    static func firstRow(_ text: Substring, by delimiter: Unicode.Scalar) -> Row? {
        // Where the first record ends: the first line break outside quotes after a scalar
        // that is not one (RFC 4180's doubled quotes toggle twice).
        let scalars = text.unicodeScalars
        var inQuotes = false, seenContent = false
        var end = scalars.endIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\"" {
                inQuotes.toggle()
                seenContent = true
            } else if scalar == "\n" || scalar == "\r" {
                if !inQuotes && seenContent {
                    end = index
                    break
                }
            } else if scalar != "\u{FEFF}" || seenContent {
                seenContent = true
            }
            index = scalars.index(after: index)
        }
        if inQuotes { return nil }
        // The row's text in one copy (a view's slice is a substring without copying).
        return (try? separated(String(Substring(scalars[..<end])), by: delimiter))?.first
    }

    /// The first line of a TSV text that is not empty, read alone: a header.
    static func firstTSVRow(_ text: Substring) -> Row? {
        var rest = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text
        var number = 1
        while !rest.isEmpty {
            let end = rest.firstIndex { $0 == "\n" || $0 == "\r\n" } ?? rest.endIndex
            if end != rest.startIndex {
                return (try? tsv(String(rest[..<end])))?.first.map { Row(line: number, fields: $0.fields) }
            }
            rest = rest[rest.index(after: end)...]
            number += 1
        }
        return nil
    }

    /// Tab-separated, one record per line; `\t`, `\n`, `\r` and `\\` inside fields are unescaped.
    static func tsv(_ text: String) throws(ImportError) -> [Row] {
        var rows: [Row] = []
        try forEachTSVRow(text) { row throws(ImportError) in rows.append(row) }
        return rows
    }

    /// `tsv`'s rows, each handed on as it is read; an error stops the reading.
    static func forEachTSVRow(_ text: String, _ body: (Row) throws(ImportError) -> Void) throws(ImportError) {
        var number = 0
        // "\r\n" is one Character in Swift, so split on both line ends explicitly.
        let lines = stripBOM(text).split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for lineText in lines {
            number += 1
            if lineText.isEmpty { continue }
            var fields: [String] = []
            for (column, raw) in lineText.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
                fields.append(try unescape(raw, line: number, column: column + 1))
            }
            try body(Row(line: number, fields: fields))
        }
    }

    private static func unescape(_ raw: Substring, line: Int, column: Int) throws(ImportError) -> String {
        guard raw.contains("\\") else { return String(raw) }
        var result = String.UnicodeScalarView()
        var scalars = raw.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            switch scalars.next() {
            case "t": result.append("\t")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "\\": result.append("\\")
            default:
                throw ImportError(
                    line: line, column: String(column), "an unknown escape after '\\' (use \\t, \\n, \\r or \\\\)")
            }
        }
        return String(result)
    }

    private static func stripBOM(_ text: String) -> Substring {
        text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
    }
}
