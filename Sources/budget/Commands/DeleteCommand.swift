import BudgetCore

/// `budget delete <kind> <id>…` or `budget delete <kind> -`: removes records, all or nothing.
struct DeleteCommand: Command {
    static let spec = CommandSpec(
        name: "delete", abstract: "Delete records.",
        discussion: "With several IDs, either all are deleted or, when one is unknown, none. With '-', IDs are read from stdin, one per line, so `budget list expenses --format ids | budget delete expenses -` works; blank lines are skipped and empty input deletes nothing.",
        arguments: [CommonArguments.kind, ArgumentSpec(name: "id", help: "IDs to delete, or - to read them from stdin.", isRepeating: true)])

    let kind: RecordKind
    /// `nil` means: read the IDs from stdin.
    let ids: [String]?
    private let parsed: ParsedCommand

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        kind = try parsed.kind(parsed.positionals[0])
        let words = Array(parsed.positionals.dropFirst())
        if words == ["-"] {
            ids = nil
        } else {
            if words.contains("-") { throw parsed.usageError("'-' (read IDs from stdin) cannot be mixed with IDs") }
            ids = try words.map { text throws(UsageError) in try parsed.recordID(text) }
        }
    }

    func run(in context: CommandContext) throws {
        let targets = try ids ?? readIDs(context)
        var seen = Set<String>()
        let unique = targets.filter { seen.insert($0).inserted }
        if unique.isEmpty {
            context.confirm("Deleted 0 \(kind.plural) (no IDs on stdin).")
            return
        }
        let store = try context.store()
        let names: [String]
        switch kind {
        case .income: names = try store.delete(Income.self, ids: unique).map(\.name)
        case .expense: names = try store.delete(Expense.self, ids: unique).map(\.name)
        }
        if names.count == 1 {
            context.confirm("Deleted \(kind.singular) \(unique[0]) (\(names[0])).")
        } else {
            context.confirm("Deleted \(names.count) \(kind.plural).")
        }
    }

    private func readIDs(_ context: CommandContext) throws -> [String] {
        var ids: [String] = []
        let text = String(decoding: try context.readAllInput(), as: UTF8.self)
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let lineNumber = index + 1
            let word = String(line).trimmingWhitespace()
            if word.isEmpty { continue }
            guard let id = RecordID.normalized(word) else {
                throw parsed.usageError("Invalid id '\(word)' on line \(lineNumber) of stdin: expected a record id such as 00000001 or 1")
            }
            ids.append(id)
        }
        return ids
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
