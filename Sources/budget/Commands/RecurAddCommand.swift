import BudgetCore

/// `budget recur add income|expense <name> <amount> --every …` and `budget recur edit <id> …`:
/// a schedule made or changed, then what it has due recorded at once (with `recur.auto` on).
struct RecurAddCommand: Command {
    static let spec = addSpec
    static let addSpec = CommandSpec(
        name: "add", abstract: "Add a schedule: an income or expense that comes again.",
        discussion: """
            Prints the schedule's ID on stdout. With recur.auto on (the default), occurrences already due up to today \
            are recorded at once, in the same undo step; a --from in the past catches up every occurrence since.
            """,
        subcommands: [kindSpec(.income), kindSpec(.expense)])

    static func kindSpec(_ kind: RecordKind) -> CommandSpec {
        CommandSpec(
            name: kind.singular, abstract: "Add a schedule of \(kind.plural) and print its ID.",
            arguments: [AddCommand.commonArguments[0], AddCommand.commonArguments[1], ScheduleOptions.unitArgument],
            options: FieldOptions.options(.recurAdd, kind: kind) + ScheduleOptions.timing + [ScheduleOptions.yes])
    }

    static let editSpec = CommandSpec(
        name: "edit", abstract: "Change a schedule; what it has recorded stays.",
        discussion: """
            Only occurrences not yet recorded change. When the timing changes (--every, --on, --from), it applies from \
            the period after the last one recorded, so nothing is recorded twice.
            """,
        arguments: [
            ArgumentSpec(name: "id", help: "The schedule's ID, as 'budget recur list' shows it."),
            ScheduleOptions.unitArgument,
        ],
        options: FieldOptions.options(.recurEdit, kind: nil) + ScheduleOptions.timing + [ScheduleOptions.yes])

