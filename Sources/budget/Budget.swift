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
        // Never freed: `ProcessExit.exit` ends the process before this frame would end.
        let kept = KeptUntilExit()
        runner.keepUntilExit = { kept.values.append($0) }
        // `CommandLine.arguments` turns bytes that are not UTF-8 into U+FFFD: a `--file` would
        // then name another file, and a name would be stored as something else. The runner
        // refuses such a line as a usage error of the command it names.
        let code = runner.run(Array(CommandLine.arguments.dropFirst()), notUTF8: firstArgumentNotUTF8())
        _ = messages.flush()
        ProcessExit.exit(code.rawValue)
    }

    /// The position (1-based, after the program's name) of the first argument whose bytes are
    /// not valid UTF-8.
    private static func firstArgumentNotUTF8() -> Int? {
        for index in 1..<CommandLineBytes.count {
            guard let bytes = CommandLineBytes.argument(index) else { continue }
            if String(validating: bytes, as: UTF8.self) == nil { return index }
        }
        return nil
    }
}

/// What commands are done with, left for the exit to free (`CommandContext.keepUntilExit`).
private final class KeptUntilExit {
    var values: [Any] = []
}
