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

    /// A field with TSV's escapes (`\t`, `\n`, `\r`, `\\`): for showing notes with tabs and line
    /// breaks on one table row. No `'` is put before a text that starts with one and a formula
    /// sign: that guard is for files another program reads, and a table showed it as part of
    /// the note.
    static func escapeTSV(_ field: String) -> String {
        var writer = DelimitedWriter(.tsv)
        writer.field(field, guardingFormulas: false)
        return writer.text
    }
}
