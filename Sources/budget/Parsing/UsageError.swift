/// A command line that cannot be run as written; reported with the usage line, exit 64.
struct UsageError: Error, Equatable, Sendable {
    /// The sentence after `Error: `.
    var message: String
    /// The words naming the command whose usage applies (`["add", "expense"]`).
    var commandPath: [String]

    init(_ message: String, commandPath: [String]) {
        self.message = message
        self.commandPath = commandPath
    }
}
