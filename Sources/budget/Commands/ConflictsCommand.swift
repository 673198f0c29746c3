import BudgetCore

/// `budget conflicts`: the changes two devices made without knowing each other that the fold
/// could not settle (one field set to two values, an edit against a delete), each with its
/// versions; `budget conflicts resolve <n>` settles one.
struct ConflictsCommand: Command {
    static let spec = CommandSpec(
        name: "conflicts", abstract: "List the changes two devices made to one value without knowing each other.",
        discussion: """
            Each conflict shows every device's value, the one shown marked 'yes' (the later change). Nothing is \
            lost while a conflict lasts; 'budget conflicts resolve <n>' settles one on every device.
            """,
        options: [OutputFormat.reportOption, CommonArguments.noHeader],
        subcommands: [ConflictsResolveCommand.spec], runsWithoutSubcommand: true)

    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        format = try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json])
        includeHeader = !parsed.flag("no-header")
    }

    /// One version of one conflict.
    struct Row {
        var number: Int
        var what: String
        var field: String
        var device: String
        var value: String
        var changed: String
        var isShown: Bool
    }

    func run(in context: CommandContext) throws {
        let document = try context.store().load()
        let conflicts = ReplicaConflicts.list(in: document)
        let rows = conflicts.enumerated().flatMap { index, conflict in
            conflict.versions.enumerated().map { position, version in
                Row(
                    number: index + 1, what: Self.subject(conflict, in: document), field: conflict.field ?? "",
                    device: version.device, value: conflict.text(of: version, money: document.moneyFormat),
                    changed: version.stamp.time, isShown: position == conflict.versions.count - 1)
            }
        }
        context.write(
            Self.report, rows, as: format, includeHeader: includeHeader, document: document,
            emptyMessage: "No conflicts between devices.")
        // Settlements or adjustments that devices worked out from other records: no field's
        // conflict, but as much in doubt.
        for event in DerivedSource.Event.allCases { context.warnOfTwins(event, in: document) }
    }

    static var report: ReportTable<Row> {
        ReportTable([
            .number("N", key: "number") { $0.number },
            .text("RECORD OR SETTING", key: "subject") { $0.what },
            .text("FIELD", key: "field") { $0.field },
            .text("DEVICE", key: "device") { $0.device },
            .text("VALUE", key: "value") { $0.value },
            .text("CHANGED", key: "changed") { $0.changed },
            .text("SHOWN", key: "shown") { $0.isShown ? "yes" : "" },
        ])
    }

    /// `expense 00000001 (家賃)`, `setting budget.limit.食費`.
    static func subject(_ conflict: ReplicaConflict, in document: BudgetDocument) -> String {
        switch conflict.subject {
        case .record(let kind, let id):
            let name = document.name(of: RecordReference(kind: kind, id: id))
            return "\(kind.singular) \(id)" + (name.map { " (\($0))" } ?? "")
        case .setting(let key):
            return "setting \(key)"
        case .rule(_, let number):
            return number.map { "rule \($0)" } ?? "a deleted rule"
        }
    }
}

/// `budget conflicts resolve <n> --take <device> | --value <value>`.
struct ConflictsResolveCommand: Command {
    static let spec = CommandSpec(
        name: "resolve", abstract: "Settle a conflict on every device: take one device's value, or type one.",
        discussion: "An edit against a delete is settled by taking the device that deleted (the record goes) "
            + "or the one that edited (it stays). A change of the value shown is one undo step; taking the value "
            + "already shown changes nothing here, so there is nothing to undo.",
        arguments: [ArgumentSpec(name: "n", help: "The conflict's number, as 'budget conflicts' shows it.")],
        options: [
            OptionSpec(
                long: "take", valueName: "device", help: "Keep the value this device wrote.", conflicts: ["value"]),
            OptionSpec(
                long: "value", valueName: "value",
                help: "Set this value instead (as 'edit' or 'config set' takes it)."),
        ])

    let number: Int
    let choice: ReplicaConflicts.Choice

    init(_ parsed: ParsedCommand) throws(UsageError) {
        guard let text = parsed.positionals.first else { throw parsed.usageError("missing expected argument '<n>'") }
        if parsed.positionals.count > 1 { throw parsed.usageError("unexpected argument '\(parsed.positionals[1])'") }
        guard let number = Int(text), number >= 1 else {
            throw parsed.usageError("invalid value '\(text)' for '<n>': expected a conflict's number, from 1")
        }
        self.number = number
        if parsed.value("take") != nil && parsed.value("value") != nil {
            throw parsed.usageError("'--take' and '--value' cannot be combined: keep a device's value or set one")
        }
        if let device = parsed.value("take") {
            choice = .take(device: device)
        } else if let value = parsed.value("value") {
            choice = .value(value)
        } else {
            throw parsed.usageError("missing '--take <device>' or '--value <value>'")
        }
    }

    func run(in context: CommandContext) throws {
        let store = try context.unscheduledStore()
        let settled = try store.transaction { document -> ReplicaConflict in
            let conflicts = ReplicaConflicts.list(in: document)
            guard number <= conflicts.count else { throw SyncError.noSuchConflict(number, count: conflicts.count) }
            let conflict = conflicts[number - 1]
            try ReplicaConflicts.resolve(conflict, by: choice, in: &document, now: WallClock.milliseconds())
            document.describeChange("resolve conflict \(number)")
            return conflict
        }
        let what: String
        switch settled.subject {
        case .setting(let key): what = key
        case .record: what = settled.field ?? "delete or edit"
        case .rule(_, let number): what = number.map { "rule \($0)" } ?? "a deleted rule"
        }
        context.confirm("Settled conflict \(number) (\(what)); every device takes it.")
    }
}
