import BudgetCore

/// `budget import incomes|expenses <file|->`: adds records from CSV, TSV or JSON, all or nothing.
struct ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import", abstract: "Add records from a CSV, TSV or JSON file, all or nothing.",
        discussion: "CSV and TSV need a header row naming the columns (\(RecordImporter.columns.joined(separator: ", ")), in any order; id and order are ignored: records get new IDs and go last, in file order). Amounts are read like on the command line. JSON is what 'budget list --format json' or 'budget export' writes. One bad row means nothing is imported; the error names its line and column. The new IDs are printed on stdout; the import is one undo step.",
        arguments: [
            ArgumentSpec(name: "kind", help: "incomes or expenses.", choices: ["incomes", "expenses"]),
            ArgumentSpec(name: "file", help: "The file to read, or - for stdin.", completion: .files),
        ],
        options: [
            OptionSpec(long: "format", valueName: "format", help: "csv, tsv or json (default: from the file name, else from the content).",
                       choices: ["csv", "tsv", "json"]),
            OptionSpec(long: "dry-run", help: "Check the file and show what would be added, without adding it."),
            OptionSpec(long: "skip-duplicates", help: "Skip rows equal (date, name, amount, category) to a record or an earlier row."),
            OptionSpec(long: "encoding", valueName: "encoding",
                       help: "auto, utf-8, cp932 or euc-jp (default: auto: a byte-order mark, else UTF-8, else CP932; euc-jp must be named).",
                       choices: encodings),
        ])

    /// What `--encoding` accepts.
    static let encodings = ["auto"] + TextEncoding.allCases.map(\.rawValue)

    let kind: RecordKind
    let path: String
    let format: ImportFormat?
    let dryRun: Bool
    let skipDuplicates: Bool
    /// The statement's encoding; `nil` finds it.
    let encoding: TextEncoding?

    init(_ parsed: ParsedCommand) throws(UsageError) {
        kind = try parsed.kind(parsed.positionals[0])
        path = parsed.positionals[1]
        if let text = parsed.value("format") {
            guard let format = ImportFormat(rawValue: text) else {
                throw parsed.usageError("Invalid value '\(text)' for '--format <format>': expected csv, tsv or json")
            }
            self.format = format
        } else {
            format = nil
        }
        dryRun = parsed.flag("dry-run")
        skipDuplicates = parsed.flag("skip-duplicates")
        encoding = try parsed.textEncoding(choices: Self.encodings, default: "auto")
    }

    func run(in context: CommandContext) throws {
        let text = try InputText.decoded(path, decoder: TextDecoder(encoding: encoding), readAllInput: context.readAllInput)
        let format = self.format ?? ImportFormat(fileName: path) ?? ImportFormat(sniffing: text)
        let store = try context.store()
        let work = { (document: inout BudgetDocument) throws -> (ids: [String], skipped: Int, otherKind: Int, rows: [ImportedRow]) in
            let importer = RecordImporter(
                kind: kind, money: document.moneyFormat, today: Day.today(),
                defaultCategory: document.defaultExpenseCategory)
            let (rows, otherKind) = try importer.read(text, format: format)
            let (ids, skipped) = try document.importRows(rows, kind: kind, skipDuplicates: skipDuplicates)
            return (ids, skipped, otherKind, rows)
        }
        let noun = kind.counted
        if dryRun {
            var document = try store.load()
            let result = try work(&document)
            context.output.write(preview(result.ids, in: document))
            context.confirm("Would import \(noun(result.ids.count))\(notes(result.skipped, result.otherKind)); nothing was changed (--dry-run).")
            return
        }
        let result = try store.transaction { try work(&$0) }
        context.output.write(result.ids.map { $0 + "\n" }.joined())
        context.confirm("Imported \(noun(result.ids.count))\(notes(result.skipped, result.otherKind)).")
    }

    private func notes(_ skipped: Int, _ otherKind: Int) -> String {
        var parts: [String] = []
        if skipped > 0 { parts.append("skipped \(skipped) duplicate\(skipped == 1 ? "" : "s")") }
        if otherKind > 0 { parts.append("left out \(otherKind) row\(otherKind == 1 ? "" : "s") of the other kind") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    /// The records an import would add, as a table without IDs.
    private func preview(_ ids: [String], in document: BudgetDocument) -> String {
        let rows: [RecordRow] = kind == .income
            ? ids.compactMap { document.incomes.record(id: $0) }.map(RecordRow.init)
            : ids.compactMap { document.expenses.record(id: $0) }.map(RecordRow.init)
        guard !rows.isEmpty else { return "" }
        var printer = RecordPrinter(selection: .only(kind), format: .table, includeHeader: true, document: document, painter: .plain)
        printer.dateFormat = .iso
        return printer.preview(rows)
    }
}
