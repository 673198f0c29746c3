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
        let group = DispatchGroup()
        let collected = Collected()
        let outputHandle = output.fileHandleForReading, errorHandle = errors.fileHandleForReading
        DispatchQueue.global().async(group: group) { collected.setStdout(outputHandle.readDataToEndOfFile()) }
        DispatchQueue.global().async(group: group) { collected.setStderr(errorHandle.readDataToEndOfFile()) }
        if let writer = input?.fileHandleForWriting {
            let bytes = stdin ?? Data()
            group.enter()
            // A thread of its own, with SIGPIPE blocked: a child that exits without reading makes
            // the write fail with EPIPE instead of killing the test runner. Ignoring SIGPIPE
            // process-wide would not do: children inherit an ignored signal, and `cat` in a
            // test's pipeline would then complain about a broken pipe instead of stopping quietly.
            // The signal left pending on this thread is discarded when the thread ends.
            let thread = Thread {
                var blocked = sigset_t()
                sigemptyset(&blocked)
                sigaddset(&blocked, SIGPIPE)
                pthread_sigmask(SIG_BLOCK, &blocked, nil)
                try? writer.write(contentsOf: bytes)
                try? writer.close()
                group.leave()
            }
            thread.start()
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