    let parsed: ParsedCommand
    let options: ScheduleOptions
    let kind: RecordKind?
    let id: String?
    let name: String?
    let amountText: String?
    /// The items `recur edit` takes off each list field (`--untag`), by key.
    let untags: RecordValues

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        if parsed.path.last == "edit" {
            kind = nil
            guard let id = RecordID.normalized(HalfWidth.plain(parsed.positionals[0])) else {
                throw parsed.usageError(
                    "invalid value '\(parsed.positionals[0])' for '<id>': expected a schedule ID such as 00000001 or 1")
            }
            self.id = id
            let unitWord = parsed.positionals.count > 1 ? parsed.positionals[1] : nil
            options = try ScheduleOptions(parsed, .recurEdit, kind: nil, unitWord: unitWord)
            name = try parsed.value("name").map { text throws(UsageError) in try parsed.label(text, field: "name") }
            amountText = try parsed.value("amount").map { text throws(UsageError) in try parsed.amountText(text) }
            var untags = RecordValues()
            for change in FieldOptions.itemChanges(parsed, .recurEdit) where !change.remove.isEmpty {
                untags[change.field.key] = try parsed.converting { () throws(ValueError) in
                    try change.field.value(items: change.remove)
                }
            }
            self.untags = untags
            let given = FieldOptions.changing(Self.editSpec, except: [ScheduleOptions.yes.long])
            if !given.contains(where: { !parsed.values(String($0.dropFirst(2))).isEmpty }) {
                let list = given.dropLast().joined(separator: ", ") + " or " + (given.last ?? "")
                throw parsed.usageError("nothing to change: give at least one of \(list)")
            }
        } else {
            kind = parsed.path.last == "income" ? .income : .expense
            id = nil
            name = try parsed.label(parsed.positionals[0], field: "name")
            amountText = try parsed.amountText(parsed.positionals[1])
            let unitWord = parsed.positionals.count > 2 ? parsed.positionals[2] : nil
            options = try ScheduleOptions(parsed, .recurAdd, kind: kind, unitWord: unitWord)
            guard options.unit != nil else {
                throw parsed.usageError(
                    "missing expected option '--every <n unit>': how often, such as --every month or --every 2 week")
            }
            untags = RecordValues()
        }
    }

    func run(in context: CommandContext) throws {
        let today = Day.today()
        // The schedule's own change records what is due itself, after the change (an edit that
        // fixes an amount must come before the occurrence it fixes is recorded).
        var unchanged = false
        let (id, schedule, run, money) = try context.unscheduledStore().transaction {
            document throws -> (String, Schedule, ScheduleRun, MoneyFormat) in
            let money = document.moneyFormat
            let amount = try amountText.map { text throws(UsageError) in try parsed.money(text, in: money) }
            let id: String, schedule: Schedule
            if let existing = self.id {
                let old = try document.schedule(id: existing)
                schedule = try document.editSchedule(
                    id: old.id, to: try edited(old.schedule, amount: amount, today: today))
                id = old.id
                unchanged = schedule == old.schedule
                document.describeChange("edit schedule \(id) (\(schedule.name))")
            } else {
                guard let kind, let name, let amount else {
                    throw parsed.usageError("missing expected argument '<amount>'")
                }
                let recurrence = try recurrence(base: nil, today: today)
                var values = options.values
                values["name"] = .text(name)
                values["amount"] = .amount(amount)
                let new = try parsed.converting { () throws(ValueError) in
                    try Schedule(kind: kind, values: values, recurrence: recurrence)
                }
                id = try document.addSchedule(new)
                schedule = try document.schedule(id: id).schedule
                document.describeChange("add schedule \(id) (\(schedule.name))")
            }
            try confirmFarStart(of: try document.schedule(id: id).schedule, today: today, money: money)
            var run = ScheduleRun()
            if document[settings: RecurKeys.self][RecurKeys.auto].isOn {
                run = try document.recordDueOccurrences(through: today)
                if !run.isEmpty {
                    document.describeChange(
                        "\(self.id == nil ? "add" : "edit") schedule \(id) (\(schedule.name)), "
                            + "\(BudgetDocument.summary(of: run))")
                }
            }
            return (id, try document.schedule(id: id).schedule, run, money)
        }
        if self.id == nil { context.output.write(id + "\n") }
        if unchanged {
            context.confirm("No change: schedule \(id) is already \(ScheduleText.summary(schedule, money: money)).")
        } else {
            let verb = self.id == nil ? "Added" : "Changed"
            context.confirm(
                "\(verb) schedule \(id): \(ScheduleText.summary(schedule, money: money)); "
                    + "\(ScheduleText.status(schedule)).")
        }
        RecurRunCommand.confirm(run, in: context, money: money, through: today)
    }

    /// Refuses a `--from` more than a year before today whose occurrences would all be
    /// recorded at once (a mistyped year, `0026`, makes thousands), unless `--yes` confirms it.
    private func confirmFarStart(of schedule: Schedule, today: Day, money: MoneyFormat) throws(UsageError) {
        guard let start = options.start, !parsed.flag("yes") else { return }
        let earlierYear = today.year - 1
        let yearAgo = Day(
            year: earlierYear, month: today.month,
            day: min(today.day, Day.daysInMonth(year: earlierYear, month: today.month)))
        guard let yearAgo, start < yearAgo else { return }
        let limit = 100_000
        let due = schedule.pending(through: today, limit: limit + 1).count
        guard due > 0 else { return }
        let count = due > limit
            ? "more than \(AmountParser.grouped(limit)) occurrences"
            : "\(AmountParser.grouped(due)) \(due == 1 ? "occurrence" : "occurrences")"
        throw parsed.usageError(
            "'--from \(start.iso)' is more than a year before today (\(today.iso)): the schedule would record "
                + "\(count) at once. Check the year, or add '--yes' to record them")
    }

    /// The recurrence from the timing options, on top of `base` (an edited schedule's).
    private func recurrence(base: Recurrence?, today: Day) throws(UsageError) -> Recurrence {
        let unit = options.unit ?? base?.unit ?? .month
        let interval = options.interval ?? base?.interval ?? 1
        // A day or weekday kept from before only while the unit still takes it.
        var anchor = options.anchor ?? base?.anchor
        if options.anchor == nil, options.unit != nil, options.unit != base?.unit { anchor = nil }
        let start = options.start ?? base?.start ?? today
        var end = base?.end, count = base?.count
        if let given = options.end { (end, count) = (given, given == nil ? count : nil) }
        if let given = options.count { (count, end) = (given, given == nil ? end : nil) }
        do {
            return try Recurrence(
                every: interval, unit, on: anchor, from: start, until: end, count: count,
                weekend: options.weekend ?? base?.weekend ?? .keep)
        } catch {
            throw ScheduleOptions.usageError(error, parsed)
        }
    }

    /// The edited schedule: the options given, on top of the schedule as it is.
    private func edited(_ old: Schedule, amount: Int?, today: Day) throws -> Schedule {
        for key in options.values.keys + untags.keys {
            guard let field = SettableField.named(key), !field.applies(to: old.kind) else { continue }
            let applies = FieldOptions.appliesTo(field, schedules: true)
            throw parsed.usageError("\(applies); schedule \(id ?? "") records \(old.kind.plural)")
        }
        var values = old.values
        for key in options.values.keys {
            guard let value = options.values[key] else { continue }
            if case .tags(let added) = value, case .tags(let had)? = values[key] {
                values[key] = .tags(Tags(had.sorted + added.sorted))
            } else {
                values[key] = value
            }
        }
        for key in untags.keys {
            guard case .tags(let removed)? = untags[key], case .tags(var tags)? = values[key] else { continue }
            for tag in removed { tags.remove(tag) }
            values[key] = .tags(tags)
        }
        if let name { values["name"] = .text(name) }
        if let amount { values["amount"] = .amount(amount) }
        let recurrence = try recurrence(base: old.recurrence, today: today)
        let kind = old.kind
        return try parsed.converting { () throws(ValueError) in
            try Schedule(kind: kind, values: values, recurrence: recurrence)
        }
    }
}
