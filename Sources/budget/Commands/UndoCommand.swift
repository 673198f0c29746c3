import BudgetCore

/// `budget undo`: reverts the most recent change.
struct UndoCommand: Command {
    static let spec = CommandSpec(
        name: "undo", abstract: "Revert the most recent change.",
        discussion: "Repeatable: each undo reverts one more change, back to the last \(BudgetDocument.historyLimit) (see 'budget history'). IDs are never reused: an undone add leaves its ID spent.")

    init(_ parsed: ParsedCommand) throws(UsageError) {}

    func run(in context: CommandContext) throws {
        let change = try context.store().transaction { try $0.undoLastChange() }
        context.confirm("Undid: \(change.summary).")
    }
}
