/// How records are written to stdout.
enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns with a total, for people.
    case table
    case tsv
    case csv
    case json
    /// One ID per line, for `xargs` and `budget delete … -`.
    case ids

    static let option = OptionSpec(
        long: "format", valueName: "format", help: "table, tsv, csv, json or ids (default: table).",
        choices: OutputFormat.allCases.map(\.rawValue))

    /// `--format` of reports: everything but `ids`.
    static let reportOption = OptionSpec(
        long: "format", valueName: "format", help: "table, tsv, csv or json (default: table).",
        choices: ["table", "tsv", "csv", "json"])

    /// The format named by `--format` (or `table`), when the command offers it.
    static func from(_ parsed: ParsedCommand, allowed: [OutputFormat]) throws(UsageError) -> OutputFormat {
        let format = try from(parsed)
        guard allowed.contains(format) else {
            let names = allowed.map(\.rawValue)
            throw parsed.usageError(
                "'--format \(format.rawValue)' is not available for '\(parsed.path.joined(separator: " "))'; use "
                    + names.dropLast().joined(separator: ", ") + " or " + (names.last ?? ""))
        }
        return format
    }

    /// The format named by `--format`, or `table`.
    static func from(_ parsed: ParsedCommand) throws(UsageError) -> OutputFormat {
        guard let text = parsed.value("format") else { return .table }
        guard let format = OutputFormat(rawValue: text) else {
            var message = "invalid value '\(text)' for '--format <format>': expected one of "
                + allCases.map(\.rawValue).joined(separator: ", ")
            if let guess = Suggestion.closest(to: text, among: allCases.map(\.rawValue)) {
                message += "; did you mean '\(guess)'?"
            }
            throw parsed.usageError(message)
        }
        return format
    }
}
