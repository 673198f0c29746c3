import BudgetCore

/// `budget recur run [--through <day>] [--dry-run]`: records every occurrence due, in one
/// transaction and one undo step, and prints the new records' kind-qualified IDs.
struct RecurRunCommand: Command {
    static let spec = CommandSpec(
        name: "run", abstract: "Record every occurrence due up to today, catching up any missed; print the new IDs.",
        discussion: """
            Safe to run as often as you like (from cron every hour): an occurrence is identified by its schedule and \
            due day, so nothing is recorded twice, and a recorded occurrence you delete does not come back. Everything \
            due is recorded in one change, which one 'budget undo' takes back (the occurrences are then due again; \
            'budget recur skip' drops one for good). Prints each new record's ID with its kind (expense-00000012), one \
            per line.
            """,
        options: [
            OptionSpec(
                long: "through", valueName: "day",
                help: "Record what is due up to this day instead of today (YYYY-MM-DD, today or yesterday)."),
            OptionSpec(
                long: "dry-run",
                help: "List what would be recorded (kind, ID of the schedule, date, name, amount) and change nothing."),
            OutputFormat.reportOption, CommonArguments.noHeader,
        ])

    let through: Day?
    let isDryRun: Bool
    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        through = try parsed.value("through").map { text throws(UsageError) in try parsed.day(text) }
        isDryRun = parsed.flag("dry-run")
        format = try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json])
        includeHeader = !parsed.flag("no-header")
        if !isDryRun && parsed.value("format") != nil {
            throw parsed.usageError("'--format' applies to '--dry-run'; a run prints the new IDs, one per line")
        }
    }

    func run(in context: CommandContext) throws {
        let day = through ?? Day.today()
        if isDryRun {
            let document = try context.store().load()
            let run = document.dueOccurrences(through: day)
            if run.isEmpty && format == .table {
                context.confirm("Nothing is due through \(day.iso).")
                return
            }
            context.output.write(ScheduleListing.occurrences(
                run, money: document.moneyFormat, format: format, includeHeader: includeHeader,
                painter: context.outputPainter(document),
                dateFormat: document[settings: DisplayKeys.self][DisplayKeys.dateFormat]))
            for id in run.unfinished {
                context.warn(
                    "schedule \(id) has more occurrences due than one run records (100000); "
                        + "a run records those listed, and the next run the rest")
            }
            // Say now what would stop the run (totals too large, no IDs left).
            var draft = document
            do {
                let linked = try draft.recordDueOccurrences(through: day).recorded.filter(\.isLinked)
                try draft.checkTotals(since: document)
                if !linked.isEmpty {
                    context.confirm(
                        "\(linked.count) of them would be linked to the imported record already there instead of "
                            + "recorded: " + linked.map(ScheduleText.recorded).joined(separator: ", ") + ".")
                }
            } catch {
                context.warn("a run would record nothing: \(ErrorText.lines(error).joined(separator: "; "))")
            }
            return
        }
        let (run, money) = try context.unscheduledStore().transaction { document throws -> (ScheduleRun, MoneyFormat) in
            let run = try document.recordDueOccurrences(through: day)
            if !run.isEmpty { document.describeChange(BudgetDocument.summary(of: run)) }
            return (run, document.moneyFormat)
        }
        // New records only: an imported record linked to an occurrence was there already.
        context.output.write(
            run.recorded.filter { !$0.isLinked }
                .compactMap { item in item.recordID.map { "\(item.kind.singular)-\($0)\n" } }.joined())
        if run.isEmpty {
            context.confirm("Nothing is due through \(day.iso).")
        } else {
            Self.confirm(run, in: context, money: money, through: day)
        }
    }

    /// `Recorded 2 scheduled occurrences through 2026-11-24: …`, on stderr.
    static func confirm(_ run: ScheduleRun, in context: CommandContext, money: MoneyFormat, through day: Day) {
        if let reason = run.notRecorded {
            context.warn(
                "what schedules have due was not recorded: \(reason); 'budget recur run' tries again, "
                    + "and 'budget recur pause' or 'recur edit' changes the schedule")
        }
        guard !run.isEmpty else { return }
        let recorded = run.recorded
        var message =
            "Recorded \(recorded.count) scheduled occurrence\(recorded.count == 1 ? "" : "s") due through \(day.iso)"
        let shown = recorded.prefix(5).map(ScheduleText.recorded)
        if !shown.isEmpty {
            message += ": " + shown.joined(separator: ", ")
                + (recorded.count > 5 ? ", and \(recorded.count - 5) more" : "")
        }
        let skipped = run.items.count - recorded.count
        if skipped > 0 { message += "; \(skipped) skipped as asked" }
        context.confirm(message + ".")
        for id in run.unfinished {
            context.warn("schedule \(id) has more occurrences due than one run records; run 'budget recur run' again")
        }
        for warning in run.limitWarnings { context.warn(warning.message(money)) }
    }
}
