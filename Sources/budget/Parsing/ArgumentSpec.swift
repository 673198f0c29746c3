/// A positional argument of a command.
struct ArgumentSpec: Sendable {
    /// The name shown in angle brackets (`amount` for `<amount>`).
    var name: String
    /// One line for the help screen.
    var help: String
    var isOptional = false
    /// Takes all remaining positional values (`<id>…`).
    var isRepeating = false
    /// The values it accepts, when they are a fixed set (for help and completion).
    var choices: [String] = []
    /// What completion offers beyond `choices`.
    var completion: Completion = .none
    /// Options with which an optional argument is left out (`--total` for a limit's category).
    var conflicts: [String] = []

    /// Values completion looks up at the time of completing.
    enum Completion: Sendable {
        case none
        /// The categories of the data file.
        case categories
        /// The categories that have a limit.
        case limitedCategories
        /// The tags of the data file.
        case tags
        /// The accounts of the data file.
        case accounts
        /// The members of the data file.
        case members
        /// File names.
        case files
    }

    /// `<name>`, `<name> …` or `[<name>]`, as in a usage line.
    var usage: String {
        let base = "<\(name)>" + (isRepeating ? " ..." : "")
        return isOptional ? "[\(base)]" : base
    }
}
