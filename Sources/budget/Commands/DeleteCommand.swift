import BudgetCore

/// `budget delete [<kind>] <id>…` or `budget delete [<kind>] -`: removes records, all or nothing.
struct DeleteCommand: Command {
    static let spec = CommandSpec(
        name: "delete", abstract: "Delete records.",
        discussion: "With several IDs, either all are deleted or, when one is unknown, none. With '-', IDs are read from stdin, one per line, so `budget list expenses --format ids | budget delete expenses -` works; blank lines are skipped and empty input deletes nothing. The kind may be left out when every ID carries its own (expense-00000002, as `list all --format ids` writes them); an ID of another kind than the one given deletes nothing.",
        arguments: [CommonArguments.optionalKind, ArgumentSpec(name: "id", help: "IDs to delete, or - to read them from stdin.", isRepeating: true)])

    /// The kind given on the command line, if any.
    let kind: RecordKind?
    /// `nil` means: read the IDs from stdin.
    let references: [RecordReference]?
    private let parsed: ParsedCommand

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        let (kind, words) = try parsed.leadingKind()
        self.kind = kind
        if Array(words) == ["-"] {
            references = nil
        } else {
            if words.contains("-") { throw parsed.usageError("'-' (read IDs from stdin) cannot be mixed with IDs") }
            references = try words.map { text throws(UsageError) in try parsed.recordReference(text, kind: kind) }
        }
    }

    func run(in context: CommandContext) throws {
        let targets = try references ?? readReferences(context)
        var seen = Set<RecordReference>()
        let unique = targets.filter { seen.insert($0).inserted }
        if unique.isEmpty {
            context.confirm("Deleted 0 \(kind?.plural ?? "records") (no IDs on stdin).")
            return
        }
        let incomeIDs = unique.filter { $0.kind == .income }.map(\.id)
        let expenseIDs = unique.filter { $0.kind == .expense }.map(\.id)
        let (incomes, expenses) = try context.store().transaction { document in
            (try document.incomes.remove(ids: incomeIDs), try document.expenses.remove(ids: expenseIDs))
        }
        if unique.count == 1, let name = incomes.first?.name ?? expenses.first?.name {
            context.confirm("Deleted \(unique[0].kind.singular) \(unique[0].id) (\(name)).")
        } else {
            let counts = [(incomes.count, RecordKind.income), (expenses.count, .expense)].filter { $0.0 > 0 }
            context.confirm("Deleted " + counts.map { $0.1.counted($0.0) }.joined(separator: " and ") + ".")
        }
    }

    private func readReferences(_ context: CommandContext) throws -> [RecordReference] {
        var references: [RecordReference] = []
        let text = String(decoding: try context.readAllInput(), as: UTF8.self)
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let word = String(line).trimmingWhitespace()
            if word.isEmpty { continue }
            references.append(try parsed.recordReference(word, kind: kind, source: " on line \(index + 1) of stdin"))
        }
        return references
    }
}

extension String {
    /// The text without leading and trailing white space (including `\r`).
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }
}
