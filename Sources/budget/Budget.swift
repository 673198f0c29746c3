#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

    /// All of standard input, byte for byte (CRLF stays CRLF).
    static func readStandardInput() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 || errno != EINTR {
                return bytes
            }
        }
    }
}
