#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the process reacts to signals (`signal`).
enum Signals {
    /// Ignores `SIGXFSZ`: a write beyond the file size limit (`ulimit -f`) then fails with
    /// `EFBIG` instead of killing the process.
    static func ignoreFileSizeLimit() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Ignores `SIGPIPE`: a write to a closed pipe then fails with `EPIPE` instead of killing
    /// the process.
    static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Runs `handler` on `SIGBUS`, which a read of a mapped file raises when another program
    /// has cut the file short. It runs in a signal handler: it may only call async-signal-safe
    /// functions (`FileDescriptor.writeFromSignalHandler`, `ProcessExit.immediately`).
    static func onBusError(_ handler: @convention(c) (Int32) -> Void) {
        signal(SIGBUS, handler)
    }
}
