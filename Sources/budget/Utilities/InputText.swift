import BudgetCore

/// The text of a file argument, or of stdin for `-`.
enum InputText {
    /// - Parameters:
    ///   - path: a file's path, or `-` for stdin.
    ///   - readAllInput: reads all of stdin.
    ///   - refused: what the error says did not happen (`imported`, `restored`).
    static func read(
        _ path: String, readAllInput: () throws -> [UInt8], refused: String = "imported"
    ) throws -> String {
        String(decoding: try bytes(path, readAllInput: readAllInput, refused: refused), as: UTF8.self)
    }

    /// `read`'s text as its UTF-8 bytes, checked but not copied into a `String` (a large
    /// export is then held once).
    static func bytes(
        _ path: String, readAllInput: () throws -> [UInt8], refused: String = "imported"
    ) throws -> [UInt8] {
        let bytes = path == "-" ? try readAllInput() : try InputFile.read(path)
        guard (try? UTF8Span(validating: bytes.span)) != nil else {
            throw ImportError(line: nil, "\(path == "-" ? "stdin" : path) is not UTF-8 text", refused: refused)
        }
        return bytes
    }

    /// The text of a file argument or stdin in any encoding `decoder` reads (a statement in
    /// CP932, say), without a leading byte-order mark.
    ///
    /// - Throws: `TextEncodingError` when the bytes are not text in the encoding named or
    ///   found; `BudgetError` when the file cannot be read.
    static func decoded(_ path: String, decoder: TextDecoder, readAllInput: () throws -> [UInt8]) throws -> String {
        try decoder.decode(path == "-" ? try readAllInput() : try InputFile.read(path))
    }
}
