import BudgetCore

/// `budget categories rename <old> <new>`: renames a category on every expense, or merges it
/// into another, in one undo step.
struct CategoryRenameCommand: Command {
    static let spec = CommandSpec(
        name: "rename", abstract: "Rename a category on every expense, or merge it into another.",
        discussion: """
            Every expense in <old> moves to <new>; when <new> is already a category, the two become one. A limit of \
            <old> moves to <new> with its options (--per, --rollover, --since); when both have a limit, they must be \
            equal, options included (then one remains), else nothing changes: change or unset one first. An \
            expense.default-category of <old> follows too. One undo reverts it all.
            """,
        arguments: [
            ArgumentSpec(name: "old", help: "The category to rename (one that an expense or a limit uses).",
                         completion: .categories),
            ArgumentSpec(name: "new", help: "Its new name, or an existing category to merge it into.",
                         completion: .categories),
        ])

    let old: String
    let new: String

    init(_ parsed: ParsedCommand) throws(UsageError) {
        // The old name is looked up as stored, so a category an earlier version kept with
        // surrounding space can still be renamed; the new one follows the input rules.
        old = parsed.positionals[0]
        new = try parsed.label(parsed.positionals[1], field: "category")
    }

    func run(in context: CommandContext) throws {
        let (rename, money) = try context.store().transaction { document in
            (try document.renameCategory(old, to: new), document.moneyFormat)
        }
        if rename.isUnchanged {
            context.confirm("No change: the category is already called \(rename.to).")
            return
        }
        var notes: [String] = []
        switch rename.limit {
        case .none: break
        case .moved(let limit):
            notes.append("its \(LimitText.adjective(limit)) limit of \(LimitText.amount(limit, money)) moved with it")
        case .merged(let limit):
            notes.append(
                "both had the \(LimitText.adjective(limit)) limit \(LimitText.amount(limit, money)), "
                    + "which \(rename.to) keeps")
        }
        if rename.movedDefaultCategory { notes.append("expense.default-category is now \(rename.to)") }
        let verb = rename.merged
            ? "Merged category \(rename.from) into \(rename.to)" : "Renamed category \(rename.from) to \(rename.to)"
        context.confirm(
            "\(verb) (\(RecordKind.expense.counted(rename.expenses)))" + notes.map { "; " + $0 }.joined() + ".")
    }
}
