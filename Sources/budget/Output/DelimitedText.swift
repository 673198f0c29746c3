/// Rows of fields as TSV or CSV text.
enum DelimitedText {
    /// Tab-separated: one line per row; tab, newline, carriage return and backslash inside a
    /// field written as `\t`, `\n`, `\r` and `\\`, so every record stays on one line.
    static func tsv(_ rows: [[String]]) -> String {
        rows.map { row in row.map(escapeTSV).joined(separator: "\t") + "\n" }.joined()
    }

    /// RFC 4180: CRLF line ends; fields holding a comma, quote, CR or LF are quoted, with
    /// quotes doubled.
    static func csv(_ rows: [[String]]) -> String {
        rows.map { row in row.map(quoteCSV).joined(separator: ",") + "\r\n" }.joined()
    }

    static func escapeTSV(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\\" }) else {
            return field
        }
        var escaped = ""
        for scalar in field.unicodeScalars {
            switch scalar {
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\\": escaped += "\\\\"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    static func quoteCSV(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return field
        }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
