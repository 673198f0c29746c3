#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output or standard error, remembering whether any write failed
/// (a closed pipe, `/dev/full`) so the tool can say so instead of pretending success.
final class StandardStream: TextOutput {
    private let stream: UnsafeMutablePointer<FILE>
    private(set) var failed = false

    /// Standard output.
    static func output() -> StandardStream { StandardStream(stdout) }
    /// Standard error.
    static func error() -> StandardStream { StandardStream(stderr) }

    private init(_ stream: UnsafeMutablePointer<FILE>) {
        self.stream = stream
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    func write(bytes: UnsafeBufferPointer<UInt8>) {
        if !bytes.isEmpty && fwrite(bytes.baseAddress, 1, bytes.count, stream) != bytes.count { failed = true }
    }

    /// Flushes buffered output; returns `false` when any write failed.
    func flush() -> Bool {
        if fflush(stream) != 0 { failed = true }
        return !failed
    }
}
