#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: what was attempted, on which path, and `errno`.
struct SystemError: Error, Sendable {
    var operation: String
    var path: String
    var code: Int32

    /// `ENOENT`: no such file or directory.
    static let noSuchFile = ENOENT
    /// `EEXIST`: the file exists.
    static let fileExists = EEXIST
    /// `EACCES`: permission denied.
    static let permissionDenied = EACCES

    /// The C library's text for the error (`Permission denied`).
    var message: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The same failure as the public error type.
    var budgetError: BudgetError {
        .fileSystem(operation: operation, path: path, errno: code, message: message)
    }
}
