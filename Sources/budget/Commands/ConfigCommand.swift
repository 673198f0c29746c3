import BudgetCore

/// `budget config list|get|set|unset`: the typed settings, by stored key.
struct ConfigCommand: Command {
    static let spec = CommandSpec(
        name: "config", abstract: "Show and change settings.",
        discussion: """
            Keys: display.currency, display.color, display.date-format, expense.default-category, \
            budget.limit.<category> and budget.total-limit (an amount, or with options: \
            40000;per=year;rollover=surplus;since=2026; budget limit sets them too). Settings are kept in the data \
            file, so undo reverts them too.
            """,
        subcommands: [listSpec, getSpec, setSpec, unsetSpec])

    static let keyArgument = ArgumentSpec(
        name: "key", help: "A setting such as display.currency (see 'budget config list').")

    static let listSpec = CommandSpec(
        name: "list", abstract: "List every setting with its value, default and description.",
        options: [OutputFormat.reportOption, CommonArguments.noHeader])
    static let getSpec = CommandSpec(name: "get", abstract: "Print a setting's value.", arguments: [keyArgument])
    static let setSpec = CommandSpec(
        name: "set", abstract: "Change a setting.",
        arguments: [keyArgument, ArgumentSpec(name: "value", help: "The new value.")],
        options: [
            OptionSpec(
                long: "rescale", help: "With display.currency: convert every amount to the new currency's decimals."),
        ])
    static let unsetSpec = CommandSpec(
        name: "unset", abstract: "Return a setting to its default.", arguments: [keyArgument],
        options: [
            OptionSpec(long: "rescale", help: "With display.currency: convert every amount back to whole numbers."),
        ])

    enum Action {
        case list(OutputFormat, includeHeader: Bool)
        case get(AnySettingKey)
        case set(AnySettingKey, String, rescale: Bool)
        case unset(AnySettingKey, rescale: Bool)
    }

    let action: Action
    let parsed: ParsedCommand

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        switch parsed.path.last {
        case "list":
            action = .list(
                try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json]),
                includeHeader: !parsed.flag("no-header"))
        case "get":
            action = .get(try Self.key(parsed.positionals[0], parsed))
        case "set":
            action = .set(
                try Self.key(parsed.positionals[0], parsed, toSet: true), parsed.positionals[1],
                rescale: parsed.flag("rescale"))
        default:
            action = .unset(try Self.key(parsed.positionals[0], parsed), rescale: parsed.flag("rescale"))
        }
    }

    /// The key a user named, or a usage error with the closest known key. A key to set reads
    /// a limit's category like `limit set` does (`SettingsCatalog.key(toSet:)`).
    static func key(_ name: String, _ parsed: ParsedCommand, toSet: Bool = false) throws(UsageError) -> AnySettingKey {
        do {
            if toSet { return try SettingsCatalog.key(toSet: name) }
            if let key = SettingsCatalog.key(stored: name) { return key }
        } catch let error as ValueError {
            throw parsed.usageError(error)
        } catch {}
        var message = "unknown setting '\(name)'"
        if let guess = Suggestion.closest(to: name, among: SettingsCatalog.keyPatterns) {
            message += "; did you mean '\(guess)'?"
        } else {
            message += "; see 'budget config list'"
        }
        throw parsed.usageError(message)
    }

    func run(in context: CommandContext) throws {
        // Turning automatic recording off (or on) must not first record what is due.
        let store = try touchesAutoRecording ? context.unscheduledStore() : context.store()
        switch action {
        case let .list(format, includeHeader):
            let document = try store.load()
            let listing = ConfigListing(entries: document.settingEntries, format: format, includeHeader: includeHeader)
            context.output.write(listing.render(painter: context.outputPainter(document)))
        case .get(let key):
            context.output.write(try store.load().settingText(key) + "\n")
        case let .set(key, text, rescale):
            let change = try changing { try store.transaction { try $0.setSetting(key, to: text, rescale: rescale) } }
            let shown = change.value ?? "none"
            context.confirm(
                change.changed
                    ? "Set \(key.storedKey) to \(shown)." : "No change: \(key.storedKey) is already \(shown).")
        case let .unset(key, rescale):
            let change = try changing { try store.transaction { try $0.setSetting(key, to: nil, rescale: rescale) } }
            context.confirm(
                change.wasSet
                    ? "Unset \(key.storedKey); it is back to its default." : "No change: \(key.storedKey) was not set.")
        }
    }

    /// Whether the command sets or unsets `recur.auto`.
    private var touchesAutoRecording: Bool {
        switch action {
        case .set(let key, _, _), .unset(let key, _): return key.storedKey == RecurKeys.auto.storedKey
        default: return false
        }
    }

    /// Runs a change; `--rescale` with a key that holds no currency is a usage error.
    private func changing(_ change: () throws -> SettingChange) throws -> SettingChange {
        do {
            return try change()
        } catch SettingsError.rescaleNotApplicable {
            throw parsed.usageError("'--rescale' applies to display.currency only")
        } catch SettingsError.scheduleKey(let key) {
            throw parsed.usageError(
                "\(key) belongs to the schedules: change them with 'budget recur add', 'recur edit' and 'recur delete'")
        } catch SettingsError.deletedRowsKey(let key) {
            throw parsed.usageError("""
                \(key) remembers the statement rows of deleted imported records: it changes only by deleting records \
                ('budget delete'; 'budget undo' takes a delete back), and 'budget import --allow-duplicates' imports \
                such rows again
                """)
        } catch SettingsError.numberedRule(let key) {
            throw parsed.usageError("""
                \(key) is one of the rules, numbered in the order they are tried: change rules with 'budget rule add', \
                'rule delete' and 'rule move'
                """)
        }
    }
}
