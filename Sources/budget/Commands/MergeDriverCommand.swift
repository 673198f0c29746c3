import BudgetCore

/// `budget merge-driver <ancestor> <ours> <theirs>`: git's merge driver for data files
/// (`.gitattributes`: `*.json merge=budget`; `git config merge.budget.driver
/// 'budget merge-driver %O %A %B'`). The merge goes into `<ours>`, a valid data file either way.
struct MergeDriverCommand: Command {
    /// Conflicts were left (reported): git marks the file as conflicted.
    struct ConflictsLeft: Error {}

    static let spec = CommandSpec(
        name: "merge-driver", abstract: "Merge two versions of a data file for git (a merge driver).",
        discussion: """
            git runs it with the common ancestor, our version and theirs (%O %A %B) and takes the result from our \
            version's file. Replicas of devices fold; files without devices merge three-way against the ancestor. \
            It exits 1 when conflicts are left (listed on stderr, ours kept; for replicas 'budget conflicts' lists \
            them), 0 otherwise; the file is a valid data file either way.
            """,
        arguments: [
            ArgumentSpec(name: "ancestor", help: "The common ancestor (%O).", completion: .files),
            ArgumentSpec(name: "ours", help: "Our version, which receives the merge (%A).", completion: .files),
            ArgumentSpec(name: "theirs", help: "Their version (%B).", completion: .files),
        ])

    let ancestor: String
    let ours: String
    let theirs: String

    init(_ parsed: ParsedCommand) throws(UsageError) {
        let names = ["<ancestor>", "<ours>", "<theirs>"]
        guard parsed.positionals.count >= 3 else {
            throw parsed.usageError("missing expected argument '\(names[parsed.positionals.count])'")
        }
        if parsed.positionals.count > 3 { throw parsed.usageError("unexpected argument '\(parsed.positionals[3])'") }
        (ancestor, ours, theirs) = (parsed.positionals[0], parsed.positionals[1], parsed.positionals[2])
    }

    func run(in context: CommandContext) throws {
        let mine = try ReplicaFiles.read(ours), other = try ReplicaFiles.read(theirs)
        // git hands an empty file when the versions have no common ancestor.
        let base = (try? ReplicaFiles.read(ancestor)).flatMap { $0 == BudgetDocument() ? nil : $0 }
        let outcome = try FileMerge.merge(mine, with: other, ancestor: base)
        var merged = outcome.document
        // A fold is no change of this device's; a three-way merge is one step of our history.
        if mine.sync == nil { merged.recordMerge(since: mine) }
        try JSONFileStore.replaceFile(at: ours, with: merged)
        for note in outcome.notes { context.warn(note) }
        if outcome.conflicts > 0 {
            // Not named by `ours`: git hands a temporary file (.merge_file_…) that no one knows.
            context.warn("\(outcome.conflicts) \(outcome.conflicts == 1 ? "conflict" : "conflicts") left (ours kept)")
            throw ConflictsLeft()
        }
    }
}
