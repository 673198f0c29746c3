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
        let runner = CommandRunner(
            output: output, messages: messages,
            readAllInput: StandardInput.readAll,
            environment: ProcessEnvironment.current())
        var code = runner.run(Array(CommandLine.arguments.dropFirst()))
        if !output.flush() && code == .success {
            messages.write("budget: error: cannot write to standard output\n")
            code = .ioError
        }
        _ = messages.flush()
        exit(code.rawValue)
    }
}
