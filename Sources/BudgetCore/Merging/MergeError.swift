#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why two copies of a budget could not be merged (`ThreeWayMerge`); nothing is merged then.
public enum MergeError: LocalizedError, Equatable, Sendable {
    /// Every ID of a kind up to 99999999 has been given, so a record added on their side could
    /// not get an ID of its own.
    case idSpaceExhausted(RecordKind)
    /// Every schedule ID up to 99999999 has been given, so a schedule added on their side could
    /// not get an ID of its own.
    case scheduleIDsExhausted
    /// The merged budget would not be a valid data file (`reason`, in lower case).
    case invalidResult(reason: String)
    /// A total of the merged budget could not be computed (`BudgetDocument.checkTotals`).
    case totals(BudgetError)
    /// Two versions of one device's replica.
    case sameDevice(String)
    /// One copy has devices and the other has none.
    case mixed
    /// Two copies without devices share no state in their histories, and no ancestor was given.
    case noAncestor

    /// The message, lower-case.
    public var errorDescription: String? {
        switch self {
        case let .idSpaceExhausted(kind):
            return "no \(kind.singular) IDs are left for the \(kind.plural) added on their side: "
                + "every ID up to 99999999 has been given"
        case .scheduleIDsExhausted:
            return "no schedule IDs are left for the schedules added on their side: "
                + "every ID up to 99999999 has been given"
        case .sameDevice(let device):
            return "both files are replicas of device '\(device)', written apart: the same ID may name two "
                + "different records there, so they are not folded; nothing was changed"
        case .mixed:
            return "one file is the replica of a device and the other has no devices; they cannot be merged"
        case .noAncestor:
            return "the two files share no earlier state (their undo histories meet nowhere), so a merge "
                + "cannot tell an addition from a deletion; nothing was changed"
        case let .invalidResult(reason):
            return "the merged budget would be an invalid data file: \(reason)"
        case let .totals(error):
            return "the merged budget's totals cannot be computed: \(error.errorDescription ?? "\(error)")"
        }
    }
}
