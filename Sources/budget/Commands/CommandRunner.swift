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

/// Runs one command line from start to exit code: parse, dispatch, and report every error
/// as one clear message on stderr with the right code.
struct CommandRunner {
    let output: any TextOutput
    let messages: any TextOutput
    /// Reads all of standard input.
    let readAllInput: () throws -> [UInt8]
    let environment: [String: String]
    /// Builds the store for a data file path (tests substitute an in-memory store).
    var makeStore: (String, [String: String]) throws -> any BudgetCore.DataProtocol = CommandRunner.fileStore
    /// Whether stdout (`true`) or stderr (`false`) is a terminal.
    var isTerminal: (Bool) -> Bool = { forOutput in isatty(forOutput ? STDOUT_FILENO : STDERR_FILENO) == 1 }

    /// Runs the arguments after the program name and returns the exit code.
    func run(_ arguments: [String]) -> ExitCode {
        let parser = CommandLineParser(root: CommandTree.root)
        let parsed: ParsedCommand
        do {
            parsed = try parser.parse(arguments)
        } catch {
            return report(error)
        }
        if parsed.wantsHelp {
            output.write(HelpGenerator(spec: parsed.spec, path: parsed.path).helpText)
            return .success
        }
        if parsed.path.isEmpty {
            if parsed.flag("version") {
                output.write(CommandTree.version + "\n")
            } else {
                output.write(HelpGenerator(spec: parsed.spec, path: []).helpText)
            }
            return .success
        }
        if parsed.path == ["help"] {
            return help(parsed.positionals)
        }
        guard let commandType = CommandTree.commandType(for: parsed.path) else {
            let names = parsed.spec.subcommands.map { "'\($0.name)'" }.joined(separator: " or ")
            return report(parsed.usageError("Missing subcommand: expected \(names)"))
        }
        let colorFlag: ColorMode?
        do {
            colorFlag = try parsed.value("color").map { text throws(UsageError) in
                try parsed.converting { () throws(ValueError) in try ColorMode(settingText: text) }
            }
        } catch {
            return report(error)
        }
        let decide = { (forOutput: Bool, setting: ColorMode) in
            Painter.isColorEnabled(flag: colorFlag, environment: environment, setting: setting, isTerminal: isTerminal(forOutput))
        }
        let errorLabel = Painter(isEnabled: decide(false, .auto)).paint("error:", .red)
        do {
            let command = try commandType.init(parsed)
            let context = CommandContext(
                output: output, messages: messages, readAllInput: readAllInput, isQuiet: parsed.flag("quiet"), colorDecision: decide,
                makeStore: { try makeStore(try dataFilePath(parsed), environment) })
            context.terminalWidth = Terminal.width(environment: environment)
            try command.run(in: context)
            return .success
        } catch let error as UsageError {
            return report(error)
        } catch is CheckFailed {
            return .dataError
        } catch let error as ImportError {
            messages.write("budget: \(errorLabel) \(TerminalText.escaped(error.errorDescription ?? "\(error)"))\n")
            return .dataError
        } catch let error as BudgetError {
            messages.write("budget: \(errorLabel) \(TerminalText.escaped(error.errorDescription ?? "\(error)"))\n")
            return ExitCode(for: error)
        } catch {
            messages.write("budget: \(errorLabel) \(TerminalText.escaped((error as? any LocalizedError)?.errorDescription ?? "\(error)"))\n")
            return .failure
        }
    }

    private func help(_ words: [String]) -> ExitCode {
        guard let spec = CommandTree.spec(for: words) else {
            return report(UsageError("Unknown command '\(words.joined(separator: " "))'", commandPath: ["help"]))
        }
        output.write(HelpGenerator(spec: spec, path: words).helpText)
        return .success
    }

    /// Every usage error passes here, its message with control characters escaped: the
    /// arguments it quotes (an unknown option, a bad amount) are untrusted.
    private func report(_ error: UsageError) -> ExitCode {
        let spec = CommandTree.spec(for: error.commandPath) ?? CommandTree.root
        messages.write(HelpGenerator(spec: spec, path: error.commandPath).errorText(TerminalText.escaped(error.message)))
        return .usage
    }

    private func dataFilePath(_ parsed: ParsedCommand) throws -> String {
        guard let path = DataFileLocation.resolve(explicit: parsed.value("file"), environment: environment) else {
            throw parsed.usageError("No data file: give --file or set BUDGET_FILE or HOME")
        }
        return path
    }

    /// The default store: the JSON file, with `BUDGET_LOCK_TIMEOUT` (seconds) when set.
    static func fileStore(path: String, environment: [String: String]) throws -> any BudgetCore.DataProtocol {
        var timeout = JSONFileStore.defaultLockTimeout
        if let text = environment["BUDGET_LOCK_TIMEOUT"], !text.isEmpty {
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
                throw BudgetError.invalidLockTimeout(text)
            }
            timeout = seconds
        }
        var store = JSONFileStore(path: path, lockTimeout: timeout)
        // Budget.main turns the SIGBUS of a mapped file truncated meanwhile into an error.
        store.mapsLargeFiles = true
        store.warn = { message in fputs("budget: warning: \(TerminalText.escaped(message))\n", stderr) }
        return store
    }
}
