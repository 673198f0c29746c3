/// A statement's text by lines, before it is read as a table: the lines before its header go
/// unparsed (a bank's preamble need not be valid CSV).
enum StatementText {
    /// The first `count` lines (without their line ends).
    static func leadingLines(_ text: String, count: Int) -> [Substring] {
        var lines: [Substring] = []
        var rest = text[...]
        while lines.count < count, !rest.isEmpty {
            if let end = rest.firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
                lines.append(rest[..<end])
                rest = rest[rest.index(after: end)...]
            } else {
                lines.append(rest)
                rest = rest[rest.endIndex...]
            }
        }
        return lines
    }

    /// The text from line `count` on (lines counted from 0), or `nil` past its end.
    static func dropping(lines count: Int, of text: String) -> Substring? {
        dropping(lines: count, of: text[...])
    }

    /// The text from line `count` on (lines counted from 0), or `nil` past its end.
    static func dropping(lines count: Int, of text: Substring) -> Substring? {
        var rest = text
        for _ in 0..<count {
            guard let end = rest.firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) else { return nil }
            rest = rest[rest.index(after: end)...]
        }
        return rest
    }
}
