import BudgetCore

/// `budget rule add <pattern> …`: adds a rule last and prints its number.
struct RuleAddCommand: Command {
    static let spec = CommandSpec(
        name: "add", abstract: "Add a rule (tried after the existing ones) and print its number.",
        discussion: """
            A rule needs at least one action: --category, --rename, --tag, --transfer-to, or --skip alone. \
            --transfer-to makes matching rows of an import into an account (import --account) transfers between the \
            two accounts, in no category: a bank's card withdrawal (ｶｰﾄﾞ ﾗｸﾃﾝｶｰﾄﾞ), a PayPay or Suica charge. \
            --category changes \
            expenses only (incomes have none): a rule without --kind still matches incomes, and gives them its other \
            actions. --skip is for imports, which drop matching rows; 'rule apply' never deletes. With --regex the \
            pattern is a regular expression, compiled as given and matched, ignoring case, against the folded text: \
            write katakana in full width and letters in ASCII. Its syntax is a subset of the usual one (characters, ., \
            classes [a-z] and [^…], \\d \\w \\s, ^ $ \\b, groups (…) and (?:…), |, * + ? {n,m}); backreferences, \
            lookaround and the like are refused. Matching takes time in proportion to the text, whatever the pattern.
            """,
        arguments: [
            ArgumentSpec(
                name: "pattern",
                help: "Text to find in the field, folded: half-width katakana find full-width ones, and full-width "
                    + "letters find ASCII ones, in any case."),
        ],
        options: [
            OptionSpec(long: "regex", help: "The pattern is a regular expression."),
            OptionSpec(long: "field", valueName: "field", help: "name or note (default: name).",
                       choices: Rule.Field.allCases.map(\.rawValue)),
            OptionSpec(long: "kind", valueName: "kind",
                       help: "Only records of this kind: income or expense (default: both).",
                       choices: ["income", "expense"]),
            OptionSpec(long: "category", valueName: "name", help: "Matching expenses get this category."),
            OptionSpec(long: "rename", valueName: "text", help: "Matching records get this name."),
            OptionSpec(long: "tag", valueName: "tag", help: "Matching records get this tag; repeat for several.",
                       isRepeatable: true),
            OptionSpec(long: "skip", help: "An import drops matching rows (no other action)."),
            OptionSpec(
                long: "transfer-to", valueName: "account",
                help: "An import into an account records matching rows as transfers to or from this account."),
        ])

    let rule: Rule

    init(_ parsed: ParsedCommand) throws(UsageError) {
        let pattern = parsed.positionals[0]
        var field = Rule.Field.name
        if let text = parsed.value("field") {
            guard let named = Rule.Field(rawValue: text) else {
                throw parsed.usageError("invalid value '\(text)' for '--field <field>': expected name or note")
            }
            field = named
        }
        let kind = try parsed.value("kind").map { text throws(UsageError) in try parsed.kind(text) }
        do {
            rule = try Rule(
                pattern: pattern, isRegex: parsed.flag("regex"), field: field, kind: kind,
                category: parsed.value("category"), rename: parsed.value("rename"), tags: parsed.values("tag"),
                skip: parsed.flag("skip"), transferTo: parsed.value("transfer-to"))
        } catch {
            throw Self.usageError(error, parsed)
        }
    }

    /// A rule the core refused, worded with the options that fix it.
    static func usageError(_ error: RuleError, _ parsed: ParsedCommand) -> UsageError {
        switch error {
        case .invalidValue(let error):
            return parsed.usageError(error)
        case let .invalidRegex(pattern, reason):
            return parsed.usageError("invalid regular expression '\(pattern)' for '--regex': \(reason)")
        case .emptyPattern(let pattern):
            return parsed.usageError("the pattern '\(pattern)' is empty once folded, so it would match everything")
        case .noAction:
            return parsed.usageError(
                "nothing to do: give at least one of --category, --rename, --tag, --transfer-to or --skip")
        case .skipWithOtherActions:
            return parsed.usageError("'--skip' cannot be combined with --category, --rename, --tag or --transfer-to")
        case .kindTransfer:
            return parsed.usageError(
                "invalid value 'transfer' for '--kind <kind>': rules match incomes and expenses (--transfer-to makes "
                    + "matching rows transfers)")
        case .categoryForTransfer:
            return parsed.usageError("'--category' cannot be combined with '--transfer-to': a transfer has no category")
        case .categoryForIncomes:
            return parsed.usageError("'--category' applies to expenses; a rule with '--kind income' cannot set one")
        case .ruleNotFound, .positionOutOfRange, .noMatch:
            return parsed.usageError(error.errorDescription ?? "invalid rule")
        }
    }

    func run(in context: CommandContext) throws {
        // The rule as stored: its category spelt as the one in use that folds alike.
        let (number, added) = try context.store().transaction { document throws -> (Int, Rule) in
            let number = try document.addRule(rule)
            return (number, document.rules.rules.dropFirst(number - 1).first ?? rule)
        }
        context.output.write("\(number)\n")
        context.confirm("Added rule \(number): \(RuleListing.matching(added)) → \(RuleListing.actions(added)).")
    }
}
