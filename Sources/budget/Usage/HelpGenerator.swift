/// Builds help screens and usage lines from command specs, laid out as swift-argument-parser does.
struct HelpGenerator {
    static let programName = "budget"
    /// Labels wider than this put their help text on the next line.
    static let labelColumnWidth = 26

    let spec: CommandSpec
    let path: [String]

    /// `budget add expense <name> <amount> [--category <name>] …`, or `[<options>]` in place of
    /// the options when they would make the line wider than a help screen.
    var usage: String {
        let full = synopsis
        if full.count <= Self.lineWidth || spec.options.isEmpty { return full }
        return (leadingWords + ["[<options>]"]).joined(separator: " ")
    }

    /// The usage line with every option spelled out, however long (the manual's synopsis).
    var synopsis: String {
        guard spec.subcommands.isEmpty || spec.runsWithoutSubcommand else { return leadingWords.joined(separator: " ") }
        return (leadingWords
            + spec.options.map { option in "[\(option.synopsis)]" + (option.isRepeatable ? " ..." : "") })
            .joined(separator: " ")
    }

    /// The program, the command's words, its subcommand slot and its arguments.
    private var leadingWords: [String] {
        var words = [Self.programName] + path
        if !spec.subcommands.isEmpty {
            words.append(spec.runsWithoutSubcommand ? "[<subcommand>]" : "<subcommand>")
            if !spec.runsWithoutSubcommand { return words }
        }
        return words + spec.arguments.map(\.usage)
    }

    /// The full help screen, ending with a newline.
    var helpText: String {
        let overview = Self.wrap("OVERVIEW: \(spec.abstract)", width: Self.lineWidth, indent: 0)
        let discussion = spec.discussion.map { "\n\n" + Self.wrap($0, width: Self.lineWidth, indent: 0) } ?? ""
        var sections = [overview + discussion, "USAGE: \(usage)"]
        if !spec.arguments.isEmpty {
            let rows = spec.arguments.map { row(label: "<\($0.name)>", help: $0.help) }
            sections.append("ARGUMENTS:\n" + rows.joined(separator: "\n"))
        }
        var options = spec.options + GlobalOptions.all
        if path.isEmpty { options.insert(GlobalOptions.version, at: options.count - 1) }
        sections.append("OPTIONS:\n" + options.map { row(label: $0.label, help: $0.help) }.joined(separator: "\n"))
        if !spec.subcommands.isEmpty {
            var rows = spec.subcommands.map { row(label: $0.name, help: $0.abstract) }
            rows.append("")
            let helpPath = ([Self.programName, "help"] + path).joined(separator: " ")
            rows.append("  See '\(helpPath) <subcommand>' for detailed help.")
            sections.append("SUBCOMMANDS:\n" + rows.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The lines under a usage error for a person at a terminal: the usage line and where
    /// to find help. Scripts get the error's one line alone.
    var usageHint: String {
        let helpCommand = ([Self.programName] + path + ["--help"]).joined(separator: " ")
        return "usage: \(usage)\n  see '\(helpCommand)' for more information.\n"
    }

    private func row(label: String, help: String) -> String {
        let indented = "  " + label
        let text = Self.wrap(help, width: Self.lineWidth - Self.labelColumnWidth, indent: Self.labelColumnWidth)
        if indented.count + 2 <= Self.labelColumnWidth {
            return indented + String(repeating: " ", count: Self.labelColumnWidth - indented.count) + text
        }
        return indented + "\n" + String(repeating: " ", count: Self.labelColumnWidth) + text
    }

    /// Help lines are wrapped to this many columns.
    static let lineWidth = 80

    /// Breaks text at spaces into lines of at most `width` columns; lines after the first are
    /// indented by `indent` spaces. Existing line breaks are kept.
    static func wrap(_ text: String, width: Int, indent: Int) -> String {
        let padding = String(repeating: " ", count: indent)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty && DisplayWidth.of(line) + 1 + DisplayWidth.of(String(word)) > width {
                    lines.append(line)
                    line = String(word)
                } else {
                    line += (line.isEmpty ? "" : " ") + word
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n" + padding)
    }
}
