#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One of the process's standard file descriptors, for the calls made on the descriptor
/// itself rather than through a buffered stream.
struct FileDescriptor: Sendable {
    /// The descriptor's number.
    let rawValue: Int32

    /// Standard input (0).
    static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
    /// Standard output (1).
    static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    /// Standard error (2).
    static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    /// Whether the descriptor is a terminal (`isatty`).
    var isTerminal: Bool { isatty(rawValue) == 1 }

    /// The width of the terminal the descriptor is, in columns (`TIOCGWINSZ`); `nil` when it
    /// is not a terminal or reports no width.
    var terminalColumns: Int? {
        var size = winsize()
        guard ioctl(rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Reads to the end, byte for byte, retrying on `EINTR`.
    ///
    /// - Throws: the `Errno` of the first read that fails (the descriptor is a directory, say).
    func readAll() throws(Errno) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(rawValue, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw Errno.current
            }
        }
    }

    /// Writes `text` with one unbuffered `write`, ignoring failure. Async-signal-safe: for
    /// signal handlers, which must not allocate or take locks.
    func writeFromSignalHandler(_ text: StaticString) {
        _ = write(rawValue, text.utf8Start, text.utf8CodeUnitCount)
    }
}
