import BudgetCore

/// `budget config list|get|set|unset`: the typed settings, by stored key.
struct ConfigCommand: Command {
    static let spec = CommandSpec(
        name: "config", abstract: "Show and change settings.",
        discussion: "Keys: display.currency, display.color, display.date-format, expense.default-category and budget.limit.<category>. Settings are kept in the data file, so undo reverts them too.",
        subcommands: [listSpec, getSpec, setSpec, unsetSpec])

    static let keyArgument = ArgumentSpec(name: "key", help: "A setting such as display.currency (see 'budget config list').")

    static let listSpec = CommandSpec(
        name: "list", abstract: "List every setting with its value, default and description.",
        options: [OutputFormat.reportOption, CommonArguments.noHeader])
    static let getSpec = CommandSpec(name: "get", abstract: "Print a setting's value.", arguments: [keyArgument])
    static let setSpec = CommandSpec(
        name: "set", abstract: "Change a setting.", arguments: [keyArgument, ArgumentSpec(name: "value", help: "The new value.")],
        options: [OptionSpec(long: "rescale", help: "With display.currency: convert every amount to the new currency's decimals.")])
    static let unsetSpec = CommandSpec(
        name: "unset", abstract: "Return a setting to its default.", arguments: [keyArgument],
        options: [OptionSpec(long: "rescale", help: "With display.currency: convert every amount back to whole numbers.")])

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
            action = .list(try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json]), includeHeader: !parsed.flag("no-header"))
        case "get":
            action = .get(try Self.key(parsed.positionals[0], parsed))
        case "set":
            action = .set(try Self.key(try Self.newKeyName(parsed.positionals[0], parsed), parsed), parsed.positionals[1], rescale: parsed.flag("rescale"))
        default:
            action = .unset(try Self.key(parsed.positionals[0], parsed), rescale: parsed.flag("rescale"))
        }
    }

    /// A key name to set: a limit's category is read like `limit set` reads it (trimmed, no
    /// bidirectional controls), so `budget.limit.food ` and `limit set food` name one limit.
    static func newKeyName(_ name: String, _ parsed: ParsedCommand) throws(UsageError) -> String {
        let prefix = BudgetKeys.name + ".limit."
        guard name.hasPrefix(prefix) else { return name }
        return prefix + (try parsed.label(String(name.dropFirst(prefix.count)), field: "category"))
    }

    /// The key a user named, or a usage error with the closest known key.
    static func key(_ name: String, _ parsed: ParsedCommand) throws(UsageError) -> AnySettingKey {
        if let key = SettingsCatalog.key(stored: name) { return key }
        var message = "Unknown setting '\(name)'"
        let names = SettingsCatalog.fixedKeys.map(\.storedKey) + ["budget.limit.<category>"]
        if let guess = Suggestion.closest(to: name, among: names) {
            message += ". Did you mean '\(guess)'?"
        } else {
            message += "; see 'budget config list'"
        }
        throw parsed.usageError(message)
    }

    func run(in context: CommandContext) throws {
        let store = try context.store()
        switch action {
        case let .list(format, includeHeader):
            let document = try store.load()
            context.output.write(ConfigListing(document: document, format: format, includeHeader: includeHeader).render(painter: context.outputPainter(document)))
        case .get(let key):
            let document = try store.load()
            let value = document.settingsValues.value(forKey: key.storedKey).flatMap { key.describe($0, document.settingContext) }
            context.output.write((value ?? key.defaultText(context: document.settingContext)) + "\n")
        case let .set(key, text, rescale):
            let (shown, changed) = try store.transaction { document -> (String, Bool) in
                let before = document.settingsValues.value(forKey: key.storedKey)
                try apply(key, text: text, rescale: rescale, to: &document)
                let after = document.settingsValues.value(forKey: key.storedKey)
                return (after.flatMap { key.describe($0, document.settingContext) } ?? "none", before != after)
            }
            context.confirm(changed ? "Set \(key.storedKey) to \(shown)." : "No change: \(key.storedKey) is already \(shown).")
        case let .unset(key, rescale):
            let wasSet = try store.transaction { document -> Bool in
                let wasSet = document.settingsValues.value(forKey: key.storedKey) != nil
                try apply(key, text: nil, rescale: rescale, to: &document)
                return wasSet
            }
            context.confirm(wasSet ? "Unset \(key.storedKey); it is back to its default." : "No change: \(key.storedKey) was not set.")
        }
    }

    /// Sets (`text`) or removes (`nil`) a key. The currency goes through the rescale rules.
    private func apply(_ key: AnySettingKey, text: String?, rescale: Bool, to document: inout BudgetDocument) throws {
        if key.storedKey == DisplayKeys.currency.storedKey {
            // `none`, as `config list` shows an unset currency, means plain whole numbers.
            let currency = try text.flatMap { text throws(UsageError) -> Currency? in
                if FieldRules.trimmed(text).lowercased() == "none" { return nil }
                return try parsed.converting { () throws(ValueError) in try Currency(settingText: text) }
            }
            try document.setCurrency(currency, rescale: rescale)
            return
        }
        if rescale { throw parsed.usageError("'--rescale' applies to display.currency only") }
        let stored = try text.map { text throws(UsageError) in
            try parsed.converting { () throws(ValueError) in try key.parse(text, document.settingContext) }
        } ?? nil
        document.settingsValues.setValue(stored, forKey: key.storedKey)
    }
}
