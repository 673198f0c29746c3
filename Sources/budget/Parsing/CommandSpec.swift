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

    /// The command a path of subcommand words names below this one (itself for `[]`), or
    /// `nil` when a word is unknown.
    func descendant(at path: [String]) -> CommandSpec? {
        var spec = self
        for word in path {
            guard let next = spec.subcommand(named: word) else { return nil }
            spec = next
        }
        return spec
    }
}
