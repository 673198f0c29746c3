/// A named option (`--category <name>`) or flag (`-q, --quiet`).
struct OptionSpec: Sendable {
    /// The long name without dashes (`category`).
    var long: String
    /// The one-letter short name, if any (`q` for `-q`).
    var short: Character?
    /// The value's placeholder (`name` for `<name>`); `nil` for a flag.
    var valueName: String?
    /// One line for the help screen.
    var help: String
    /// May be given several times, each value kept.
    var isRepeatable = false
    /// The values it accepts, when they are a fixed set (for help and completion).
    var choices: [String] = []
    /// What it cannot be given with: other options (`compare`), or another option's value
    /// (`by=month`). Either side may declare it; completion offers neither against the other.
    var conflicts: [String] = []

    var isFlag: Bool { valueName == nil }

    /// `--category <name>` or `--quiet`.
    var synopsis: String {
        "--\(long)" + (valueName.map { " <\($0)>" } ?? "")
    }

    /// `-q, --quiet` or `--category <name>`, as in the options list.
    var label: String {
        (short.map { "-\($0), " } ?? "") + synopsis
    }
}
