import Foundation

/// Feeds a child process's standard input and drains its standard output and error at the same
/// time, so a child that writes more than a pipe holds (64 KiB) to one stream, or reads its input
/// only after writing, never deadlocks against the test.
struct ProcessPipes {
    /// What the child wrote.
    struct Output {
        var stdout: Data
        var stderr: Data
    }

    /// A child that exits without reading its input must not kill the test runner with SIGPIPE.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    let output = Pipe()
    let errors = Pipe()
    let input: Pipe?

    /// Pipes for `process`; standard input is a pipe when `withInput`, else `/dev/null`.
    init(for process: Process, withInput: Bool) {
        input = withInput ? Pipe() : nil
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input ?? FileHandle.nullDevice
    }

    /// Writes `stdin` (then closes it), reads both output pipes to their end on separate
    /// threads, and waits for the process to exit. Call it after `process.run()`.
    func collect(from process: Process, stdin: Data? = nil) -> Output {
        _ = Self.ignoreBrokenPipes
        let group = DispatchGroup()
        let collected = Collected()
        let outputHandle = output.fileHandleForReading, errorHandle = errors.fileHandleForReading
        DispatchQueue.global().async(group: group) { collected.setStdout(outputHandle.readDataToEndOfFile()) }
        DispatchQueue.global().async(group: group) { collected.setStderr(errorHandle.readDataToEndOfFile()) }
        if let writer = input?.fileHandleForWriting {
            let bytes = stdin ?? Data()
            DispatchQueue.global().async(group: group) {
                // The child may exit without reading: a broken pipe is its business, not the test's.
                try? writer.write(contentsOf: bytes)
                try? writer.close()
            }
        }
        group.wait()
        process.waitUntilExit()
        return collected.output
    }
}

/// The two streams, filled in by the reading threads.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var stdout = Data(), stderr = Data()

    func setStdout(_ data: Data) { lock.withLock { stdout = data } }
    func setStderr(_ data: Data) { lock.withLock { stderr = data } }
    var output: ProcessPipes.Output { lock.withLock { .init(stdout: stdout, stderr: stderr) } }
}
