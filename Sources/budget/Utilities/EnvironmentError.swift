#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An environment variable that `budget` cannot use: a configuration error (exit 64), reported
/// as one line. The core never reads the environment, so these live here.
enum EnvironmentError: LocalizedError, Equatable {
    /// `BUDGET_LOCK_TIMEOUT` is not a number of seconds within `LockTimeout.range`.
    case invalidLockTimeout(String)
    /// `BUDGET_TODAY` is not a day written `YYYY-MM-DD`.
    case invalidToday(String)
    /// A variable naming the data file (`BUDGET_FILE`, `XDG_DATA_HOME`, `HOME`) is not UTF-8.
    case notUTF8(name: String)

    var errorDescription: String? {
        switch self {
        case let .invalidLockTimeout(value):
            // The runner escapes the message: no control character reaches the terminal.
            return "invalid BUDGET_LOCK_TIMEOUT '\(value)': "
                + "expected a number of seconds from 0 to \(Int(LockTimeout.range.upperBound))"
        case let .invalidToday(value):
            return "invalid BUDGET_TODAY '\(value)': expected a day written YYYY-MM-DD"
        case let .notUTF8(name):
            return "\(name) is not UTF-8 text, so it would name another file; "
                + "nothing was done (give the path with --file)"
        }
    }
}
