/// Rows of fields as TSV or CSV text.
enum DelimitedText {
    /// Tab-separated: one line per row; tab, newline, carriage return and backslash inside a
    /// field written as `\t`, `\n`, `\r` and `\\`, so every record stays on one line.
    static func tsv(_ rows: [[String]]) -> String {
        var writer = DelimitedWriter(.tsv)
        for row in rows { writer.row(row) }
        return writer.text
    }

    /// RFC 4180: CRLF line ends; fields holding a comma, quote, CR or LF are quoted, with
    /// quotes doubled.
    static func csv(_ rows: [[String]]) -> String {
        var writer = DelimitedWriter(.csv)
        for row in rows { writer.row(row) }
        return writer.text
    }

    /// CSV for `--format csv`, else TSV.
    static func text(_ rows: [[String]], as format: OutputFormat) -> String {
        format == .csv ? csv(rows) : tsv(rows)
    }

    /// A field as TSV writes it: for showing notes with tabs and line breaks on one table row.
    static func escapeTSV(_ field: String) -> String {
        var writer = DelimitedWriter(.tsv)
        writer.field(field)
        return writer.text
    }
}
