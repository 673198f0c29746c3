import BudgetCore

/// `budget recur add|list|show|edit|delete|pause|resume|skip|run`: records that come again;
/// `list`, `show`, `delete`, `pause`, `resume` and `skip` run here.
struct RecurCommand: Command {
    static let spec = CommandSpec(
        name: "recur", abstract: "Schedule records that come again: rent, salary, subscriptions.",
        discussion: """
            Each schedule records its occurrences as incomes or expenses when they are due: 'budget recur run' (safe \
            from cron), or any change with recur.auto on (the default), which first records what is due up to today. \
            Records made by a schedule carry its ID and due day in their schedule field. Schedules are kept in the \
            data file (as the settings recur.<id>, which 'config list' leaves out), so undo reverts their changes, and \
            export and restore carry them.
            """,
        subcommands: [
            RecurAddCommand.addSpec, listSpec, showSpec, RecurAddCommand.editSpec, deleteSpec, pauseSpec, resumeSpec,
            skipSpec, RecurRunCommand.spec,
        ])

    static let idArgument = ArgumentSpec(
        name: "id", help: "The schedule's ID, as 'budget recur list' shows it (00000001 or 1).")
    static let listSpec = CommandSpec(
        name: "list", abstract: "List the schedules, with when each comes next.",
        options: [OutputFormat.reportOption, CommonArguments.noHeader])
    static let showSpec = CommandSpec(
        name: "show", abstract: "Show a schedule and its next occurrences.", arguments: [idArgument],
        options: [
            OptionSpec(
                long: "format", valueName: "format", help: "table (default) or json.", choices: ["table", "json"]),
        ])
    static let deleteSpec = CommandSpec(
        name: "delete", abstract: "Delete a schedule; the records it made stay.", arguments: [idArgument])
    static let pauseSpec = CommandSpec(
        name: "pause", abstract: "Pause a schedule: it records nothing until resumed.", arguments: [idArgument])
    static let resumeSpec = CommandSpec(
        name: "resume", abstract: "Resume a paused schedule; what fell due while it was paused is skipped.",
        arguments: [idArgument])
    static let skipSpec = CommandSpec(
        name: "skip", abstract: "Skip the next occurrence not yet recorded, or the one due on a day.",
        arguments: [idArgument],
        options: [
            OptionSpec(long: "date", valueName: "day", help: "The due day of the occurrence to skip (YYYY-MM-DD)."),
        ])

    enum Action {
        case list(OutputFormat, includeHeader: Bool)
        case show(String, json: Bool)
        case delete(String)
        case pause(String)
        case resume(String)
        case skip(String, Day?)
    }

    let action: Action

    init(_ parsed: ParsedCommand) throws(UsageError) {
        let id = try parsed.positionals.first.map { text throws(UsageError) in try Self.id(text, parsed) } ?? ""
        switch parsed.path.last {
        case "show": action = .show(id, json: try OutputFormat.from(parsed, allowed: [.table, .json]) == .json)
        case "delete": action = .delete(id)
        case "pause": action = .pause(id)
        case "resume": action = .resume(id)
        case "skip":
            action = .skip(id, try parsed.value("date").map { text throws(UsageError) in try parsed.day(text) })
        default:
            action = .list(
                try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json]),
                includeHeader: !parsed.flag("no-header"))
        }
    }

    /// A schedule ID as typed: `00000001` or `1`.
    static func id(_ text: String, _ parsed: ParsedCommand) throws(UsageError) -> String {
        guard let id = RecordID.normalized(HalfWidth.plain(text)) else {
            throw parsed.usageError("invalid value '\(text)' for '<id>': expected a schedule ID such as 00000001 or 1")
        }
        return id
    }

    func run(in context: CommandContext) throws {
        // Acting on a schedule must not first record the occurrence it acts on (skipping an
        // overdue one, pausing before the rent is recorded): these use the plain store.
        let store = try context.unscheduledStore()
        switch action {
        case let .list(format, includeHeader):
            let document = try store.load()
            let entries = document.schedules
            if entries.isEmpty && format == .table {
                context.confirm("No schedules.")
                return
            }
            context.output.write(ScheduleListing.schedules(
                entries, money: document.moneyFormat, format: format, includeHeader: includeHeader,
                painter: context.outputPainter(document),
                dateFormat: document[settings: DisplayKeys.self][DisplayKeys.dateFormat],
                unused: document.unusedFields))
            context.noteDueOccurrences(in: document, format: format)
        case let .show(id, json):
            let document = try store.load()
            let entry = try document.schedule(id: id)
            if json {
                context.output.write(
                    ScheduleListing.json(entry, money: document.moneyFormat, unused: document.unusedFields).outputText)
            } else {
                context.output.write(ScheduleListing.details(
                    entry, money: document.moneyFormat, upcoming: entry.schedule.upcoming(3),
                    dateFormat: document[settings: DisplayKeys.self][DisplayKeys.dateFormat]))
                context.noteDueOccurrences(in: document, format: .table)
            }
        case .delete(let id):
            let (entry, money) = try store.transaction { document throws -> (ScheduleEntry, MoneyFormat) in
                let entry = try document.deleteSchedule(id: id)
                document.describeChange("delete schedule \(entry.id) (\(entry.schedule.name))")
                return (entry, document.moneyFormat)
            }
            context.confirm(
                "Deleted schedule \(entry.id): \(ScheduleText.summary(entry.schedule, money: money)). "
                    + "The records it made stay.")
        case .pause(let id):
            let paused = try store.transaction { document throws -> Bool in
                let paused = try document.pauseSchedule(id: id)
                document.describeChange("pause schedule \(id)")
                return paused
            }
            context.confirm(
                paused
                    ? "Paused schedule \(id): it records nothing until 'budget recur resume \(id)'."
                    : "No change: schedule \(id) is already paused.")
        case .resume(let id):
            let today = Day.today()
            let (resumed, skipped, schedule) = try store.transaction {
                document throws -> (Bool, [Recurrence.Occurrence], Schedule) in
                let (resumed, skipped) = try document.resumeSchedule(id: id, today: today)
                document.describeChange("resume schedule \(id)")
                return (resumed, skipped, try document.schedule(id: id).schedule)
            }
            guard resumed else {
                context.confirm("No change: schedule \(id) is not paused.")
                return
            }
            var message = "Resumed schedule \(id); \(ScheduleText.status(schedule))."
            if !skipped.isEmpty {
                message += " Skipped \(skipped.count) occurrence\(skipped.count == 1 ? "" : "s") "
                    + "due while it was paused (\(skipped.map(\.due.iso).joined(separator: ", ")))."
            }
            context.confirm(message)
        case let .skip(id, day):
            let (occurrence, schedule) = try store.transaction { document throws -> (Recurrence.Occurrence, Schedule) in
                let occurrence = try document.skipOccurrence(of: id, due: day)
                document.describeChange("skip \(occurrence.due.iso) of schedule \(id)")
                return (occurrence, try document.schedule(id: id).schedule)
            }
            context.confirm(
                "Schedule \(id) will not record its occurrence due on \(occurrence.due.iso); "
                    + "\(ScheduleText.status(schedule)).")
        }
    }
}
