import BudgetCore

/// `budget limit set|unset|list`: spending limits per category (`budget.limit.<category>`) and
/// on all expenses (`budget.total-limit`), per budget month or calendar year, with rollover.
struct LimitCommand: Command {
    static let spec = CommandSpec(
        name: "limit", abstract: "Set spending limits per category, or on all expenses.",
        discussion: """
            A limit is per budget month (a calendar month unless period.month-start says otherwise) or, with --per \
            year, per calendar year. With --rollover surplus, what a period leaves unspent is added to the next; with \
            --rollover all, an overspend is carried too and takes from the next. Carrying starts at --since (default: \
            the period that holds today). An add or edit that takes a limit past what its period has available prints \
            a warning on stderr; the command still succeeds.
            """,
        subcommands: [setSpec, unsetSpec, listSpec])

    static let category = ArgumentSpec(
        name: "category", help: "The expense category (none with --total).", isOptional: true, completion: .categories,
        conflicts: ["total"])
    static let total = OptionSpec(long: "total", help: "The limit on all expenses together instead of a category's.")
    static let setSpec = CommandSpec(
        name: "set", abstract: "Set a category's limit, or the total limit with --total.",
        discussion: "Sets the whole limit: an option left out takes its default, so give --per, --rollover and --since "
            + "again to keep them.",
        arguments: [category, ArgumentSpec(name: "amount", help: "The limit per period, in the budget's currency.")],
        options: [
            total,
            OptionSpec(long: "per", valueName: "period",
                       help: "month (a budget month; the default) or year (a calendar year).",
                       choices: ["month", "year"]),
            OptionSpec(long: "rollover", valueName: "rollover",
                       help: "none (the default), surplus (carry what is left) "
                           + "or all (carry what is left or overspent).",
                       choices: ["none", "surplus", "all"]),
            OptionSpec(long: "since", valueName: "period",
                       help: "With --rollover: the first period of the carrying, YYYY-MM (or YYYY with --per year); "
                           + "default: the period that holds today."),
        ])
    static let unsetSpec = CommandSpec(
        name: "unset", abstract: "Remove a category's limit, or the total limit with --total.",
        arguments: [
            ArgumentSpec(name: "category", help: category.help, isOptional: true, completion: .limitedCategories,
                         conflicts: ["total"]),
        ],
        options: [total])
    static let listSpec = CommandSpec(
        name: "list", abstract: "List the limits with this budget month's spending (a yearly limit's year to date).",
        options: [OutputFormat.reportOption, CommonArguments.noHeader])

    /// What `limit set` was given, before the budget's currency and calendar are known.
    struct Setting {
        var scope: LimitScope
        var amountText: String
        var per: SpendingLimit.Period
        var rollover: SpendingLimit.Rollover
        var since: Int?
    }

    enum Action {
        case set(Setting)
        case unset(LimitScope)
        case list(OutputFormat, includeHeader: Bool)
    }

