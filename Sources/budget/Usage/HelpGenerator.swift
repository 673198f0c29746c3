/// Builds help screens and usage lines from command specs, laid out as swift-argument-parser does.
struct HelpGenerator {
    static let programName = "budget"
    /// Labels wider than this put their help text on the next line.
    static let labelColumnWidth = 26

    let spec: CommandSpec
    let path: [String]

    /// `budget add expense <name> <amount> [--category <name>] …`
    var usage: String {
        var words = [Self.programName] + path
        if !spec.subcommands.isEmpty {
            words.append("<subcommand>")
            return words.joined(separator: " ")
        }
        words += spec.arguments.map(\.usage)
        words += spec.options.map { option in "[\(option.synopsis)]" + (option.isRepeatable ? " ..." : "") }
        return words.joined(separator: " ")
    }

    /// The full help screen, ending with a newline.
    var helpText: String {
        var sections = ["OVERVIEW: \(spec.abstract)" + (spec.discussion.map { "\n\n" + $0 } ?? ""), "USAGE: \(usage)"]
        if !spec.arguments.isEmpty {
            sections.append("ARGUMENTS:\n" + spec.arguments.map { row(label: "<\($0.name)>", help: $0.help) }.joined(separator: "\n"))
        }
        var options = spec.options + GlobalOptions.all
        if path.isEmpty { options.insert(GlobalOptions.version, at: options.count - 1) }
        sections.append("OPTIONS:\n" + options.map { row(label: $0.label, help: optionHelp($0)) }.joined(separator: "\n"))
        if !spec.subcommands.isEmpty {
            var rows = spec.subcommands.map { row(label: $0.name, help: $0.abstract) }
            rows.append("")
            let helpPath = ([Self.programName, "help"] + path).joined(separator: " ")
            rows.append("  See '\(helpPath) <subcommand>' for detailed help.")
            sections.append("SUBCOMMANDS:\n" + rows.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The text for a usage error: `Error: …`, the usage line and where to find help.
    func errorText(_ message: String) -> String {
        let helpCommand = ([Self.programName] + path + ["--help"]).joined(separator: " ")
        return "Error: \(message)\nUsage: \(usage)\n  See '\(helpCommand)' for more information.\n"
    }

    private func optionHelp(_ option: OptionSpec) -> String {
        option.choices.isEmpty ? option.help : option.help + " (values: " + option.choices.joined(separator: ", ") + ")"
    }

    private func row(label: String, help: String) -> String {
        let indented = "  " + label
        if indented.count + 2 <= Self.labelColumnWidth {
            return indented + String(repeating: " ", count: Self.labelColumnWidth - indented.count) + help
        }
        return indented + "\n" + String(repeating: " ", count: Self.labelColumnWidth) + help
    }
}
