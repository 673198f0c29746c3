import BudgetCore

/// `budget undo`: reverts the most recent change.
struct UndoCommand: Command {
    static let spec = CommandSpec(
        name: "undo", abstract: "Revert the most recent change.",
        discussion: """
            Repeatable: each undo reverts one more change, back to the last \
            \(BudgetDocument.historyLimit) (see 'budget history'). IDs are never reused: an undone add leaves its ID \
            spent.
            """)

    init(_ parsed: ParsedCommand) throws(UsageError) {}

    func run(in context: CommandContext) throws {
        // Only the summary leaves the transaction: the change (a bulk delete's records) is
        // let go before the file is written.
        let summary = try context.unscheduledStore().transaction { try $0.undoLastChange().summary }
        context.confirm("Undid: \(summary).")
    }
}
