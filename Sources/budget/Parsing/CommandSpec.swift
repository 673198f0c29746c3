/// Everything the command line knows about one command: how to parse it, and the text of its
/// help. Parsing, `--help`, usage lines and error suggestions all read the same spec.
struct CommandSpec: Sendable {
    /// The word that selects the command (`expense` in `budget add expense`).
    var name: String
    /// One line: what the command does.
    var abstract: String
    /// Further paragraphs for the help screen.
    var discussion: String?
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    var subcommands: [CommandSpec] = []
    /// The command runs on its own too, without one of its subcommands (`budget history`).
    var runsWithoutSubcommand = false

    /// The subcommand named `word`, if any.
    func subcommand(named word: String) -> CommandSpec? {
        subcommands.first { $0.name == word }
    }
}
