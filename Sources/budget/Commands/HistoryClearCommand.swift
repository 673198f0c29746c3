import BudgetCore

/// `budget history clear`: forgets the undo history, so that records deleted or edited earlier
/// no longer linger in the file (before it is shared, say).
struct HistoryClearCommand: Command {
    static let spec = CommandSpec(
        name: "clear", abstract: "Forget the undo history.",
        discussion: "The records and settings stay as they are; only the history that undo reads is dropped, "
            + "together with the deleted records and old values it kept. It cannot be undone.")

    init(_ parsed: ParsedCommand) throws(UsageError) {}

    func run(in context: CommandContext) throws {
        let count = try context.unscheduledStore().transaction { document in document.clearHistory() }
        if count == 0 {
            context.confirm("The history is already empty; nothing was changed.")
        } else {
            context.confirm(
                "Cleared the history: \(count) \(count == 1 ? "change" : "changes") can no longer be undone.")
        }
    }
}
