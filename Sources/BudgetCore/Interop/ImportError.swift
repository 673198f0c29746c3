#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why an import (or a restore) was refused, located by line and column where possible.
/// Nothing is imported.
public struct ImportError: LocalizedError, Equatable, Sendable {
    public var line: Int?
    /// The column's name (`amount`) or, for JSON, its number.
    public var column: String?
    public var message: String
    /// What did not happen: `imported` or `restored` ("nothing was restored").
    public var refused: String

    public init(line: Int?, column: String? = nil, _ message: String, refused: String = "imported") {
        self.line = line
        self.column = column
        self.message = message
        self.refused = refused
    }

    public var errorDescription: String? {
        var place: [String] = []
        if let line { place.append("line \(line)") }
        if let column { place.append(column.allSatisfy(\.isNumber) ? "column \(column)" : "column '\(column)'") }
        return (place.isEmpty ? "" : place.joined(separator: ", ") + ": ") + message + "; nothing was " + refused
    }
}
