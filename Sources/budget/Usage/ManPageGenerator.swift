/// The manual page `budget.1`, in roff, generated from the same specs as `--help`.
struct ManPageGenerator {
    let root: CommandSpec
    let version: String
    let date: String

    var page: String {
        var lines = [
            ".TH BUDGET 1 \"\(date)\" \"budget \(version)\" \"User Commands\"",
            ".SH NAME", "budget \\- track a household's income and expenses",
            ".SH SYNOPSIS",
            // Option names are never hyphenated, and the synopsis is not justified.
            ".nh", ".ad l",
        ]
        // Every command that runs, with all of its options: the page's first screen is the
        // whole command line.
        func synopsis(_ spec: CommandSpec, _ path: [String]) {
            if spec.subcommands.isEmpty || spec.runsWithoutSubcommand {
                lines += [".HP", escape(HelpGenerator(spec: spec, path: path).synopsis)]
            }
            for sub in spec.subcommands { synopsis(sub, path + [sub.name]) }
        }
        for sub in root.subcommands { synopsis(sub, [sub.name]) }
        lines += [
            ".ad b",
            ".SH DESCRIPTION", escape(root.abstract + " " + (root.discussion ?? "")),
            ".SH COMMANDS",
        ]
        func visit(_ spec: CommandSpec, _ path: [String]) {
            // A command that runs on its own is documented, whether or not it has subcommands.
            if spec.subcommands.isEmpty || spec.runsWithoutSubcommand {
                lines.append(".SS \"\(escape(HelpGenerator(spec: spec, path: path).usage))\"")
                lines.append(escape(spec.abstract))
                if let discussion = spec.discussion { lines += [".PP", escape(discussion)] }
                for argument in spec.arguments {
                    lines += [".TP", "\\fI<\(escape(argument.name))>\\fR", escape(argument.help)]
                }
                for option in spec.options {
                    lines += [".TP", optionLabel(option), escape(option.help)]
                }
            }
            for sub in spec.subcommands { visit(sub, path + [sub.name]) }
        }
        for sub in root.subcommands { visit(sub, [sub.name]) }
        lines.append(".SH GLOBAL OPTIONS")
        for option in GlobalOptions.all + [GlobalOptions.version] {
            lines += [".TP", optionLabel(option), escape(option.help)]
        }
        lines += [
            ".SH EXIT STATUS",
            ".TP", "0", "Success, an empty listing included.",
            ".TP", "1", "A runtime error: an unknown ID, a position out of range, ID space exhausted, nothing to undo.",
            ".TP", "3",
            "The change was saved, but its output could not be written (standard output full, closed or a broken "
                + "pipe); do not run the command again.",
            ".TP", "64",
            "A usage error: an unknown command or option, or a bad value; "
                + "an invalid BUDGET_LOCK_TIMEOUT or BUDGET_TODAY.",
            ".TP", "65", "The data file, or a file being imported or restored, is invalid; nothing was changed.",
            ".TP", "74", "An I/O error: a file cannot be read or written, or standard output cannot be written.",
            ".TP", "75", "The data file is busy: another process held its lock past the timeout.",
            ".SH ENVIRONMENT",
            ".TP", ".B BUDGET_FILE", "The data file when \\-\\-file is not given (empty counts as unset).",
            ".TP", ".B XDG_DATA_HOME",
            "Otherwise the data file is $XDG_DATA_HOME/budget/budget.json (else ~/.local/share/budget/budget.json).",
            ".TP", ".B BUDGET_LOCK_TIMEOUT",
            "Seconds a change waits for another process's lock, from 0 to 1000000000 (default 10).",
            ".TP", ".B BUDGET_TODAY",
            "A day, YYYY\\-MM\\-DD, taken as today: for dates, periods and what schedules have due "
                + "(scripts and tests).",
            ".TP", ".B BUDGET_MEMBER",
            "This device's default member: who pays (or, for an income, receives) what add records without "
                + "\\-\\-paid\\-by when its account has no owner; ignored by a budget without members.",
            ".TP", ".B NO_COLOR", "Set and not empty: no colour, unless \\-\\-color says otherwise.",
            ".TP", ".B COLUMNS", "The width bars are fitted to.",
            ".SH FILES",
            ".TP", ".I ~/.local/share/budget/budget.json", "The data file, with budget.json.lock beside it.",
            ".SH SEE ALSO", ".BR ledger (1),", ".BR hledger (1)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private func optionLabel(_ option: OptionSpec) -> String {
        var label = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
        label += "\\fB\\-\\-\(escape(option.long))\\fR"
        if let value = option.valueName { label += " \\fI<\(escape(value))>\\fR" }
        return label
    }

    /// Text safe in roff: backslashes and hyphens escaped, characters beyond ASCII as groff's
    /// `\[uXXXX]` (so help may quote ｾﾌﾞﾝ or →), no line starting with a control character.
    private func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
