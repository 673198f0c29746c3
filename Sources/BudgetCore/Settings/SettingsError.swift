#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Settings named or changed in a way that cannot work.
public enum SettingsError: LocalizedError, Equatable, Sendable {
    /// No domain owns the key.
    case unknownKey(String, suggestion: String?)
    /// Changing the currency would silently change what stored amounts mean.
    case currencyChangeNeedsRescale(from: String, to: String)
    /// Rescaling cannot keep an amount exact (dividing cents into yen) or overflows.
    case cannotRescale(reason: String)
    /// Rescaling was asked for with a key that holds no currency.
    case rescaleNotApplicable(key: String)
    /// A key of the rules (`rule.<n>`): they are numbered 1…n in order, so they change only
    /// by adding, deleting and moving rules.
    case numberedRule(key: String)
    /// A schedule's key or the schedules' counter (`recur.00000001`, `recur.last-id`): they
    /// change only through the schedule operations.
    case scheduleKey(key: String)
    /// A key of the deleted imported records' rows (`import.deleted.2026-11`): it changes
    /// only by deleting records (and undoing that).
    case deletedRowsKey(key: String)

    /// The message, lower-case, without the command line's words.
    public var errorDescription: String? {
        switch self {
        case let .unknownKey(key, suggestion):
            return "unknown setting '\(key)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case let .currencyChangeNeedsRescale(from, to):
            return """
                changing the currency from \(from) to \(to) would change what every stored amount means, because they \
                have a different number of decimals; rescaling converts the amounts so each shows the same number as \
                before
                """
        case let .cannotRescale(reason):
            return "cannot rescale the amounts: \(reason); nothing was changed"
        case let .rescaleNotApplicable(key):
            return "rescaling applies to display.currency only, not to \(key)"
        case let .numberedRule(key):
            return """
                \(key) is one of the rules, numbered 1 to n in the order they are tried; rules change by adding, \
                deleting and moving them
                """
        case let .scheduleKey(key):
            return "\(key) belongs to the schedules, which change by adding, editing and deleting them"
        case let .deletedRowsKey(key):
            return """
                \(key) remembers the statement rows of deleted imported records, so that imports leave them out; it \
                changes only by deleting records
                """
        }
    }
}
