import BudgetCore

/// Standard output or standard error, remembering whether any write failed
/// (a closed pipe, `/dev/full`) so the tool can say so instead of pretending success.
final class StandardStream: TextOutput {
    private let stream: StdioStream
    /// `errno` of the first write that failed, if any.
    private(set) var failure: Int32?

    /// Standard output.
    static func output() -> StandardStream { StandardStream(.standardOutput) }
    /// Standard error.
    static func error() -> StandardStream { StandardStream(.standardError) }

    private init(_ stream: StdioStream) {
        self.stream = stream
    }

    func write(_ text: String) {
        ByteView.withBytes(utf8Of: text) { write(bytes: $0) }
    }

    func write(bytes: ByteView) {
        do {
            try stream.write(bytes)
        } catch {
            noteFailure(error)
        }
    }

    /// Flushes buffered output; returns `false` when any write failed.
    func flush() -> Bool {
        do {
            try stream.flush()
        } catch {
            noteFailure(error)
        }
        return failure == nil
    }

    private func noteFailure(_ error: Errno) {
        if failure == nil { failure = error.code }
    }
}
