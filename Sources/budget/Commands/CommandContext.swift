import BudgetCore
import Synchronization

/// Where a command writes, reads and keeps its data; replaced by buffers and an in-memory
/// store in tests.
final class CommandContext: @unchecked Sendable {
    // @unchecked: one command, on one thread; the scheduling store calls back into it.

    /// Standard output: data only.
    let output: any TextOutput
    /// Standard error: confirmations (unless quiet), warnings and errors.
    let messages: any TextOutput
    /// Reads all of standard input, byte for byte.
    let readAllInput: () throws -> [UInt8]
    /// `-q`/`--quiet` was given.
    let isQuiet: Bool
    /// Columns to lay tables and bars out for.
    var terminalWidth = 80
    /// Whether stdout is a terminal (a read-only command's notes are for people, not pipes).
    var outputIsTerminal = false
    /// Whether stderr is a terminal.
    var errorIsTerminal = false
    /// The language of words written for people (the report's), from the environment.
    var language = ReportLanguage.english
    /// This device's default member (`BUDGET_MEMBER`): who pays what is added without saying.
    var defaultMember: String?
    /// Decides colour for stdout (`true`) or stderr (`false`) given the `display.color` setting.
    let colorDecision: (_ forOutput: Bool, _ setting: ColorMode) -> Bool
    private let makeStore: () throws -> any BudgetCore.DataProtocol
    /// The data file's replicas and this machine's devices (`nil` with an in-memory store).
    let devices: (() throws -> DeviceSetup)?
    private let keep: (Any) -> Void

    init(
        output: any TextOutput, messages: any TextOutput, readAllInput: @escaping () throws -> [UInt8], isQuiet: Bool,
        colorDecision: @escaping (Bool, ColorMode) -> Bool = { _, _ in false },
        keepUntilExit: @escaping (Any) -> Void = { _ in },
        makeStore: @escaping () throws -> any BudgetCore.DataProtocol,
        devices: (() throws -> DeviceSetup)? = nil
    ) {
        self.devices = devices
        self.output = output
        self.messages = messages
        self.readAllInput = readAllInput
        self.isQuiet = isQuiet
        self.colorDecision = colorDecision
        self.keep = keepUntilExit
        self.makeStore = makeStore
        keepUntilExit(changedDocuments)
    }

    /// Hands a large value the command is done with (a document, a listing's rows) to the
    /// process, which lets it go only by exiting: freeing 100,000 records one string at a time
    /// costs more than the exit that frees them at once. Without a process to keep it (tests),
    /// it goes as usual.
    func keepUntilExit(_ value: Any) {
        keep(value)
    }

    /// The document, for a command that only reads it and uses no record field named in
    /// `fields` (the store may leave them blank): kept until the exit, like `loadForReading()`.
    func loadForReading(skipping fields: Set<String>) throws -> BudgetDocument {
        let document = try store().load(skipping: fields)
        keepUntilExit(document)
        return document
    }

    /// The document, for a command that only reads it: kept until the exit
    /// (`keepUntilExit`), as a large budget's records take longer to free than to read.
    func loadForReading() throws -> BudgetDocument {
        let document = try store().load(skipping: [])
        keepUntilExit(document)
        return document
    }

    /// The painter for stdout, honouring the budget's `display.color`.
    /// Writes a report's rows to the output in `format`; an empty table is instead said on
    /// stderr (`emptyMessage`, unless quiet), as tables of nothing print no header.
    func write<Row>(
        _ report: ReportTable<Row>, _ rows: [Row], as format: OutputFormat, includeHeader: Bool,
        document: BudgetDocument, emptyMessage: String
    ) {
        if format == .table && rows.isEmpty {
            if !isQuiet { messages.write(emptyMessage + "\n") }
            return
        }
        output.write(report.render(
            rows, as: format, includeHeader: includeHeader, money: document.moneyFormat,
            painter: outputPainter(document)))
    }

    func outputPainter(_ document: BudgetDocument) -> Painter {
        Painter(isEnabled: colorDecision(true, document[settings: DisplayKeys.self][DisplayKeys.color]))
    }

