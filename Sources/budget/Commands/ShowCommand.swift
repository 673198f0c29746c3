import BudgetCore

/// `budget show [<kind>] <id>`: prints one record.
struct ShowCommand: Command {
    static let spec = CommandSpec(
        name: "show", abstract: "Show one record.",
        arguments: [CommonArguments.optionalKind, CommonArguments.id],
        options: [OutputFormat.option, CommonArguments.noHeader])

    let kind: RecordKind
    let id: String
    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        let (givenKind, rest) = try parsed.leadingKind()
        if rest.count > 1 { throw parsed.usageError("unexpected argument '\(rest[rest.startIndex + 1])'") }
        let reference = try parsed.recordReference(rest[rest.startIndex], kind: givenKind)
        self.kind = reference.kind
        id = reference.id
        format = try OutputFormat.from(parsed)
        includeHeader = !parsed.flag("no-header")
    }

    func run(in context: CommandContext) throws {
        let document = try context.store().load()
        context.noteDueOccurrences(in: document, format: format)
        let given = RecordReference(kind: kind, id: id), current = document.following(given)
        if current != given { context.noteMerged([(given, current)]) }
        let row: RecordRow = switch current.kind {
        case .income: RecordRow(try document.incomes.existingRecord(id: current.id))
        case .expense: RecordRow(try document.expenses.existingRecord(id: current.id))
        case .transfer: RecordRow(try document.transfers.existingRecord(id: current.id))
        }
        let printer = RecordPrinter(
            selection: .only(kind), format: format, includeHeader: includeHeader, document: document,
            painter: context.outputPainter(document))
        try printer.writeSingle(row, to: context.output)
    }
}
