import BudgetCore

/// `budget export`: everything (or a period) as JSON, CSV/TSV or a ledger journal.
struct ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export", abstract: "Write records and settings as JSON, CSV, TSV or a ledger journal.",
        discussion: """
            json is complete (both kinds with IDs and order, counters and settings): 'budget restore' or \
            'budget import' reads it back. csv and tsv are 'list all' with a kind column. ledger is a journal that \
            ledger and hledger read: expenses to Expenses:<category>, incomes to Income:<name>, against Assets:Cash, \
            each tagged with its ID. For a spreadsheet, csv and tsv take --for-excel (a UTF-8 byte-order mark, CRLF \
            line ends, and a ' before any text starting with =, +, -, @, a tab or a carriage return, so that it is not \
            run as a formula) and --encoding cp932 (for Excel in Japanese: a character CP932 has no code for but holds \
            as another, such as the wave dash, the minus sign or the yen sign, is written as that one, the full-width \
            form; a record holding any other character CP932 cannot hold, such as an emoji, stops the export before \
            anything is written).
            """,
        options: [QueryOptions.category, QueryOptions.account] + QueryOptions.periodSpecs + [
            QueryOptions.search, QueryOptions.min, QueryOptions.max,
            OptionSpec(long: "format", valueName: "format", help: "json, csv, tsv or ledger (default: json).",
                       choices: ["json", "csv", "tsv", "ledger"]),
            OptionSpec(long: "for-excel",
                       help: "csv and tsv for a spreadsheet: a byte-order mark (in UTF-8), CRLF line ends, "
                           + "formulas written as text."),
            OptionSpec(long: "encoding", valueName: "encoding", help: "csv and tsv in utf-8 or cp932 (default: utf-8).",
                       choices: encodings),
        ])

    /// What `--encoding` accepts.
    static let encodings = [TextEncoding.utf8, .cp932].map(\.rawValue)

    enum Format: String { case json, csv, tsv, ledger }

    let filters: QueryOptions
    let format: Format
    let forExcel: Bool
    let encoding: TextEncoding

    init(_ parsed: ParsedCommand) throws(UsageError) {
        filters = try QueryOptions(parsed)
        let text = parsed.value("format") ?? "json"
        guard let format = Format(rawValue: text) else {
            throw parsed.usageError(
                "invalid value '\(text)' for '--format <format>': expected json, csv, tsv or ledger")
        }
        self.format = format
        forExcel = parsed.flag("for-excel")
        encoding = try parsed.textEncoding(choices: Self.encodings, default: TextEncoding.utf8.rawValue) ?? .utf8
        let delimited = format == .csv || format == .tsv
        if forExcel, !delimited {
            throw parsed.usageError("--for-excel is for --format csv or tsv, not \(format.rawValue)")
        }
        if encoding != .utf8, !delimited {
            throw parsed.usageError("--encoding \(encoding.rawValue) is for --format csv or tsv: "
                + "\(format == .json ? "JSON" : "a ledger journal") is written in UTF-8")
        }
    }

    /// What an export wrote as substitutes, naming the first few: nothing is changed silently.
    static func note(_ substitutions: [BudgetExport.Substitution], encoding: TextEncoding) -> String? {
        guard !substitutions.isEmpty else { return nil }
        let total = substitutions.reduce(0) { $0 + $1.count }
        let name = encoding.rawValue.uppercased()
        let shown = substitutions.prefix(3).map { substitution in
            let times = substitution.count == 1 ? "once" : "\(AmountParser.grouped(substitution.count)) times"
            return "'\(substitution.original)' (U+\(hex(substitution.original))) as '\(substitution.replacement)' "
                + "(\(times), first in \(substitution.firstRecord))"
        }
        let more = substitutions.count > 3
            ? ", and \(substitutions.count - 3) other \(substitutions.count == 4 ? "character" : "characters")" : ""
        let characters = total == 1 ? "1 character has" : "\(AmountParser.grouped(total)) characters have"
        return "\(characters) no \(name) code and \(total == 1 ? "was" : "were") written as the nearest one: "
            + "\(shown.joined(separator: ", "))\(more); read back, the text has the replacement"
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    func run(in context: CommandContext) throws {
        let document = try context.loadForReading()
        let query = try filters.query(for: document)
        switch format {
        case .json:
            let value = BudgetExport.document(document, query: query)
            context.output.write(value.outputText)
        case .ledger:
            try LedgerJournal.write(document, query: query) { context.output.write($0) }
        case .csv, .tsv:
            // Every record is checked before anything is written.
            let substitutions = try BudgetExport.checkEncodable(document, query: query, as: encoding)
            let rows = RecordRow.matching(query, in: document, selection: RecordSelection.all.over(document))
            var printer = RecordPrinter(
                selection: RecordSelection.all.over(document), format: format == .csv ? .csv : .tsv,
                includeHeader: true, document: document,
                painter: .plain)
            printer.forSpreadsheet = forExcel
            guard forExcel || encoding != .utf8 else {
                try printer.write(rows, to: context.output)
                context.keepUntilExit(rows)
                return
            }
            // A byte-order mark tells a spreadsheet the text is UTF-8; CP932 has none.
            var bytes: [UInt8] = forExcel && encoding == .utf8 ? [0xEF, 0xBB, 0xBF] : []
            bytes += try encoding.encode(String(decoding: printer.delimitedBytes(rows), as: UTF8.self))
            ByteView.withBytes(of: bytes) { context.output.write(bytes: $0) }
            if let note = Self.note(substitutions, encoding: encoding) { context.warn(note) }
        }
        context.keepUntilExit(document)
    }
}
