#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything that can go wrong in BudgetCore at run time, each with a lower-case message.
public enum BudgetError: LocalizedError, Equatable, Sendable {
    /// No record of that kind has that ID.
    case recordNotFound(RecordKind, id: String)
    /// No expense and no limit uses the category.
    case categoryNotFound(String)
    /// No record carries the tag.
    case tagNotFound(String)
    /// A category cannot take another's name: both have a limit, and they differ (each limit
    /// in words, its amount in the budget's currency: `¥40,000 a month`).
    case limitConflict(category: String, limit: String, target: String, targetLimit: String)
    /// The kind's ID counter is at 99999999: no further record can be added.
    case idSpaceExhausted(RecordKind)
    /// A record was offered with an ID that was never allocated.
    case idNotAllocated(RecordKind, id: String)
    /// A move target outside 1...count.
    case positionOutOfRange(RecordKind, position: Int, count: Int)
    /// The data file cannot be read as a budget: it is not changed.
    case invalidDataFile(path: String, position: TextPosition?, reason: String)
    /// The data file cannot be read as a budget, but every problem in it can be repaired
    /// without guessing (`JSONFileStore.repair()`: orders, counters, unusable history entries).
    case repairableDataFile(path: String, position: TextPosition?, reason: String)
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
    /// The data file path leads through an open file descriptor (`/dev/stdin`, `/dev/fd/N`) or
    /// elsewhere into `/proc`: it can be read, but a change would replace whatever file the
    /// descriptor's link names.
    case openDescriptorDataFile(path: String)
    /// A sum of amounts does not fit in a 64-bit integer.
    case totalOverflow
    /// A change would make a kind's amounts add up to more than a 64-bit integer holds.
    case totalTooLarge(RecordKind)
    /// A limit (a category's, or the total limit) above `BudgetDocument.maximumLimit`.
    case limitTooLarge(LimitScope, maximum: Int)
    /// The categories' limits together above `BudgetDocument.maximumLimit`.
    case limitsTooLarge(maximum: Int)
    /// The refunds' sizes together, beside the limits over the longest period, above what
    /// 64 bits hold: the room they give back to a limit could not be computed.
    case refundsTooLarge(refunds: Int, maximum: Int)
    /// The history is empty.
    case nothingToUndo
    /// The last change cannot be reverted because the records changed since (a hand edit).
    case undoConflict(summary: String, reason: String)
    /// The last change added a record that a fold has since made one with another device's
    /// (the same statement row, schedule occurrence, settlement or adjustment): `record` is
    /// `kept` now, which this device did not add alone.
    case undoJoined(summary: String, record: RecordReference, kept: RecordReference)
    /// `JSONFileStore.repair()` found problems it cannot fix without guessing.
    case cannotRepair(path: String, count: Int)
    /// A change would leave the data file invalid, so it was not written (a defect, or a hand-edited file).
    case invalidResult(path: String, reason: String)
    /// A record to export as a ledger journal is dated before the calendar `ledger` reads.
    case dateBeforeLedgerCalendar(RecordReference, Day)
    /// A store's `transaction` or `load` was called from inside a transaction on the same store
    /// (the change it runs): it would wait for its own lock.
    case nestedTransaction

    /// The message, lower-case, without the command line's words.
    public var errorDescription: String? {
        switch self {
        case let .recordNotFound(kind, id):
            return "no \(kind.singular) with id \(id)"
        case let .categoryNotFound(name):
            return "no category named '\(name)': no expense or limit uses it"
        case let .tagNotFound(name):
            return "no tag named '\(name)': no record carries it"
        case let .limitConflict(category, limit, target, targetLimit):
            return "cannot rename \(category) to \(target): both have a limit (\(limit) and \(targetLimit)); "
                + "make them equal or remove one first; nothing was changed"
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
        case let .repairableDataFile(path, position, reason):
            let place = position.map { ":\($0.line):\($0.column)" } ?? ""
            return "invalid data file \(path)\(place): \(reason); it can be repaired, keeping a backup of the original"
        case let .newerFormat(path, version):
            return "data file \(path) was written by a newer budget (format \(version)); "
                + "this budget reads format \(BudgetDocument.formatVersion)"
        case let .notARegularFile(path, kind):
            return "data file \(path) is \(kind), not a regular file"
        case let .inputNotARegularFile(path, kind):
            return "cannot read \(path): it is \(kind), not a regular file"
        case let .fileSystem(operation, path, _, message):
            return "cannot \(operation) \(path): \(message)"
        case let .busy(lockPath, seconds):
            return "data file is busy: another process has held \(lockPath) for \(Self.formatSeconds(seconds)) s"
        case let .openDescriptorDataFile(path):
            return "data file \(path) is an open file descriptor (it leads into /proc): "
                + "it can be read but not changed; name the file itself"
        case .totalOverflow:
            return "the total is too large to compute"
        case let .totalTooLarge(kind):
            return "the \(kind.plural) would add up to more than \(AmountParser.grouped(Int.max)), "
                + "the largest total budget can compute; nothing was changed"
        case let .limitTooLarge(scope, maximum):
            let limit = scope.category.map { "the limit of \($0)" } ?? "the total limit"
            return "\(limit) is above \(AmountParser.grouped(maximum)), "
                + "the largest that stays computable over every period; nothing was changed"
        case let .limitsTooLarge(maximum):
            return "the categories' limits would add up to more than \(AmountParser.grouped(maximum)), "
                + "the most that stays computable over every period; nothing was changed"
        case let .refundsTooLarge(refunds, maximum):
            return "the refunds (\(AmountParser.grouped(refunds)) together) and the limits would be too large "
                + "to compute over every period: with these limits the refunds can add up to "
                + "\(AmountParser.grouped(max(0, maximum))); nothing was changed"
        case .nothingToUndo:
            return "nothing to undo"
        case let .undoConflict(summary, reason):
            return "cannot undo '\(summary)': \(reason) (was the file edited by hand?)"
        case let .undoJoined(summary, record, kept):
            return "cannot undo '\(summary)': \(record.kind.singular) \(record.id) is \(kept.kind.singular) "
                + "\(kept.id) now, which another device recorded too; change or delete \(kept.kind.singular) "
                + "\(kept.id) instead"
        case let .cannotRepair(path, count):
            return "cannot repair \(path): \(count) \(count == 1 ? "problem needs" : "problems need") fixing by hand; "
                + "nothing was changed"
        case let .invalidResult(path, reason):
            return "cannot save the change to \(path): the result would be an invalid data file (\(reason)); "
                + "nothing was changed"
        case let .dateBeforeLedgerCalendar(reference, day):
            return "\(reference) is dated \(day.iso), before \(LedgerJournal.earliestYear), "
                + "the first year ledger reads; correct its date or export a period that leaves it out; "
                + "nothing was exported"
        case .nestedTransaction:
            return "a transaction is already open on this store; nested transactions are not supported"
        }
    }

    private static func formatSeconds(_ seconds: Double) -> String {
        Int(exactly: seconds).map(String.init) ?? String(seconds)
    }
}
