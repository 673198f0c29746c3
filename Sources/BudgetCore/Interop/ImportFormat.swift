/// The file formats `import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    case csv, tsv, json

    /// The format a file name's extension names, if any.
    public init?(fileName: String) {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".csv") { self = .csv }
        else if lower.hasSuffix(".tsv") || lower.hasSuffix(".tab") { self = .tsv }
        else if lower.hasSuffix(".json") { self = .json }
        else { return nil }
    }

    /// A guess from the content: JSON starts with `[` or `{`, TSV has a tab in its first line.
    public init(sniffing text: String) {
        let start = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if start.hasPrefix("[") || start.hasPrefix("{") { self = .json; return }
        let firstLine = start.prefix { $0 != "\n" && $0 != "\r\n" }
        self = firstLine.contains("\t") ? .tsv : .csv
    }
}
