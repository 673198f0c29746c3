import BudgetCore

/// `budget devices`: the budget's devices, their replicas, when each was last folded in and any
/// clock that seems off by more than five minutes.
struct DevicesCommand: Command {
    static let spec = CommandSpec(
        name: "devices", abstract: "List the budget's devices and when each replica was last folded in.",
        discussion: """
            The first row is this machine's device. A device whose clock seemed off by more than five minutes when \
            its replica was folded in shows how far; changes still merge by their order, whatever the clocks say.
            """,
        options: [OutputFormat.reportOption, CommonArguments.noHeader])

    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        format = try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json])
        includeHeader = !parsed.flag("no-header")
    }

    /// One device.
    struct Row {
        var device: String
        var file: String
        var isThis: Bool
        var folded: String
        var drift: String
    }

    /// How far a clock was off beyond five minutes: `12 min ahead`, `3 h behind`; empty otherwise.
    static func driftText(_ milliseconds: Int64) -> String {
        let minutes = milliseconds.magnitude / 60_000
        guard minutes > 5 else { return "" }
        let amount = minutes >= 120 ? "\(minutes / 60) h" : "\(minutes) min"
        return amount + (milliseconds > 0 ? " ahead" : " behind")
    }

    func run(in context: CommandContext) throws {
        let document = try context.store().load()
        guard let state = document.sync else {
            // Machine formats still get their (empty) table: a header, or `[]`.
            context.write(
                Self.report, [], as: format, includeHeader: includeHeader, document: document,
                emptyMessage: "The budget has no devices: 'budget device init <name>' makes this machine the first.")
            return
        }
        var rows = [Row(device: state.device, file: "", isThis: true, folded: "", drift: "")]
        if let setup = try context.devices?() {
            rows[0].file = try setup.replicaFiles(warn: { _ in }).identity?.replica ?? ""
        }
        for (device, seen) in state.replicas.sorted(by: { $0.key < $1.key })
        where !device.hasPrefix(ReplicaFiles.passedOverPrefix) {
            rows.append(Row(
                device: device, file: seen.file, isThis: false, folded: seen.folded, drift: Self.driftText(seen.drift)))
        }
        context.write(
            Self.report, rows, as: format, includeHeader: includeHeader, document: document, emptyMessage: "")
    }

    static var report: ReportTable<Row> {
        ReportTable([
            .text("DEVICE", key: "device") { $0.device },
            .text("REPLICA", key: "replica") { $0.file },
            .text("THIS", key: "this") { $0.isThis ? "yes" : "" },
            .text("FOLDED IN", key: "folded") { $0.folded },
            .text("CLOCK", key: "clock") { $0.drift },
        ])
    }
}
