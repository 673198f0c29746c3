/// A command line split into its command, positional values and options, not yet typed.
struct ParsedCommand: Sendable {
    /// The leaf command that runs.
    var spec: CommandSpec
    /// The words that selected it (`["add", "expense"]`; empty for the root).
    var path: [String]
    var positionals: [String] = []
    /// Option values by long name, in the order given; a flag has one empty value per use.
    var options: [String: [String]] = [:]
    /// `-h`/`--help` was given.
    var wantsHelp = false

    /// Whether a flag was given.
    func flag(_ long: String) -> Bool {
        options[long] != nil
    }

    /// The last value of an option (a later value overrides an earlier one).
    func value(_ long: String) -> String? {
        options[long]?.last
    }

    /// Every value of a repeatable option.
    func values(_ long: String) -> [String] {
        options[long] ?? []
    }

    /// A usage error for this command.
    func usageError(_ message: String) -> UsageError {
        UsageError(message, commandPath: path)
    }
}
