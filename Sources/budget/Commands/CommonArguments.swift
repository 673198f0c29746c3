/// Argument and option specs several commands share.
enum CommonArguments {
    static let kind = ArgumentSpec(
        name: "kind", help: "income or expense (incomes and expenses work too).",
        choices: ["income", "expense"])
    static let id = ArgumentSpec(name: "id", help: "The record's ID (00000042, or just 42).")
    static let noHeader = OptionSpec(long: "no-header", help: "Leave out the header row of tsv and csv output.")
}
