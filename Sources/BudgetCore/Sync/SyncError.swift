import FoundationEssentials

/// Why a replica could not be made, opened or folded.
public enum SyncError: LocalizedError, Equatable, Sendable {
    /// A counter is beyond the IDs of the device's block.
    case blockUsedUp(String)
    /// A document to fold has no devices.
    case notAReplica

    /// What went wrong, lower-case.
    public var errorDescription: String? {
        switch self {
        case .blockUsedUp(let what):
            return "the device's block of ids cannot hold what the budget has handed out (\(what))"
        case .notAReplica:
            return "only the replicas of devices fold; a file without devices merges three-way"
        }
    }
}
