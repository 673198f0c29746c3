#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BudgetCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `budget` executable: runs the command line and exits with its code.
@main
enum Budget {
    static func main() {
        // A file size limit (ulimit -f) must fail the write with EFBIG, not kill the process
        // before it can clean up and report.
        signal(SIGXFSZ, SIG_IGN)
        // Large data files are mapped (JSONFileStore.mapsLargeFiles). If another program cuts
        // one short while it is read, say so and stop: nothing has been written at that point.
        signal(SIGBUS, { _ in
            let message: StaticString = "budget: error: the data file was cut short by another program while it was being read; nothing was changed\n"
            _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
            _exit(ExitCode.ioError.rawValue)
        })
        tuneMemoryAllocator()
        let output = StandardStream.output()
        let messages = StandardStream.error()
        let runner = CommandRunner(
            output: output, messages: messages,
            readAllInput: readStandardInput,
            environment: ProcessInfo.processInfo.environment)
        var code = runner.run(Array(CommandLine.arguments.dropFirst()))
        if !output.flush() && code == .success {
            messages.write("budget: error: cannot write to standard output\n")
            code = .ioError
        }
        _ = messages.flush()
        exit(code.rawValue)
    }

    /// A large data file means arrays of tens of megabytes, built, copied and freed within
    /// one short run. By default glibc maps each such block afresh and unmaps it on free, so
    /// every reuse faults its pages in again (about a quarter of the time of a change at
    /// 100,000 records). Served from the heap and kept there, freed memory is reused instead.
    private static func tuneMemoryAllocator() {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out: look it up.
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        let trimThreshold: Int32 = -1, topPad: Int32 = -2, mmapThreshold: Int32 = -3  // M_* in <malloc.h>
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 256 << 20)
        _ = mallopt(topPad, 16 << 20)
        #endif
    }

    /// All of standard input, byte for byte (CRLF stays CRLF).
    ///
    /// - Throws: `BudgetError.fileSystem` when reading fails (stdin is a directory, say): a
    ///   command must not act on half of its input.
    static func readStandardInput() throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                let code = errno
                let message = strerror(code).map { String(cString: $0) } ?? "error \(code)"
                throw BudgetError.fileSystem(operation: "read", path: "standard input", errno: code, message: message)
            }
        }
    }
}
