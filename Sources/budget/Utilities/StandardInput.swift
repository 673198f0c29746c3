import BudgetCore

/// The process's standard input.
enum StandardInput {
    /// All of it, byte for byte (CRLF stays CRLF).
    ///
    /// - Throws: `BudgetError.fileSystem` when reading fails (stdin is a directory, say): a
    ///   command must not act on half of its input.
    static func readAll() throws -> [UInt8] {
        do {
            return try FileDescriptor.standardInput.readAll()
        } catch {
            throw BudgetError.fileSystem(
                operation: "read", path: "standard input", errno: error.code, message: error.message)
        }
    }
}
