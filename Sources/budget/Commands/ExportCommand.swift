import BudgetCore

/// `budget export`: everything (or a period) as JSON, CSV/TSV or a ledger journal.
struct ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export", abstract: "Write records and settings as JSON, CSV, TSV or a ledger journal.",
        discussion: "json is complete (both kinds with IDs and order, counters and settings): 'budget restore' or 'budget import' reads it back. csv and tsv are 'list all' with a kind column. ledger is a journal that ledger and hledger read: expenses to Expenses:<category>, incomes to Income:<name>, against Assets:Cash, each tagged with its ID.",
        options: [QueryOptions.category] + QueryOptions.periodSpecs + [QueryOptions.search, QueryOptions.min, QueryOptions.max,
            OptionSpec(long: "format", valueName: "format", help: "json, csv, tsv or ledger (default: json).", choices: ["json", "csv", "tsv", "ledger"])])

    enum Format: String { case json, csv, tsv, ledger }

    let filters: QueryOptions
    let format: Format

    init(_ parsed: ParsedCommand) throws(UsageError) {
        filters = try QueryOptions(parsed)
        let text = parsed.value("format") ?? "json"
        guard let format = Format(rawValue: text) else {
            throw parsed.usageError("Invalid value '\(text)' for '--format <format>': expected json, csv, tsv or ledger")
        }
        self.format = format
    }

    func run(in context: CommandContext) throws {
        let document = try context.store().load()
        let query = try filters.query(money: document.moneyFormat)
        switch format {
        case .json:
            let value = BudgetExport.document(document, query: query)
            context.output.write(value.outputText)
        case .ledger:
            context.output.write(try LedgerJournal.write(document, query: query))
        case .csv, .tsv:
            let rows = RecordRow.matching(query, in: document, selection: .all)
            let printer = RecordPrinter(selection: .all, format: format == .csv ? .csv : .tsv, includeHeader: true, document: document, painter: .plain)
            try printer.write(rows, to: context.output)
            context.keepUntilExit(rows)
        }
        context.keepUntilExit(document)
    }
}
