import BudgetCore

/// The text of a file argument, or of stdin for `-`.
enum InputText {
    /// - Parameters:
    ///   - path: a file's path, or `-` for stdin.
    ///   - readAllInput: reads all of stdin.
    ///   - refused: what the error says did not happen (`imported`, `restored`).
    static func read(_ path: String, readAllInput: () throws -> [UInt8], refused: String = "imported") throws -> String {
        let bytes = path == "-" ? try readAllInput() : try InputFile.read(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportError(line: nil, "\(path == "-" ? "stdin" : path) is not UTF-8 text", refused: refused)
        }
        return text
    }
}
