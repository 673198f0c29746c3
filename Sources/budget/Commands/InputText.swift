import BudgetCore

/// The text of a file argument, or of stdin for `-`.
enum InputText {
    static func read(_ path: String, context: CommandContext) throws -> String {
        let bytes = path == "-" ? try context.readAllInput() : try InputFile.read(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportError(line: nil, "\(path == "-" ? "stdin" : path) is not UTF-8 text")
        }
        return text
    }
}
