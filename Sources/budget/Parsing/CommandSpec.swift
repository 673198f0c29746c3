/// Everything the command line knows about one command: how to parse it, and the text of its
/// help. Parsing, `--help`, usage lines and error suggestions all read the same spec.
struct CommandSpec: Sendable {
    /// The word that selects the command (`expense` in `budget add expense`).
    var name: String
    /// One line: what the command does.
    var abstract: String
    /// Further paragraphs for the help screen.
    var discussion: String?
    var arguments: [ArgumentSpec]
    var options: [OptionSpec]
    /// The subcommands by name, each spec made when it is asked for.
    private var subcommandMakers: [Subcommand]
    /// The command runs on its own too, without one of its subcommands (`budget history`).
    var runsWithoutSubcommand: Bool

    /// A subcommand's name, and how its spec is made: the root's are made only when named, so
    /// that a command line makes the spec of the command it runs and not those of the 35 others
    /// (with the statement presets, the settable fields and the types they need the first time:
    /// a tenth of an `add` on a household's file).
    struct Subcommand: Sendable {
        let name: String
        let make: @Sendable () -> CommandSpec
    }

    /// A command with its subcommands made already.
    init(
        name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], subcommands: [CommandSpec] = [], runsWithoutSubcommand: Bool = false
    ) {
        self.init(
            name: name, abstract: abstract, discussion: discussion, arguments: arguments, options: options,
            madeWhenNamed: subcommands.map { spec in Subcommand(name: spec.name) { spec } },
            runsWithoutSubcommand: runsWithoutSubcommand)
    }

    /// A command whose subcommands' specs are made when named.
    init(
        name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], madeWhenNamed subcommands: [Subcommand], runsWithoutSubcommand: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommandMakers = subcommands
        self.runsWithoutSubcommand = runsWithoutSubcommand
    }

    /// Every subcommand (all made: for help, completion and the manual).
    var subcommands: [CommandSpec] { subcommandMakers.map { $0.make() } }

    /// Whether the command has subcommands, none of them made.
    var hasSubcommands: Bool { !subcommandMakers.isEmpty }

    /// The subcommands' names, none of them made.
    var subcommandNames: [String] { subcommandMakers.map(\.name) }

    /// The subcommand named `word`, if any: only its spec is made.
    func subcommand(named word: String) -> CommandSpec? {
        subcommandMakers.first { $0.name == word }?.make()
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
