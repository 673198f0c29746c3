#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why an import was refused, located by line and column where possible. Nothing is imported.
public struct ImportError: LocalizedError, Equatable, Sendable {
    public var line: Int?
    /// The column's name (`amount`) or, for JSON, its number.
    public var column: String?
    public var message: String

    public init(line: Int?, column: String? = nil, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var errorDescription: String? {
        var place: [String] = []
        if let line { place.append("line \(line)") }
        if let column { place.append(column.allSatisfy(\.isNumber) ? "column \(column)" : "column '\(column)'") }
        return (place.isEmpty ? "" : place.joined(separator: ", ") + ": ") + message + "; nothing was imported"
    }
}
