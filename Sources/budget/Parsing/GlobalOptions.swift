import BudgetCore

/// Options every command accepts, before or after its name.
enum GlobalOptions {
    static let file = OptionSpec(
        long: "file", valueName: "path",
        help: "The data file (default: $BUDGET_FILE, else $XDG_DATA_HOME/budget/budget.json, "
            + "else ~/.local/share/budget/budget.json).")
    static let quiet = OptionSpec(long: "quiet", short: "q", help: "Print no confirmation messages on stderr.")
    static let color = OptionSpec(
        long: "color", valueName: "when",
        help: "Colour output: auto, always or never (default: display.color, else auto; NO_COLOR means never).",
        choices: ColorMode.allCases.map(\.rawValue))
    static let help = OptionSpec(long: "help", short: "h", help: "Show help information.")
    static let version = OptionSpec(long: "version", help: "Show the version.")

    /// The options of every command, in help order.
    static let all = [file, quiet, color, help]
}
