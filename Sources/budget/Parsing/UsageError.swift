/// A command line that cannot be run as written; reported as `budget: error: …`, exit 64
/// (with the usage line under it when stderr is a terminal).
struct UsageError: Error, Equatable, Sendable {
    /// The lower-case sentence after `budget: error: `.
    var message: String
    /// The words naming the command whose usage applies (`["add", "expense"]`).
    var commandPath: [String]

    init(_ message: String, commandPath: [String]) {
        self.message = message
        self.commandPath = commandPath
    }
}
