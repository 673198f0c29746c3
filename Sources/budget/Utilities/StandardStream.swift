#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output or standard error, remembering whether any write failed
/// (a closed pipe, `/dev/full`) so the tool can say so instead of pretending success.
final class StandardStream: TextOutput {
    private let stream: UnsafeMutablePointer<FILE>
    /// `errno` of the first write that failed, if any.
    private(set) var failure: Int32?

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
        if !bytes.isEmpty && fwrite(bytes.baseAddress, 1, bytes.count, stream) != bytes.count { noteFailure() }
    }

    /// Flushes buffered output; returns `false` when any write failed.
    func flush() -> Bool {
        if fflush(stream) != 0 { noteFailure() }
        return failure == nil
    }

    private func noteFailure() {
        if failure == nil { failure = errno }
    }
}
