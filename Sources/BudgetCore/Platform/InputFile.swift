/// Reading a file a user names (an import, a restore), with errors as `BudgetError`.
public enum InputFile {
    /// The bytes of a regular file.
    ///
    /// - Throws: `BudgetError.inputNotARegularFile` or `BudgetError.fileSystem` (no such file, no permission).
    public static func read(_ path: String) throws -> [UInt8] {
        do {
            switch try FileSystem.kind(at: path, followLinks: true) {
            case .regular: return try FileSystem.readAll(path)
            case .missing: throw SystemError(operation: "read", path: path, code: 2)
            case .directory: throw BudgetError.inputNotARegularFile(path: path, kind: "a directory")
            case .symbolicLink: throw BudgetError.inputNotARegularFile(path: path, kind: "a symbolic link loop")
            case .other(let kind):
                guard kind == "a FIFO" else { throw BudgetError.inputNotARegularFile(path: path, kind: kind) }
                // A pipe (`<(…)`) or a named FIFO: read as its writer writes, as `cat` reads it.
                return try FileSystem.readAll(path, waitingForWriter: true)
            }
        } catch let error as SystemError {
            throw error.budgetError
        }
    }
}
