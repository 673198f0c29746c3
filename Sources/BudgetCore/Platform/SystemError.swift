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
    /// `ESTALE`: what `FileContents.stillAsRead(at:)` reports for a file changed since it was read.
    static let changedSinceRead = ESTALE
    /// `EFAULT`: a bad address, which `write` reports when bytes it copies from a mapping were
    /// cut off by another program truncating the file.
    static let badAddress = EFAULT

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
