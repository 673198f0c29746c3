import BudgetCore

/// `budget tags rename <old> <new>`: renames a tag on every record, in one undo step.
struct TagsRenameCommand: Command {
    static let spec = CommandSpec(
        name: "rename", abstract: "Rename a tag on every record (merging it into <new> when that tag exists).",
        discussion: "One change: a single undo puts every record back.",
        arguments: [
            ArgumentSpec(name: "old", help: "A tag in use.", completion: .tags),
            ArgumentSpec(name: "new", help: "Its new name: one word, no commas."),
        ])

    let old: String
    let new: String

    init(_ parsed: ParsedCommand) throws(UsageError) {
        old = parsed.positionals[0]
        new = try parsed.tag(parsed.positionals[1])
    }

    func run(in context: CommandContext) throws {
        let result = try context.store().transaction { document in try document.renameTag(old, to: new) }
        let count = "\(result.records) \(result.records == 1 ? "record" : "records")"
        if result.isUnchanged {
            context.confirm("No change: the tag is already named \(result.to).")
        } else if result.merged {
            context.confirm("Merged tag \(result.from) into \(result.to) on \(count).")
        } else {
            context.confirm("Renamed tag \(result.from) to \(result.to) on \(count).")
        }
    }
}
