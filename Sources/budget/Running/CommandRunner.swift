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
    /// Builds the store for a data file path; it reports each change it saves to `saved`
    /// (tests substitute an in-memory store).
    var makeStore:
        (_ path: String, _ environment: [String: String], _ saved: SavedChanges, _ notices: ReplicaNotices?) throws
            -> any BudgetCore.DataProtocol
        = CommandRunner.fileStore
    /// Flushes standard output at the end of a command: `nil` when everything was written,
    /// else the `errno` of the first failed write.
    var flushOutput: () -> Int32? = { nil }
    /// Whether stdout (`true`) or stderr (`false`) is a terminal.
    var isTerminal: (Bool) -> Bool = { forOutput in
        (forOutput ? FileDescriptor.standardOutput : .standardError).isTerminal
    }
    /// Takes what a command is done with and keeps it until the process exits
    /// (`CommandContext.keepUntilExit`); by default nothing is kept.
    var keepUntilExit: (Any) -> Void = { _ in }

    /// Runs the arguments after the program name and returns the exit code.
    ///
    /// A command that succeeded but whose output could not be written (a full disk, a closed
    /// stdout, a broken pipe) exits 74, or 3 when it had saved a change: then a script must
    /// not take it for a failure and run it again.
    ///
    /// - Parameter notUTF8: the position (from 1) of an argument whose bytes were not UTF-8
    ///   (`arguments` holds it with U+FFFD in their place): the line is refused as a usage
    ///   error of the command it names, and nothing is done.
    func run(_ arguments: [String], notUTF8: Int? = nil) -> ExitCode {
        if let index = notUTF8 {
            let path: [String]
            do {
                path = try CommandLineParser(root: CommandTree.root).parse(arguments).path
            } catch {
                path = error.commandPath
            }
            return report(UsageError("argument \(index) is not UTF-8 text; nothing was done", commandPath: path))
        }
        let saved = SavedChanges()
        var notes: [String] = []
        let code = execute(arguments, saved: saved, notes: &notes)
        guard code == .success, let failure = flushOutput() else {
            // Notes for people (what schedules have due) come after the output they follow.
            for note in notes { messages.write(note) }
            return code
        }
        let reason = Errno(code: failure).message
        let changes = saved.descriptions
        if changes.isEmpty {
            messages.write("budget: error: cannot write to standard output: \(reason)\n")
            return .ioError
        }
        // Names come from the file: a control character is shown escaped, never sent to the terminal.
        let shown = TerminalText.escaped(changes.joined(separator: "; "))
        messages.write(
            "budget: error: the change was saved (\(shown)), but its output could not be written to standard output "
                + "(\(reason)); do not run the command again\n")
        return .savedButOutputLost
    }

    private func execute(_ arguments: [String], saved: SavedChanges, notes: inout [String]) -> ExitCode {
        if arguments.first == CompletionGenerator.commandName { return complete(Array(arguments.dropFirst())) }
        // The version alone needs no command tree (building it is most of a start-up).
        if arguments == ["--version"] {
            output.write(CommandTree.version + "\n")
            return .success
        }
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
        // The options every command takes are checked before anything runs: `budget --color
        // bogus` is refused as `budget --color bogus list` is, not answered with the help.
        let colorFlag: ColorMode?
        do {
            colorFlag = try parsed.value("color").map { text throws(UsageError) in
                guard let mode = ColorMode(rawValue: text) else {
                    throw parsed.usageError(
                        "invalid value '\(text)' for '--color <when>': expected \(ColorMode.valueDescription)")
                }
                return mode
            }
            try Self.checkFileOption(parsed)
        } catch {
            return report(error)
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
            let names = parsed.spec.subcommandNames.map { "'\($0)'" }.joined(separator: " or ")
            return report(parsed.usageError("missing subcommand: expected \(names)"))
        }
        let decide = { (forOutput: Bool, setting: ColorMode) in
            Painter.isColorEnabled(
                flag: colorFlag, environment: environment, setting: setting, isTerminal: isTerminal(forOutput))
        }
        let errorLabel = Painter(isEnabled: decide(false, .auto)).paint("error:", .red)
        do {
            Day.fixedToday = try Self.fixedToday(environment: environment)
            let command = try commandType.init(parsed)
            let notices = ReplicaNotices(command: parsed.path.first, warn: Self.warnOnStandardError)
            let context = CommandContext(
                output: output, messages: messages, readAllInput: readAllInput, isQuiet: parsed.flag("quiet"),
                colorDecision: decide, keepUntilExit: keepUntilExit,
                makeStore: { try makeStore(try dataFilePath(parsed), environment, saved, notices) },
                devices: { DeviceSetup(dataFile: try dataFilePath(parsed), environment: environment) })
            context.terminalWidth = Terminal.width(environment: environment)
            context.language = ReportLanguage.from(environment: environment)
            context.outputIsTerminal = isTerminal(true)
            context.errorIsTerminal = isTerminal(false)
            context.defaultMember = environment["BUDGET_MEMBER"].flatMap { $0.isEmpty ? nil : $0 }
            try command.run(in: context)
            notes = context.closingNotes
        } catch let error as UsageError {
            return report(error)
        } catch is CheckCommand.Failed {
            return .dataError
        } catch is MergeDriverCommand.ConflictsLeft {
            return .failure
        } catch let error as ValueError {
            // A value the core refused once the file was open (an amount in the budget's currency).
            return report(parsed.usageError(error))
        } catch {
            for line in ErrorText.lines(error) {
                // Cut before it is escaped: a value of hundreds of megabytes quoted whole cost seconds.
                messages.write("budget: \(errorLabel) \(TerminalText.escaped(TerminalText.shortened(line)))\n")
            }
            return ExitCode(for: error)
        }
        return .success
    }

    /// `budget __complete <shell> <line> [<bash word>]`, which the completion scripts call: the
    /// candidates at the end of the line, one per line. It reads the data file only for its
    /// categories and tags, never writes, and says nothing on stderr: a shell is waiting.
    private func complete(_ arguments: [String]) -> ExitCode {
        guard arguments.count >= 2 else { return .usage }
        let (shell, line) = (arguments[0], arguments[1])
        let engine = CompletionEngine(root: CommandTree.root) { file in
            guard let path = try? DataFilePath.resolve(file: file, environment: environment) else { return nil }
            do {
                return try makeStore(path, environment, SavedChanges(), nil).load()
            } catch {
                return nil  // No names to offer from a missing, busy or invalid file; TAB must not fail.
            }
        }
        let (before, current) = CompletionEngine.words(of: line)
        let answer = engine.complete(before: before, current: current)
        let lines = CompletionGenerator.lines(
            for: answer, shell: shell, typed: current, bashWord: arguments.count > 2 ? arguments[2] : current)
        output.write(lines.map { $0 + "\n" }.joined())
        return .success
    }

    private func help(_ words: [String]) -> ExitCode {
        guard let spec = CommandTree.spec(for: words) else {
            return report(UsageError("unknown command '\(words.joined(separator: " "))'", commandPath: ["help"]))
        }
        output.write(HelpGenerator(spec: spec, path: words).helpText)
        return .success
    }

    /// A usage error as one line, `budget: error: …` (exit 64); at a terminal the command's
    /// usage line and where to find help follow it.
    private func report(_ error: UsageError) -> ExitCode {
        let message = TerminalText.shortened(Self.lowercasingFirstWord(error.message))
        var text = "budget: error: \(TerminalText.escaped(message))\n"
        if isTerminal(false) {
            let spec = CommandTree.spec(for: error.commandPath) ?? CommandTree.root
            text += HelpGenerator(spec: spec, path: error.commandPath).usageHint
        }
        messages.write(text)
        return .usage
    }

    /// `Invalid value …` as `invalid value …`: a capitalised first word (a capital, then a
    /// small letter) is lower-cased; `'--since' …`, `ID …` and `BUDGET_FILE …` stay as written.
    static func lowercasingFirstWord(_ message: String) -> String {
        let bytes = message.utf8
        guard let first = bytes.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first),
              let second = bytes.dropFirst().first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(second)
        else { return message }
        return message.prefix(1).lowercased() + message.dropFirst()
    }

    private func dataFilePath(_ parsed: ParsedCommand) throws -> String {
        try Self.checkFileOption(parsed)
        guard let path = try DataFilePath.resolve(file: parsed.value("file"), environment: environment) else {
            throw parsed.usageError("no data file: give --file or set BUDGET_FILE or HOME")
        }
        return path
    }

    /// Refuses `--file ''` (an unset variable in a script), which names no file.
    private static func checkFileOption(_ parsed: ParsedCommand) throws(UsageError) {
        if parsed.value("file") == "" {
            throw parsed.usageError("invalid value '' for '--file <path>': expected a path")
        }
    }

    /// The day `BUDGET_TODAY` fixes as today, if set (an empty variable counts as unset).
    ///
    /// - Throws: `EnvironmentError.invalidToday` for anything but a `YYYY-MM-DD` day.
    static func fixedToday(environment: [String: String]) throws(EnvironmentError) -> Day? {
        guard let text = environment["BUDGET_TODAY"], !text.isEmpty else { return nil }
        guard let day = Day(iso: text) else { throw .invalidToday(text) }
        return day
    }

    /// A warning straight to stderr, escaped, as the store says what it could not do.
    static let warnOnStandardError: @Sendable (String) -> Void = { message in
        try? StdioStream.standardError.write("budget: warning: \(TerminalText.escaped(message))\n")
    }

    /// The default store: the JSON file, with `BUDGET_LOCK_TIMEOUT` (seconds) when set.
    static func fileStore(
        path: String, environment: [String: String], saved: SavedChanges, notices: ReplicaNotices?
    ) throws -> any BudgetCore.DataProtocol {
        let warn = warnOnStandardError
        // A device's replica is its own file beside the data file; the store opens it through
        // the replicas, which check the device and fold in the others' news.
        var replicas = try DeviceSetup(dataFile: path, environment: environment).replicaFiles(warn: warn)
        if let notices {
            replicas.opened = { document, copies in notices.look(at: document, conflictCopies: copies) }
        }
        try replicas.checkOwnReplica()
        var store = JSONFileStore(path: replicas.ownFile, lockTimeout: try LockTimeout.from(environment: environment))
        store.replicas = replicas
        // Budget.main turns the SIGBUS of a mapped file truncated meanwhile into an error.
        store.mapsLargeFiles = true
        store.warn = warn
        store.saved = { change in
            // From now on a closed pipe must not kill the process silently: it is reported as
            // a saved change whose output was lost (exit 3).
            Signals.ignoreBrokenPipe()
            saved.append(change)
        }
        return store
    }
}
