/// A problem in a JSON document, located by byte offset.
struct JSONSyntaxError: Error, Sendable, Equatable {
    var offset: Int
    var message: String
}

/// A line and column (both 1-based, columns counted in Unicode scalars) in a text.
public struct TextPosition: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Finds the position of a byte offset in UTF-8 bytes.
    init(offset: Int, in bytes: [UInt8]) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        self.init(line: line, column: column)
    }

    public var description: String { "line \(line), column \(column)" }
}
