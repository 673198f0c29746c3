#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every problem of a refused statement (the first `shownLimit`, and how many in all), each
/// at its line and column. Nothing is imported.
public struct StatementProblems: LocalizedError, Equatable, Sendable {
    /// How many problems are worded; the rest are counted.
    public static let shownLimit = 20

    /// The first problems, in file order.
    public var problems: [ImportError]
    /// How many rows had a problem.
    public var total: Int

    /// The line that counts the problems not worded (`and 5 more problems`), if any.
    public var remainder: String? {
        let more = total - problems.count
        return more > 0 ? "and \(more) more problem\(more == 1 ? "" : "s")" : nil
    }

    /// One line per problem shown, and one for those left out.
    public var errorDescription: String? {
        var lines = problems.map { problem in
            var text = problem.errorDescription ?? problem.message
            let suffix = "; nothing was " + problem.refused
            if text.hasSuffix(suffix) { text.removeLast(suffix.count) }
            return text
        }
        if let remainder { lines.append(remainder) }
        guard !lines.isEmpty else { return "the statement was refused; nothing was imported" }
        lines[lines.count - 1] += "; nothing was imported"
        return lines.joined(separator: "\n")
    }
}
