#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A schedule operation that cannot be done; nothing changes then.
public enum ScheduleError: LocalizedError, Equatable, Sendable {
    /// No schedule has the ID.
    case notFound(id: String)
    /// Every schedule ID up to 99999999 has been given.
    case idSpaceExhausted
    /// The day is not one of the schedule's occurrences still to come (`next` are).
    case notAnOccurrence(id: String, day: Day, next: [Day])
    /// The occurrence due on the day was already recorded or skipped.
    case alreadyRecorded(id: String, day: Day)
    /// The schedule has no occurrence left to skip.
    case ended(id: String)
    /// The schedule names an account the budget does not have.
    case account(AccountError)
    /// A schedule whose amount a forecast of `Forecast.longestMonths` could not add up (counted
    /// once a day, with the records and the limits): `largest` is the most it may be, shown.
    case amountTooLarge(kind: RecordKind, largest: String)
    /// A change that would leave the schedules' forecast too large to compute.
    case forecastTooLarge

    /// The message, lower-case.
    public var errorDescription: String? {
        switch self {
        case let .notFound(id):
            return "no schedule with ID \(id)"
        case .idSpaceExhausted:
            return "no schedule IDs are left: every ID up to 99999999 has been given"
        case let .notAnOccurrence(id, day, next):
            let coming = next.isEmpty
                ? "it has none to come" : "its next are " + next.map(\.iso).joined(separator: ", ")
            return "schedule \(id) has no occurrence due on \(day.iso); \(coming)"
        case let .alreadyRecorded(id, day):
            return "the occurrence of schedule \(id) due on \(day.iso) was already recorded or skipped"
        case let .ended(id):
            return "schedule \(id) has ended: it has no occurrence left to skip"
        case let .account(error):
            return error.errorDescription
        case let .amountTooLarge(kind, largest):
            return "the amount is too large to forecast: over \(Forecast.longestMonths) months the records, the "
                + "limits and the schedules would add up to more than budget can compute; this \(kind.singular) "
                + "schedule can be at most \(largest)"
        case .forecastTooLarge:
            return "the schedules, counted over the longest forecast (\(Forecast.longestMonths) months), with the "
                + "records and the limits would add up to more than budget can compute; nothing was changed"
        }
    }
}
