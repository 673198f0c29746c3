import BudgetCore

/// Where a command writes, reads and keeps its data; replaced by buffers and an in-memory
/// store in tests.
final class CommandContext {
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
    /// Decides colour for stdout (`true`) or stderr (`false`) given the `display.color` setting.
    let colorDecision: (_ forOutput: Bool, _ setting: ColorMode) -> Bool
    private let makeStore: () throws -> any BudgetCore.DataProtocol
    private let keep: (Any) -> Void

    init(
        output: any TextOutput, messages: any TextOutput, readAllInput: @escaping () throws -> [UInt8], isQuiet: Bool,
        colorDecision: @escaping (Bool, ColorMode) -> Bool = { _, _ in false },
        keepUntilExit: @escaping (Any) -> Void = { _ in },
        makeStore: @escaping () throws -> any BudgetCore.DataProtocol
    ) {
        self.output = output
        self.messages = messages
        self.readAllInput = readAllInput
        self.isQuiet = isQuiet
        self.colorDecision = colorDecision
        self.keep = keepUntilExit
        self.makeStore = makeStore
    }

    /// Hands a large value the command is done with (a document, a listing's rows) to the
    /// process, which lets it go only by exiting: freeing 100,000 records one string at a time
    /// costs more than the exit that frees them at once. Without a process to keep it (tests),
    /// it goes as usual.
    func keepUntilExit(_ value: Any) {
        keep(value)
    }

    /// The painter for stdout, honouring the budget's `display.color`.
    func outputPainter(_ document: BudgetDocument) -> Painter {
        Painter(isEnabled: colorDecision(true, document[settings: DisplayKeys.self][DisplayKeys.color]))
    }

    /// A warning on stderr (shown even with `--quiet`).
    func warn(_ message: String) {
        let painter = Painter(isEnabled: colorDecision(false, .auto))
        messages.write("budget: \(painter.paint("warning:", .yellow)) \(TerminalText.escaped(message))\n")
    }

    /// The data store named by `--file` or the environment.
    func store() throws -> any BudgetCore.DataProtocol {
        try makeStore()
    }

    /// A confirmation on stderr, unless quiet.
    func confirm(_ message: String) {
        if !isQuiet { messages.write(TerminalText.escaped(message) + "\n") }
    }
}
