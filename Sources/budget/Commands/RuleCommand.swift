import BudgetCore

/// `budget rule add|list|delete|move|test|apply`: rules that categorise, rename and tag
/// records by their text; `list`, `delete` and `move` run here.
struct RuleCommand: Command {
    static let spec = CommandSpec(
        name: "rule", abstract: "Categorise, rename and tag records by their text, with ordered rules.",
        discussion: """
            Rules are tried in order; the first whose pattern matches a record applies all its actions. A pattern \
            matches when it is found in the record's name (or note) once both are folded: half-width katakana as full \
            width, full-width letters and digits as ASCII, upper case as lower case, runs of spaces as one. Rules are \
            kept in the data file (as the settings rule.1, rule.2, …, which 'config list' leaves out), so undo reverts \
            their changes.
            """,
        subcommands: [RuleAddCommand.spec, listSpec, deleteSpec, moveSpec, RuleTestCommand.spec, RuleApplyCommand.spec])

    static let numberArgument = ArgumentSpec(name: "n", help: "The rule's number, as 'budget rule list' shows it.")
    static let listSpec = CommandSpec(
        name: "list", abstract: "List the rules in the order they are tried.",
        options: [OutputFormat.reportOption, CommonArguments.noHeader])
    static let deleteSpec = CommandSpec(
        name: "delete", abstract: "Delete a rule; the rules after it move up a number.", arguments: [numberArgument])
    static let moveSpec = CommandSpec(
        name: "move", abstract: "Move a rule to another position; the rules between shift by one.",
        arguments: [
            numberArgument,
            ArgumentSpec(name: "position", help: "The new position: 1 to the number of rules, or first or last."),
        ])

    enum Action {
        case list(OutputFormat, includeHeader: Bool)
        case delete(Int)
        case move(Int, to: Int?)
    }

    let action: Action

    init(_ parsed: ParsedCommand) throws(UsageError) {
        switch parsed.path.last {
        case "delete":
            action = .delete(try Self.number(parsed.positionals[0], "<n>", parsed))
        case "move":
            let number = try Self.number(parsed.positionals[0], "<n>", parsed)
            switch parsed.positionals[1] {
            case "first": action = .move(number, to: 1)
            case "last": action = .move(number, to: nil)
            default: action = .move(number, to: try Self.number(parsed.positionals[1], "<position>", parsed))
            }
        default:
            action = .list(
                try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json]),
                includeHeader: !parsed.flag("no-header"))
        }
    }

    /// A rule number or position: a whole number from 1.
    static func number(_ text: String, _ name: String, _ parsed: ParsedCommand) throws(UsageError) -> Int {
        guard let number = try parsed.wholeNumber(text, for: name), number >= 1 else {
            throw parsed.usageError("invalid value '\(text)' for '\(name)': expected a rule number from 1")
        }
        return number
    }

    func run(in context: CommandContext) throws {
        let store = try context.store()
        switch action {
        case let .list(format, includeHeader):
            let document = try store.load()
            let rules = document.rules.rules
            for warning in RuleListing.unsupportedWarnings(document.rules) { context.warn(warning) }
            if rules.isEmpty && format == .table {
                if !context.isQuiet { context.messages.write("No rules.\n") }
                return
            }
            let listing = RuleListing(rules: rules, format: format, includeHeader: includeHeader)
            context.output.write(listing.render(painter: context.outputPainter(document)))
        case .delete(let number):
            let rule = try store.transaction { document in try document.deleteRule(number: number) }
            context.confirm("Deleted rule \(number) (\(RuleListing.matching(rule)): \(RuleListing.actions(rule))).")
        case let .move(number, position):
            let (moved, target) = try store.transaction { document throws -> (Bool, Int) in
                let target = position ?? document.rules.count
                return (try document.moveRule(number: number, to: target), target)
            }
            context.confirm(
                moved
                    ? "Moved rule \(number) to position \(target)."
                    : "No change: rule \(number) is already at position \(target).")
        }
    }
}
