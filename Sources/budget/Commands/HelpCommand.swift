/// `budget help [<subcommand> …]`: the same text as `--help`.
struct HelpCommand {
    static let spec = CommandSpec(
        name: "help", abstract: "Show subcommand help information.",
        arguments: [
            ArgumentSpec(name: "subcommand", help: "The command to explain.", isOptional: true, isRepeating: true),
        ])
}
