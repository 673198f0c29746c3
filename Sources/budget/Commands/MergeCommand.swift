import BudgetCore

/// `budget merge <file>`: folds another copy of the budget into this one: a sync tool's
/// conflict copy, another device's replica, a copy from a backup.
struct MergeCommand: Command {
    static let spec = CommandSpec(
        name: "merge", abstract: "Fold another copy of the budget (a sync tool's conflict copy) into this one.",
        discussion: """
            Replicas of devices fold as every command folds them: nothing is lost, a field changed on both keeps the \
            later change and lists the other ('budget conflicts'). Files without devices merge three-way against \
            the last state their undo histories share: records added on both sides are kept (theirs get new IDs \
            when ours took them, and the merge says which), a field changed on both keeps ours and says so; when \
            the histories share no state, nothing changes. A conflict copy merged is renamed <file>.merged.
            """,
        arguments: [ArgumentSpec(name: "file", help: "The other copy.", completion: .files)])

    let file: String

    init(_ parsed: ParsedCommand) throws(UsageError) {
        guard let file = parsed.positionals.first else { throw parsed.usageError("missing expected argument '<file>'") }
        if parsed.positionals.count > 1 { throw parsed.usageError("unexpected argument '\(parsed.positionals[1])'") }
        self.file = file
    }

    func run(in context: CommandContext) throws {
        let theirs = try ReplicaFiles.read(file)
        let store = try context.unscheduledStore()
        var outcome: FileMerge.Outcome?
        if theirs.sync != nil, let files = store as? JSONFileStore {
            // A fold is the other device's change, not this one's: no history entry, no stamp.
            try files.rewrite { ours in
                let merged = try FileMerge.merge(ours, with: theirs)
                outcome = merged
                return merged.document
            }
        } else {
            try store.transaction { document in
                let merged = try FileMerge.merge(document, with: theirs)
                outcome = merged
                document.replaceContents(with: merged.document)
                document.describeChange(BudgetDocument.mergeSummary(of: file))
            }
        }
        guard let outcome else { return }
        for note in outcome.notes { context.warn(note) }
        if let setup = try context.devices?(),
           let renamed = try setup.replicaFiles(warn: { _ in }).setAsideIfConflictCopy(file) {
            context.confirm("Merged \(file) and renamed it \(renamed).")
        } else {
            context.confirm("Merged \(file).")
        }
        if outcome.conflicts > 0 {
            // Devices' conflicts stay listed; a plain copy's are the lines above.
            let listed = theirs.sync != nil ? "'budget conflicts'" : "above"
            let count = "\(outcome.conflicts) \(outcome.conflicts == 1 ? "conflict" : "conflicts")"
            context.warn("\(count) left: see \(listed)")
        }
    }
}
