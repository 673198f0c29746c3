import BudgetCore

/// `budget rule apply [filters] [--dry-run]`: applies the rules to existing records.
struct RuleApplyCommand: Command {
    static let spec = CommandSpec(
        name: "apply", abstract: "Apply the rules to existing records, in one undo step.",
        discussion: """
            Each record the filters select gets the actions of the first rule that matches it. Prints the IDs of the \
            records changed (expense-00000002); --dry-run prints what would change instead, and changes nothing. Rules \
            with --skip leave records alone: only imports skip rows, apply never deletes.
            """,
        options: [QueryOptions.category, QueryOptions.tag] + QueryOptions.periodSpecs
            + [QueryOptions.search, QueryOptions.min, QueryOptions.max]
            + [OptionSpec(long: "dry-run",
                          help: "Show what would change (ID, name, rule, field, old → new) without changing it.")])

    let filters: QueryOptions
    let dryRun: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        filters = try QueryOptions(parsed)
        dryRun = parsed.flag("dry-run")
    }

    func run(in context: CommandContext) throws {
        let store = try context.store()
        if dryRun {
            var document = try store.load()
            for warning in RuleListing.unsupportedWarnings(document.rules) { context.warn(warning) }
            let result = try document.applyRules(matching: try filters.query(for: document))
            if !result.isEmpty {
                context.output.write(
                    RuleChangeTable(application: result).render(painter: context.outputPainter(document)))
            }
            context.confirm(
                Self.summary(result, rules: document.rules.count, verb: "Would change")
                    + (result.isEmpty ? "" : " Nothing was changed (dry run)."))
            return
        }
        let (result, money, rules, unsupported) = try store.transaction {
            document throws -> (RuleApplication, MoneyFormat, Int, [String]) in
            let rules = document.rules
            return (try document.applyRules(matching: try filters.query(for: document)), document.moneyFormat,
                    rules.count, RuleListing.unsupportedWarnings(rules))
        }
        for warning in unsupported { context.warn(warning) }
        context.output.write(result.records.map { $0.description + "\n" }.joined())
        context.confirm(Self.summary(result, rules: rules, verb: "Changed"))
        for warning in result.limitWarnings { context.warn(warning.message(money)) }
    }

    /// `Changed 12 records by 3 rules.`, or why nothing changed.
    static func summary(_ result: RuleApplication, rules: Int, verb: String) -> String {
        if rules == 0 { return "No change: there are no rules (see 'budget rule add')." }
        if result.isEmpty { return "No change: no rule changes the records selected." }
        let records = result.records.count, used = result.ruleCount
        return "\(verb) \(records) \(records == 1 ? "record" : "records") by \(used) \(used == 1 ? "rule" : "rules")."
    }
}
