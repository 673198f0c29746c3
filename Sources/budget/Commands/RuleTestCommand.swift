import BudgetCore

/// `budget rule test <text>`: which rule a record with this text would match, and what it does.
struct RuleTestCommand: Command {
    static let spec = CommandSpec(
        name: "test", abstract: "Show which rule matches a text, and what it would do.",
        discussion: """
            Prints the number of the first matching rule, its pattern, the folded text and its actions. When no rule \
            matches, says so on stderr and exits 1, like 'show' of an unknown ID.
            """,
        arguments: [ArgumentSpec(name: "text", help: "A record's name, as a statement writes it.")],
        options: [
            OptionSpec(long: "note", valueName: "text", help: "The record's note, for rules on notes."),
            OptionSpec(long: "kind", valueName: "kind",
                       help: "The record's kind: income or expense (default: expense).",
                       choices: ["income", "expense"]),
        ])

    let text: String
    let note: String?
    let kind: RecordKind

    init(_ parsed: ParsedCommand) throws(UsageError) {
        text = parsed.positionals[0]
        note = parsed.value("note")
        kind = try parsed.value("kind").map { text throws(UsageError) in try parsed.kind(text) } ?? .expense
        if kind == .transfer {
            throw parsed.usageError("invalid value 'transfer' for '--kind <kind>': rules match incomes and expenses")
        }
    }

    func run(in context: CommandContext) throws {
        let rules = try context.store().load().rules
        for warning in RuleListing.unsupportedWarnings(rules) { context.warn(warning) }
        guard let (index, rule) = rules.firstMatch(name: text, note: note, kind: kind) else {
            throw RuleError.noMatch(TextFolding.folded(text))
        }
        let folded = TextFolding.folded(rule.field == .note ? note ?? "" : text)
        var lines = ["rule \(index + 1): \(RuleListing.pattern(rule))", "\(rule.field.rawValue): \(folded)"]
        if rule.skip {
            lines.append("skip: an import drops the row")
        } else {
            if let category = rule.category {
                lines.append(kind == .expense ? "category: \(category)" : "category: \(category) (not for incomes)")
            }
            if let transferTo = rule.transferTo { lines.append("transfer-to: \(transferTo) (on import)") }
            if let rename = rule.rename { lines.append("rename: \(rename)") }
            if !rule.tags.isEmpty { lines.append("tags: \(rule.tags.joined)") }
        }
        context.output.write(lines.map { TerminalText.escaped($0) + "\n" }.joined())
    }
}
