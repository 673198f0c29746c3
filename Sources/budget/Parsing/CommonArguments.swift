/// Argument and option specs several commands share.
enum CommonArguments {
    static let kind = ArgumentSpec(
        name: "kind", help: "income or expense (incomes and expenses work too).",
        choices: ["income", "expense"])
    /// `[<kind>]` before an `<id>`: optional, since a kind-qualified ID carries its own.
    static let optionalKind = ArgumentSpec(
        name: "kind",
        help: "income, expense or transfer (plurals work too); optional when the id says its kind.",
        isOptional: true, choices: ["income", "expense", "transfer"])
    static let id = ArgumentSpec(
        name: "id", help: "The record's ID: 00000042, or just 42, or expense-00000042 with its kind.")
    /// `<id> …` of a command that takes many records, or `-` for stdin.
    static func ids(verb: String) -> ArgumentSpec {
        ArgumentSpec(name: "id", help: "IDs to \(verb), or - to read them from stdin.", isRepeating: true)
    }
    static let noHeader = OptionSpec(long: "no-header", help: "Leave out the header row of tsv and csv output.")
}
