import BudgetCore

/// `budget restore <file|->`: brings back a JSON export exactly (IDs, order, settings).
struct RestoreCommand: Command {
    /// A restore over a budget that is not empty, without `--force`.
    struct Refused: Error, CustomStringConvertible {
        let incomes: Int
        let expenses: Int
        let transfers: Int
        /// Settings (limits, rules, schedules, profiles, display) are set.
        let hasSettings: Bool

        /// `it holds 1 income, 2 expenses and settings`: what is there, counted in words.
        var description: String {
            var held: [String] = []
            if incomes > 0 { held.append(RecordKind.income.counted(incomes)) }
            if expenses > 0 { held.append(RecordKind.expense.counted(expenses)) }
            if transfers > 0 { held.append(RecordKind.transfer.counted(transfers)) }
            if hasSettings { held.append("settings") }
            let text = held.count > 1
                ? held.dropLast().joined(separator: ", ") + " and " + (held.last ?? "") : held.joined()
            return "the budget is not empty (it holds \(text)); add --force to replace it (undo brings it back)"
        }
    }

    static let spec = CommandSpec(
        name: "restore", abstract: "Replace the budget with a JSON export, exactly as it was exported.",
        discussion: """
            Records keep their IDs and order, and settings come back too. A budget that is not empty is only replaced \
            with --force; either way, undo brings back what was there before.
            """,
        arguments: [
            ArgumentSpec(name: "file", help: "An export written by 'budget export', or - for stdin.",
                         completion: .files),
        ],
        options: [OptionSpec(long: "force", help: "Replace a budget that is not empty.")])

    let path: String
    let force: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        path = parsed.positionals[0]
        force = parsed.flag("force")
    }

    func run(in context: CommandContext) throws {
        let restored = try BudgetExport.restore(
            try InputText.bytes(path, readAllInput: context.readAllInput, refused: "restored"))
        let changed = try context.unscheduledStore().transaction { document in
            if !document.isEmpty && !force {
                throw Refused(
                    incomes: document.incomes.count, expenses: document.expenses.count,
                    transfers: document.transfers.count,
                    hasSettings: !document.settingsValues.isEmpty)
            }
            let before = document
            document.replaceContents(with: restored)
            // A restored file's schedules whose forecast would not compute (a hand edit) are refused
            // over a budget whose forecast does.
            try document.checkStillForecastable(before.unforecastableSchedules == nil)
            return document != before
        }
        // Nothing written is no undo step: saying "Restored" would have an undo take back the
        // change before.
        guard changed else {
            context.confirm("No change: the budget already holds exactly what the export holds.")
            return
        }
        let transfers = restored.transfers.count > 0
            ? ", \(RecordKind.transfer.counted(restored.transfers.count))" : ""
        context.confirm(
            "Restored \(RecordKind.income.counted(restored.incomes.count))\(transfers) and "
                + "\(RecordKind.expense.counted(restored.expenses.count)).")
    }
}
