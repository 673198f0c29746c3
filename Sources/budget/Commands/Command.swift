/// A runnable command: built from a parsed command line (where every argument is checked and
/// typed), then run against a context.
protocol Command {
    /// The command's name, arguments, options and help.
    static var spec: CommandSpec { get }
    /// Checks and types the arguments.
    ///
    /// - Throws: `UsageError` for any argument the command cannot take.
    init(_ parsed: ParsedCommand) throws(UsageError)
    /// Does the work.
    func run(in context: CommandContext) throws
}