    /// Says, for each ID a fold made one with another record, which record it names now.
    func noteMerged(_ replaced: [(gone: RecordReference, kept: RecordReference)]) {
        for (gone, kept) in replaced {
            warn("\(gone.kind.singular) \(gone.id) is \(kept.kind.singular) \(kept.id) now: both devices recorded "
                + (gone.kind == .transfer
                    ? "the same statement row, schedule occurrence, settlement or adjustment"
                    : "the same statement row or schedule occurrence"))
        }
    }

    /// Says, for each event of `event`'s kind whose transfers devices worked out from other
    /// records (`DerivedSource.twins`) and that `including` accepts, which they are and how to
    /// take one back.
    func warnOfTwins(
        _ event: DerivedSource.Event, in document: BudgetDocument, including: (Transfer) -> Bool = { _ in true }
    ) {
        for twins in DerivedSource.twins(of: event, among: document.transfers.records)
        where twins.contains(where: including) {
            warn(DerivedSource.twinsMessage(twins, of: event, money: document.moneyFormat)
                + " (budget delete transfer <id>)")
        }
    }

    /// A warning on stderr (shown even with `--quiet`).
    func warn(_ message: String) {
        let painter = Painter(isEnabled: colorDecision(false, .auto))
        messages.write("budget: \(painter.paint("warning:", .yellow)) \(TerminalText.escaped(message))\n")
    }

    /// The data store named by `--file` or the environment, whose every change first records
    /// what schedules have due (`SchedulingStore`, with `recur.auto` on), saying so on stderr.
    func store() throws -> any BudgetCore.DataProtocol {
        let confirm: @Sendable (ScheduleRun, MoneyFormat) -> Void = { [self] run, money in
            RecurRunCommand.confirm(run, in: self, money: money, through: Day.today())
        }
        return SchedulingStore(base: try keepingStore(), recorded: confirm)
    }

    /// The data store without recording what schedules have due: for the changes that must
    /// not record anything (`undo`, `history clear`, `restore`, `recur run` itself).
    func unscheduledStore() throws -> any BudgetCore.DataProtocol {
        try keepingStore()
    }

    /// The store, which hands the documents each change is done with to `changedDocuments`,
    /// kept until the exit: the last change's are freed by the exit (an earlier change's, when
    /// the next replaces them, so a command of many changes holds one change's documents).
    private func keepingStore() throws -> any BudgetCore.DataProtocol {
        let made = try makeStore()
        guard var file = made as? JSONFileStore else { return made }
        let kept = changedDocuments
        file.keepUntilExit = { documents in kept.documents.withLock { $0 = documents } }
        return file
    }

    /// The documents the last change was done with (`keepingStore`), kept until the exit.
    private let changedDocuments = LastDocuments()

    private final class LastDocuments: Sendable {
        let documents = Mutex<[BudgetDocument]>([])
    }

    /// Notes for the end of the command, on stderr (what schedules have due).
    private(set) var closingNotes: [String] = []

    /// Says once, on stderr after the output, that schedules have occurrences due, when a
    /// read-only command shows a table to a person: stdout and stderr are terminals, no
    /// `--quiet` (never in a pipe, a redirection or a machine format).
    func noteDueOccurrences(in document: BudgetDocument, format: OutputFormat) {
        guard format == .table, outputIsTerminal, errorIsTerminal, !isQuiet, closingNotes.isEmpty,
              !document.schedules.isEmpty else { return }
        let due = document.dueOccurrences(through: Day.today()).recorded
        guard let first = due.first else { return }
        let auto = document[settings: RecurKeys.self][RecurKeys.auto].isOn
        let what = due.count == 1
            ? "1 scheduled occurrence is due (\(first.name) on \(first.day.iso))"
            : "\(due.count) scheduled occurrences are due (from \(first.name) on \(first.day.iso))"
        closingNotes.append(
            "budget: note: \(TerminalText.escaped(what)); \(auto ? "the next change records them, or " : "")"
                + "run 'budget recur run' to record them\n")
    }

    /// A confirmation on stderr, unless quiet.
    func confirm(_ message: String) {
        if !isQuiet { messages.write(TerminalText.escaped(message) + "\n") }
    }
}
