import BudgetCore

/// Schedules as `recur list` and `recur show` print them, and occurrences as `recur run
/// --dry-run` lists them, in an output format.
enum ScheduleListing {
    /// The schedules: a table for people, or one row (object) per schedule.
    ///
    /// - Parameter dateFormat: how the table shows days (`display.date-format`); the machine
    ///   formats keep ISO.
    static func schedules(
        _ entries: [ScheduleEntry], money: MoneyFormat, format: OutputFormat, includeHeader: Bool, painter: Painter,
        dateFormat: DateFormat = .iso, unused: Set<String> = []
    ) -> String {
        let otherFields = Schedule.otherFields.filter { !unused.contains($0.key) }
        switch format {
        case .json:
            return JSONValue.array(entries.map { json($0, money: money, unused: unused) }).outputText
        case .tsv, .csv:
            let header = [
                "id", "kind", "name", "category", "amount", "every", "on", "from", "until", "count", "weekend",
                "paused", "recorded_through", "next", "tags", "note",
            ] + otherFields.map(\.key)
            let rows = entries.map { entry -> [String] in
                let schedule = entry.schedule, recurrence = entry.schedule.recurrence
                return [
                    entry.id, schedule.kind.singular, schedule.name, schedule.category ?? "",
                    money.plain(schedule.amount), "\(recurrence.interval) \(recurrence.unit.rawValue)",
                    recurrence.effectiveAnchor.map(Schedule.text(of:)) ?? "", recurrence.start.iso,
                    recurrence.end?.iso ?? "", recurrence.count.map(String.init) ?? "", recurrence.weekend.rawValue,
                    String(schedule.isPaused), schedule.recordedThrough?.iso ?? "", schedule.next?.day.iso ?? "",
                    schedule.tags.joined, schedule.note ?? "",
                ] + otherFields.map { field in text(schedule.values[field.key], money: money) }
            }
            return DelimitedText.text((includeHeader ? [header] : []) + rows, as: format)
        default:
            var table = TextTable(columns: [
                .init(title: "ID", alignment: .left), .init(title: "KIND", alignment: .left),
                .init(title: "NAME", alignment: .left), .init(title: "CATEGORY", alignment: .left),
                .init(title: "AMOUNT", alignment: .right), .init(title: "WHEN", alignment: .left),
                .init(title: "STATUS", alignment: .left),
            ])
            table.rows = entries.map { entry in
                let schedule = entry.schedule
                return [entry.id, schedule.kind.singular, DelimitedText.escapeTSV(schedule.name),
                        DelimitedText.escapeTSV(schedule.category ?? ""), money.display(schedule.amount),
                        ScheduleText.timing(schedule.recurrence, dateFormat: dateFormat),
                        ScheduleText.status(schedule, dateFormat: dateFormat)]
            }
            return table.render(painter: painter)
        }
    }

    /// One schedule, field by field (`recur show`), with its next occurrences.
    static func details(
        _ entry: ScheduleEntry, money: MoneyFormat, upcoming: [Recurrence.Occurrence], dateFormat: DateFormat = .iso
    ) -> String {
        let schedule = entry.schedule
        let show = dateFormat.format
        var lines: [(String, String)] = [
            ("id", entry.id), ("kind", schedule.kind.singular), ("name", schedule.name),
        ]
        if let category = schedule.category { lines.append(("category", category)) }
        lines.append(("amount", money.display(schedule.amount)))
        if !schedule.tags.isEmpty { lines.append(("tags", schedule.tags.joined)) }
        if let note = schedule.note { lines.append(("note", note)) }
        for field in Schedule.otherFields {
            guard let value = schedule.values[field.key], !value.isEmpty else { continue }
            lines.append((field.key, text(value, money: money, forPeople: true)))
        }
        lines.append(("when", ScheduleText.timing(schedule.recurrence, dateFormat: dateFormat)))
        lines.append(("from", show(schedule.recurrence.start)))
        lines.append(("status", ScheduleText.status(schedule, dateFormat: dateFormat)))
        lines.append(("recorded through", schedule.recordedThrough.map(show) ?? "nothing yet"))
        if let covered = schedule.coveredThrough, schedule.recordedThrough.map({ $0 < covered }) ?? true {
            let passing = "what is due through \(show(covered)): its period was recorded before the timing changed"
            lines.append(("passing over", passing))
        }
        if !schedule.skipped.isEmpty { lines.append(("skipping", schedule.skipped.map(show).joined(separator: ", "))) }
        if !upcoming.isEmpty {
            let coming = upcoming.map { $0.day == $0.due ? show($0.day) : "\(show($0.day)) (due \(show($0.due)))" }
            lines.append(("coming", coming.joined(separator: ", ")))
        }
        let width = lines.map { DisplayWidth.of($0.0) }.max() ?? 0
        // A note may hold a line break or a tab: shown escaped, as tables show it.
        return lines.map { label, value in
            label + String(repeating: " ", count: width - DisplayWidth.of(label) + 2)
                + DelimitedText.escapeTSV(value) + "\n"
        }.joined()
    }

