import BudgetCore

/// `budget manual`: prints the roff manual page that `make install` installs.
struct ManualCommand: Command {
    static let spec = CommandSpec(
        name: "manual", abstract: "Print the manual page (roff), as installed in share/man/man1/budget.1.",
        discussion: "Read it with: budget manual | man -l -")

    init(_ parsed: ParsedCommand) throws(UsageError) {}

    func run(in context: CommandContext) throws {
        context.output.write(
            ManPageGenerator(root: CommandTree.root, version: CommandTree.version, date: CommandTree.releaseDate).page)
    }
}
