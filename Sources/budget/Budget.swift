#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `budget` executable: runs the command line and exits with its code.
@main
enum Budget {
    static func main() {
        ProcessSetup.run()
        let output = StandardStream.output()
        let messages = StandardStream.error()
        var runner = CommandRunner(
            output: output, messages: messages,
            readAllInput: StandardInput.readAll,
            environment: ProcessEnvironment.current())
        runner.flushOutput = { output.flush() ? nil : output.failure }
        let code = runner.run(Array(CommandLine.arguments.dropFirst()))
        _ = messages.flush()
        exit(code.rawValue)
    }
}
