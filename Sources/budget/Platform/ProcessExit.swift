#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ending the process.
enum ProcessExit {
    /// Exits with `code` the ordinary way (`exit`): buffered output is flushed first.
    static func exit(_ code: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(code)
        #else
        Darwin.exit(code)
        #endif
    }

    /// Exits with `code` at once (`_exit`), flushing nothing. Async-signal-safe: for signal handlers.
    static func immediately(_ code: Int32) -> Never {
        _exit(code)
    }
}
