#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed C library call's `errno`, with the library's text for it.
struct Errno: Error, Equatable, Sendable {
    /// The error number (`EPIPE`, `ENOSPC`, …).
    var code: Int32

    /// The value `errno` holds now: read it right after the call that failed.
    static var current: Errno { Errno(code: errno) }

    /// The C library's text for the error (`Broken pipe`), or `error <code>` when it has none.
    var message: String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
