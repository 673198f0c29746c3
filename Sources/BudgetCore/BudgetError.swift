#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything that can go wrong in BudgetCore at run time, each with a lower-case message.
public enum BudgetError: LocalizedError, Equatable, Sendable {
    /// No record of that kind has that ID.
    case recordNotFound(RecordKind, id: String)
    /// The kind's ID counter is at 99999999: no further record can be added.
    case idSpaceExhausted(RecordKind)
    /// A record was offered with an ID that was never allocated.
    case idNotAllocated(RecordKind, id: String)
    /// A move target outside 1...count.
    case positionOutOfRange(RecordKind, position: Int, count: Int)
    /// The data file cannot be read as a budget: it is not changed.
    case invalidDataFile(path: String, position: TextPosition?, reason: String)
    /// The data file was written by a newer budget whose format this one does not know.
    case newerFormat(path: String, version: Int)
    /// The data file path names something other than a regular file.
    case notARegularFile(path: String, kind: String)
    /// A file the user named to read (an import, a restore) is not a regular file.
    case inputNotARegularFile(path: String, kind: String)
    /// A file system call failed.
    case fileSystem(operation: String, path: String, errno: Int32, message: String)
    /// Another process held the lock longer than the timeout.
    case busy(lockPath: String, seconds: Double)
    /// `BUDGET_LOCK_TIMEOUT` is not a number of seconds.
    case invalidLockTimeout(String)
    /// A sum of amounts does not fit in a 64-bit integer.
    case totalOverflow
    /// An add, edit or rescale would make the sum of one kind's amounts too large to compute.
    case totalTooLarge(RecordKind)
    /// The history is empty.
    case nothingToUndo
    /// The last change cannot be reverted because the records changed since (a hand edit).
    case undoConflict(summary: String, reason: String)
    /// `check --repair` found problems it cannot fix without guessing.
    case cannotRepair(path: String, count: Int)

    public var errorDescription: String? {
        switch self {
        case let .recordNotFound(kind, id):
            return "no \(kind.singular) with id \(id)"
        case let .idSpaceExhausted(kind):
            return "ID space exhausted: \(kind.singular) ids have reached \(RecordID.string(for: RecordID.maximum))"
        case let .idNotAllocated(kind, id):
            return "\(kind.singular) id \(id) was never allocated"
        case let .positionOutOfRange(kind, position, count):
            if count == 0 { return "position \(position) is out of range: there are no \(kind.plural)" }
            return "position \(position) is out of range: \(kind.plural) are numbered 1 to \(count)"
        case let .invalidDataFile(path, position, reason):
            let place = position.map { ":\($0.line):\($0.column)" } ?? ""
            return "invalid data file \(path)\(place): \(reason)"
        case let .newerFormat(path, version):
            return "data file \(path) was written by a newer budget (format \(version)); this budget reads format \(BudgetDocument.formatVersion)"
        case let .notARegularFile(path, kind):
            return "data file \(path) is \(kind), not a regular file"
        case let .inputNotARegularFile(path, kind):
            return "cannot read \(path): it is \(kind), not a regular file"
        case let .fileSystem(operation, path, _, message):
            return "cannot \(operation) \(path): \(message)"
        case let .busy(lockPath, seconds):
            return "data file is busy: another process has held \(lockPath) for \(Self.formatSeconds(seconds)) s"
        case let .invalidLockTimeout(value):
            return "invalid BUDGET_LOCK_TIMEOUT '\(value)': expected a number of seconds"
        case .totalOverflow:
            return "the total is too large to compute"
        case let .totalTooLarge(kind):
            return "the \(kind.plural) would add up to more than \(AmountParser.grouped(BudgetDocument.maximumTotal)), the largest total budget can compute; nothing was changed"
        case .nothingToUndo:
            return "nothing to undo"
        case let .undoConflict(summary, reason):
            return "cannot undo '\(summary)': \(reason) (was the file edited by hand?)"
        case let .cannotRepair(path, count):
            return "cannot repair \(path): \(count) \(count == 1 ? "problem needs" : "problems need") fixing by hand; nothing was changed"
        }
    }

    private static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
