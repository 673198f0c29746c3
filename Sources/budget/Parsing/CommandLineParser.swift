/// Splits `budget`'s arguments into a command, its positionals and its options.
///
/// Follows the conventions of swift-argument-parser tools: `--opt value` and `--opt=value`,
/// short flags (`-q`, clustered `-qh`), `--` ends options, a lone `-` is a positional (stdin),
/// options may come before or after positionals, and a word like `-5` is a positional (so the
/// amount parser, not the option parser, explains what is wrong with it).
struct CommandLineParser {
    let root: CommandSpec

    /// Parses the arguments after the program name.
    ///
    /// - Throws: `UsageError` for unknown commands or options, missing values and a wrong
    ///   number of positional arguments.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommand {
        if let helpRequest = helpRequest(in: arguments) { return helpRequest }
        var parsed = ParsedCommand(spec: root, path: [])
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded && argument == "--" {
                optionsEnded = true
            } else if !optionsEnded && argument.hasPrefix("--") {
                try parseLongOption(argument, arguments: arguments, index: &index, into: &parsed)
            } else if !optionsEnded && argument.hasPrefix("-") && argument.count > 1 && !Self.looksNumeric(argument) {
                try parseShortOptions(argument, arguments: arguments, index: &index, into: &parsed)
            } else if parsed.spec.hasSubcommands && parsed.positionals.isEmpty {
                guard let subcommand = parsed.spec.subcommand(named: argument) else {
                    throw unknownSubcommand(argument, in: parsed)
                }
                parsed.spec = subcommand
                parsed.path.append(argument)
            } else {
                parsed.positionals.append(argument)
            }
        }
        if !parsed.spec.hasSubcommands {
            try checkPositionalCount(parsed)
        }
        return parsed
    }

    // MARK: Options

    private func options(for parsed: ParsedCommand) -> [OptionSpec] {
        parsed.spec.options + GlobalOptions.all + (parsed.path.isEmpty ? [GlobalOptions.version] : [])
    }

    private func parseLongOption(
        _ argument: String, arguments: [String], index: inout Int, into parsed: inout ParsedCommand
    ) throws(UsageError) {
        let body = argument.dropFirst(2)
        let name: String
        var inlineValue: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inlineValue = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
        }
        let available = options(for: parsed)
        guard let option = available.first(where: { $0.long == name }) else {
            var message = "unknown option '--\(name)'"
            if let guess = Suggestion.closest(to: name, among: available.map(\.long)) {
                message += "; did you mean '--\(guess)'?"
            }
            throw parsed.usageError(message)
        }
        if option.isFlag {
            if inlineValue != nil { throw parsed.usageError("the option '--\(name)' takes no value") }
            parsed.options[option.long, default: []].append("")
            return
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else {
            value = try nextValue(for: option, arguments: arguments, index: &index, parsed: parsed)
        }
        parsed.options[option.long, default: []].append(value)
    }

    private func parseShortOptions(
        _ argument: String, arguments: [String], index: inout Int, into parsed: inout ParsedCommand
    ) throws(UsageError) {
        let letters = Array(argument.dropFirst())
        let available = options(for: parsed)
        for (position, letter) in letters.enumerated() {
            guard let option = available.first(where: { $0.short == letter }) else {
                throw parsed.usageError("unknown option '-\(letter)'")
            }
            if option.isFlag {
                parsed.options[option.long, default: []].append("")
                continue
            }
            var value = String(letters[(position + 1)...])
            if value.isEmpty {
                value = try nextValue(for: option, arguments: arguments, index: &index, parsed: parsed)
            }
            parsed.options[option.long, default: []].append(value)
            return
        }
    }

    private func nextValue(
        for option: OptionSpec, arguments: [String], index: inout Int, parsed: ParsedCommand
    ) throws(UsageError) -> String {
        guard index < arguments.count else {
            throw parsed.usageError("missing value for '\(option.synopsis)'")
        }
        let value = arguments[index]
        if value.hasPrefix("--") && value.count > 2 {
            throw parsed.usageError("missing value for '\(option.synopsis)'")
        }
        index += 1
        return value
    }

    // MARK: Commands and positionals

    private func unknownSubcommand(_ word: String, in parsed: ParsedCommand) -> UsageError {
        let names = parsed.spec.subcommandNames
        var message = "unknown subcommand '\(word)'"
        if let guess = Suggestion.closest(to: word, among: names) {
            message += "; did you mean '\(guess)'?"
        } else {
            message += "; expected one of: " + names.joined(separator: ", ")
        }
        return parsed.usageError(message)
    }

    private func checkPositionalCount(_ parsed: ParsedCommand) throws(UsageError) {
        let specs = parsed.spec.arguments
        let required = specs.filter { !$0.isOptional }
        if parsed.positionals.count < required.count {
            throw parsed.usageError("missing expected argument '\(required[parsed.positionals.count].usage)'")
        }
        if !(specs.last?.isRepeating ?? false) && parsed.positionals.count > specs.count {
            throw parsed.usageError("unexpected argument '\(parsed.positionals[specs.count])'")
        }
    }

    /// `-h`/`--help` anywhere before `--` asks for the help of the command named so far.
    private func helpRequest(in arguments: [String]) -> ParsedCommand? {
        let words = arguments.prefix { $0 != "--" }
        guard words.contains(where: { $0 == "--help" || $0 == "-h" || Self.isShortCluster($0, containing: "h") }) else {
            return nil
        }
        var parsed = ParsedCommand(spec: root, path: [])
        parsed.wantsHelp = true
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            if word.hasPrefix("--") {
                // `--file x.json add --help`: an option's value is not a command word.
                let name = word.dropFirst(2)
                if !name.contains("="), options(for: parsed).contains(where: { $0.long == name && !$0.isFlag }) {
                    index += 1
                }
                continue
            }
            if word.hasPrefix("-") && word.count > 1 { continue }
            guard let subcommand = parsed.spec.subcommand(named: word) else { break }
            parsed.spec = subcommand
            parsed.path.append(word)
        }
        return parsed
    }

    private static func isShortCluster(_ word: String, containing letter: Character) -> Bool {
        word.hasPrefix("-") && !word.hasPrefix("--") && word.count > 2
            && word.dropFirst().allSatisfy { $0 == "q" || $0 == "h" } && word.contains(letter)
    }

    /// `-5`, `-1,000`, `-0.5`: negative numbers are values, never options.
    static func looksNumeric(_ word: String) -> Bool {
        guard let second = word.dropFirst().first else { return false }
        return second.isASCII && (second.isNumber || second == ".")
    }
}
