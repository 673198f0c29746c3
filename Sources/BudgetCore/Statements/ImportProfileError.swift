#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a saved import profile could not be shown or deleted.
public enum ImportProfileError: LocalizedError, Equatable, Sendable {
    /// No saved profile has the name.
    case notFound(String)
    /// The name is neither a preset's nor a saved profile's (the saved ones listed).
    case unknown(String, saved: [String])
    /// The name is a built-in preset's, which is not a saved profile.
    case builtIn(String)

    /// The message, lower-case.
    public var errorDescription: String? {
        switch self {
        case .notFound(let name): return "no saved profile is called '\(name)'"
        case let .unknown(name, saved):
            return "unknown profile '\(name)'; expected a preset "
                + "(\(StatementPreset.all.map(\.name).joined(separator: ", ")))"
                + (saved.isEmpty ? "" : " or a saved profile (\(saved.joined(separator: ", ")))")
        case .builtIn(let name): return "'\(name)' is a built-in preset, which cannot be deleted"
        }
    }
}
