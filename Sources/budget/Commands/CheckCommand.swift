import BudgetCore

/// `budget check [--repair]`: validates the data file and reports every problem.
struct CheckCommand: Command {
    /// `check` found problems: already reported, so the runner only sets exit code 65.
    struct Failed: Error {}

    static let spec = CommandSpec(
        name: "check", abstract: "Check the data file and report every problem.",
        discussion: """
            Problems are printed on stdout as 'file:line:column: problem'. The exit code is 0 when the file is valid \
            and 65 when it is not. With --repair, problems that can be fixed without guessing (orders that are not 1 \
            to n, ID counters below the highest ID, undo-history entries that cannot be undone, which are dropped with \
            the older ones behind them) are fixed after the original is saved beside it as <file>.bak-<time> (with -2, \
            -3, ... appended when that name is taken); if any other problem is present, nothing is changed.
            """,
        options: [
            OptionSpec(
                long: "repair",
                help: "Fix orders and counters and drop unusable history, keeping a backup of the original."),
        ])

    let repair: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        repair = parsed.flag("repair")
    }

    func run(in context: CommandContext) throws {
        guard let store = try context.unscheduledStore() as? JSONFileStore else {
            context.confirm("Nothing to check: the records are not kept in a file.")
            return
        }
        if repair {
            let result: (check: DataFileCheck, backup: String?)
            do {
                result = try store.repair()
            } catch BudgetError.cannotRepair(let path, let count) {
                report(try store.check(), to: context)
                throw BudgetError.cannotRepair(path: path, count: count)
            }
            if result.check.problems.isEmpty, let problem = try Self.document(of: store).flatMap(Self.forecastProblem) {
                // What is wrong beyond the file's own rules is for a person to fix.
                var found = result.check
                found.problems = [problem]
                report(found, to: context)
                throw BudgetError.cannotRepair(path: found.path, count: 1)
            }
            report(result.check, to: context)
            if let backup = result.backup {
                let dropped = result.check.droppedHistoryEntries
                let entries = dropped == 1
                    ? "the oldest undo-history entry" : "the \(dropped) oldest undo-history entries"
                let history = dropped == 0 ? "" : " (dropped \(entries), which could no longer be undone)"
                context.confirm(
                    "Repaired \(count(result.check.problems.count))\(history); the original is saved as \(backup).")
            } else {
                summarize(result.check, context: context)
            }
            return
        }
        var check = try store.check()
        let document = check.exists && check.problems.isEmpty ? try Self.document(of: store) : nil
        if let problem = document.flatMap(Self.forecastProblem) { check.problems.append(problem) }
        report(check, to: context)
        summarize(check, context: context)
        if !check.problems.isEmpty { throw Failed() }
        for warning in RuleListing.unsupportedWarnings(document?.rules ?? RuleSet()) { context.warn(warning) }
    }

    /// The budget, read further than the file's own rules: `nil` for another device's replica,
    /// which checks like any file (only its device opens it further).
    private static func document(of store: JSONFileStore) throws -> BudgetDocument? {
        do {
            return try store.load()
        } catch SyncError.notThisDevice {
            return nil
        }
    }

    /// The schedules' forecast past 64 bits, as a problem of the file, if it is so.
    private static func forecastProblem(_ document: BudgetDocument) -> DataFileCheck.Problem? {
        document.unforecastableSchedules.map { DataFileCheck.Problem(message: $0, isRepairable: false) }
    }

    private func report(_ check: DataFileCheck, to context: CommandContext) {
        for problem in check.problems {
            let place = problem.position.map { ":\($0.line):\($0.column)" } ?? ""
            // The path and the problem quote the file and the command line: never raw on a terminal.
            let mark = problem.isRepairable ? " (repairable)" : ""
            context.output.write(TerminalText.escaped("\(check.path)\(place): \(problem.message)\(mark)") + "\n")
        }
    }

    private func summarize(_ check: DataFileCheck, context: CommandContext) {
        if !check.exists {
            context.confirm("No data file at \(check.path) yet; nothing to check.")
        } else if check.problems.isEmpty {
            context.confirm("\(check.path): no problems found.")
        } else {
            let repairable = check.problems.filter(\.isRepairable).count
            let note = repairable == 0 ? "" : " (\(repairable) repairable with 'budget check --repair')"
            context.messages.write(
                TerminalText.escaped("\(check.path): \(count(check.problems.count)) found\(note).") + "\n")
        }
    }

    private func count(_ number: Int) -> String {
        number == 1 ? "1 problem" : "\(number) problems"
    }
}
