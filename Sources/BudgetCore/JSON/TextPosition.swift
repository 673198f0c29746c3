/// A line and column (both 1-based, columns counted in Unicode scalars) in a text.
public struct TextPosition: Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int

    /// A position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line 3, column 7`.
    public var description: String { "line \(line), column \(column)" }
}
