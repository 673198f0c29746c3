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

    public var description: String { "line \(line), column \(column)" }
}