    let action: Action
    let parsed: ParsedCommand

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        switch parsed.path.last {
        case "set":
            let (scope, rest) = try Self.scope(parsed, expecting: 1)
            let per = try Self.choice(parsed, "per", valueName: "period", default: SpendingLimit.Period.month)
            let rollover = try Self.choice(
                parsed, "rollover", valueName: "rollover", default: SpendingLimit.Rollover.none)
            var since: Int?
            if let text = parsed.value("since") {
                guard rollover != .none else {
                    throw parsed.usageError(
                        "'--since' needs '--rollover surplus' or '--rollover all': without rollover nothing is carried")
                }
                // Full-width digits and `2026/11` read as `2026-11`, like days.
                let period = HalfWidth.plain(FieldRules.trimmed(text)).replacing("/", with: "-")
                guard let start = SpendingLimit.start(period, per: per) else {
                    throw parsed.usageError(
                        "invalid value '\(text)' for '--since <period>': expected "
                            + (per == .month
                                ? "a budget month written YYYY-MM" : "a year written YYYY (with --per year)"))
                }
                since = start
            }
            action = .set(
                Setting(scope: scope, amountText: try parsed.amountText(rest[0]), per: per, rollover: rollover,
                        since: since))
        case "unset":
            action = .unset(try Self.scope(parsed, expecting: 0).scope)
        default:
            action = .list(
                try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json]),
                includeHeader: !parsed.flag("no-header"))
        }
    }

    /// The scope (`<category>` or `--total`) and the positionals after it, `expecting` of them.
    private static func scope(
        _ parsed: ParsedCommand, expecting count: Int
    ) throws(UsageError) -> (scope: LimitScope, rest: [String]) {
        let positionals = parsed.positionals
        if parsed.flag("total") {
            if positionals.count > count {
                throw parsed.usageError("'--total' takes no category: the total limit counts every expense")
            }
            return (.total, positionals)
        }
        guard positionals.count > count else {
            throw parsed.usageError(
                "missing expected argument '\(count == 0 ? "<category>" : "<amount>")' "
                    + "(or give '--total' for the limit on all expenses)")
        }
        return (.category(try parsed.label(positionals[0], field: "category")), Array(positionals.dropFirst()))
    }

    private static func choice<Value: RawRepresentable & CaseIterable>(
        _ parsed: ParsedCommand, _ long: String, valueName: String, default fallback: Value
    ) throws(UsageError) -> Value where Value.RawValue == String {
        guard let text = parsed.value(long) else { return fallback }
        guard let value = Value(rawValue: text) else {
            let names = Value.allCases.map(\.rawValue)
            throw parsed.usageError(
                "invalid value '\(text)' for '--\(long) <\(valueName)>': "
                    + "expected \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
        }
        return value
    }

    func run(in context: CommandContext) throws {
        let store = try context.store()
        switch action {
        case .set(let setting):
            let today = Day.today()
            let (scope, limit, money) = try store.transaction { document -> (LimitScope, SpendingLimit, MoneyFormat) in
                let amount = try parsed.money(setting.amountText, in: document.moneyFormat)
                let limit = try document.limit(
                    amount, per: setting.per, rollover: setting.rollover, since: setting.since, today: today)
                return (try document.setLimit(limit, for: setting.scope), limit, document.moneyFormat)
            }
            context.confirm(
                "Set the \(LimitText.adjective(limit)) limit of \(LimitText.subject(scope)) to "
                    + "\(LimitText.amount(limit, money)).")
        case .unset(let scope):
            let removed = try store.transaction { document in try document.removeLimit(for: scope) }
            let subject = LimitText.subject(scope)
            let none = scope.category.map { "\($0) had no limit." } ?? "There was no limit on all expenses."
            context.confirm(removed.map { "Removed the \(LimitText.adjective($0)) limit of \(subject)." } ?? none)
        case let .list(format, includeHeader):
            let document = try store.load()
            context.noteDueOccurrences(in: document, format: format)
            let report = try LimitReport(document: document, month: Day.today())
            context.output.write(
                render(report, document: document, format: format, includeHeader: includeHeader,
                       painter: context.outputPainter(document)))
        }
    }

    private func render(
        _ report: LimitReport, document: BudgetDocument, format: OutputFormat, includeHeader: Bool, painter: Painter
    ) -> String {
        let money = document.moneyFormat
        switch format {
        case .json:
            let value = JSONValue.array(report.rows.map { row in
                .object([
                    ("category", row.category.map(JSONValue.string) ?? .null), ("per", .string(row.limit.per.rawValue)),
                    ("period", .string(row.period.name)), ("from", row.days.from.map { .string($0.iso) } ?? .null),
                    ("to", row.days.to.map { .string($0.iso) } ?? .null), ("limit", .int(row.base)),
                    ("rollover", .string(row.limit.rollover.rawValue)),
                    ("since", row.limit.sinceName.map(JSONValue.string) ?? .null),
                    ("carried_in", .int(row.carriedIn)), ("available", .int(row.available)), ("spent", .int(row.spent)),
                    ("remaining", .int(row.remaining)), ("over", .bool(row.isOver)),
                    ("currency", money.currency.map { .string($0.code) } ?? .null),
                ])
            })
            return value.outputText
        case .tsv, .csv:
            // The columns of earlier versions first, so scripts that read them still work.
            let header = [
                "category", "limit", "spent", "remaining", "per", "period", "rollover", "since", "carried_in",
                "available",
            ]
            let lines = (includeHeader ? [header] : []) + report.rows.map { row in
                [row.category ?? "", money.plain(row.base), money.plain(row.spent), money.plain(row.remaining),
                 row.limit.per.rawValue, row.period.name, row.limit.rollover.rawValue, row.limit.sinceName ?? "",
                 money.plain(row.carriedIn), money.plain(row.available)]
            }
            return DelimitedText.text(lines, as: format)
        default:
            let dateFormat = document[settings: DisplayKeys.self][DisplayKeys.dateFormat]
            // Columns that would say nothing are left out: the period when every limit is a
            // monthly one (the SPENT header names the month), what was carried when nothing rolls over.
            let yearly = report.rows.contains { $0.limit.per == .year }
            let carrying = report.rows.contains { $0.limit.rollover != .none }
            var columns: [TextTable.Column] = [.init(title: "CATEGORY", alignment: .left)]
            if yearly { columns.append(.init(title: "PERIOD", alignment: .left)) }
            columns.append(.init(title: "LIMIT", alignment: .right))
            if carrying {
                columns += [.init(title: "CARRIED", alignment: .right), .init(title: "AVAILABLE", alignment: .right)]
            }
            columns += [
                .init(title: yearly ? "SPENT" : "SPENT " + dateFormat.describe(report.period), alignment: .right),
                .init(title: "REMAINING", alignment: .right),
            ]
            var table = TextTable(columns: columns)
            table.rows = report.rows.map { row in
                var cells = [LimitText.cell(row.scope)]
                if yearly { cells.append(LimitText.period(row, dateFormat: dateFormat)) }
                cells.append(money.display(row.base))
                if carrying { cells += [money.display(row.carriedIn), money.display(row.available)] }
                let remaining = money.display(row.remaining)
                return cells + [money.display(row.spent), row.isOver ? painter.paint(remaining, .red) : remaining]
            }
            return table.render(painter: painter)
        }
    }
}