    /// A schedule as a JSON object.
    static func json(_ entry: ScheduleEntry, money: MoneyFormat, unused: Set<String> = []) -> JSONValue {
        let schedule = entry.schedule, recurrence = schedule.recurrence
        return .object([
            ("id", .string(entry.id)), ("kind", .string(schedule.kind.singular)), ("name", .string(schedule.name)),
            ("category", schedule.category.map(JSONValue.string) ?? .null), ("amount", .int(schedule.amount)),
            ("currency", money.currency.map { .string($0.code) } ?? .null),
            ("every", .object([("interval", .int(recurrence.interval)), ("unit", .string(recurrence.unit.rawValue))])),
            ("on", recurrence.effectiveAnchor.map { .string(Schedule.text(of: $0)) } ?? .null),
            ("from", .string(recurrence.start.iso)), ("until", recurrence.end.map { .string($0.iso) } ?? .null),
            ("count", recurrence.count.map(JSONValue.int) ?? .null),
            ("weekend", .string(recurrence.weekend.rawValue)), ("paused", .bool(schedule.isPaused)),
            ("recorded_through", schedule.recordedThrough.map { .string($0.iso) } ?? .null),
            ("skipping", .array(schedule.skipped.map { .string($0.iso) })),
            ("next",
             schedule.next.map { .object([("due", .string($0.due.iso)), ("date", .string($0.day.iso))]) } ?? .null),
            ("tags", .array(schedule.tags.map(JSONValue.string))),
            ("note", schedule.note.map(JSONValue.string) ?? .null),
        ] + otherFields(unused).map { field in
            (field.key, schedule.values[field.key].map(BudgetExport.json) ?? .null)
        })
    }

    /// A record field's value as a cell or a detail shows it (nothing for none).
    private static func text(_ value: FieldValue?, money: MoneyFormat, forPeople: Bool = false) -> String {
        switch value {
        case .text(let text)?: return text
        case .optionalText(let text)?: return text ?? ""
        case .number(let number)?: return String(number)
        case .amount(let amount)?: return forPeople ? money.display(amount) : money.plain(amount)
        case .day(let day)?: return day.iso
        case .tags(let tags)?: return forPeople ? tags.sorted.joined(separator: " ") : tags.joined
        case nil: return ""
        }
    }

    /// Occurrences due (`recur run --dry-run`).
    static func occurrences(
        _ run: ScheduleRun, money: MoneyFormat, format: OutputFormat, includeHeader: Bool, painter: Painter,
        dateFormat: DateFormat = .iso
    ) -> String {
        switch format {
        case .json:
            return JSONValue.array(run.items.map { item in
                .object([
                    ("date", .string(item.day.iso)), ("due", .string(item.due.iso)),
                    ("kind", .string(item.kind.singular)),
                    ("schedule", .string(item.scheduleID)), ("name", .string(item.name)), ("amount", .int(item.amount)),
                    ("skipped", .bool(item.isSkipped)),
                ])
            }).outputText
        case .tsv, .csv:
            let header = ["date", "due", "kind", "schedule", "name", "amount", "skipped"]
            let rows = run.items.map { item in
                [item.day.iso, item.due.iso, item.kind.singular, item.scheduleID, item.name, money.plain(item.amount),
                 String(item.isSkipped)]
            }
            return DelimitedText.text((includeHeader ? [header] : []) + rows, as: format)
        default:
            var table = TextTable(columns: [
                .init(title: "DATE", alignment: .left), .init(title: "KIND", alignment: .left),
                .init(title: "SCHEDULE", alignment: .left), .init(title: "NAME", alignment: .left),
                .init(title: "AMOUNT", alignment: .right), .init(title: "", alignment: .left),
            ])
            table.rows = run.items.map { item in
                [dateFormat.format(item.day), item.kind.singular, item.scheduleID, DelimitedText.escapeTSV(item.name),
                 money.display(item.amount), item.isSkipped ? "skipped" : ""]
            }
            return table.render(painter: painter)
        }
    }

    /// The fields schedules have beyond those listed by name, less those the budget does not use.
    private static func otherFields(_ unused: Set<String>) -> [SettableField] {
        Schedule.otherFields.filter { !unused.contains($0.key) }
    }
}
