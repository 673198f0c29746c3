#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BudgetCore

/// A buffered C standard I/O stream (`FILE *`): standard output or standard error.
struct StdioStream {
    private let stream: UnsafeMutablePointer<FILE>

    /// Standard output (`stdout`).
    static var standardOutput: StdioStream { StdioStream(stream: stdout) }
    /// Standard error (`stderr`).
    static var standardError: StdioStream { StdioStream(stream: stderr) }

    /// Writes every byte into the stream's buffer (`fwrite`); nothing for no bytes.
    ///
    /// - Throws: `errno` when fewer bytes were taken (a write of a full buffer failed).
    func write(_ bytes: ByteView) throws(Errno) {
        try bytes.withUnsafeBytes { bytes throws(Errno) in
            if !bytes.isEmpty && fwrite(bytes.baseAddress, 1, bytes.count, stream) != bytes.count {
                throw Errno.current
            }
        }
    }

    /// Writes the UTF-8 bytes of `text` (`write(_:)`).
    func write(_ text: String) throws(Errno) {
        let failure = ByteView.withBytes(utf8Of: text) { bytes -> Errno? in
            do throws(Errno) {
                try write(bytes)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Writes out what the stream has buffered (`fflush`).
    ///
    /// - Throws: `errno` when the write fails (a closed pipe, `/dev/full`).
    func flush() throws(Errno) {
        if fflush(stream) != 0 { throw Errno.current }
    }
}
