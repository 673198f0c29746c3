import BudgetCore

/// `budget add income|expense <name> <amount>`: appends a record and prints its new ID.
struct AddCommand: Command {
    static let spec = CommandSpec(
        name: "add", abstract: "Add an income or an expense.",
        subcommands: [incomeSpec, expenseSpec])

    static let incomeSpec = CommandSpec(
        name: "income", abstract: "Add an income and print its ID.",
        discussion: "Prints only the new ID on stdout, so `id=$(budget add income Salary 300000)` works.",
        arguments: commonArguments, options: commonOptions)

    static let expenseSpec = CommandSpec(
        name: "expense", abstract: "Add an expense and print its ID.",
        discussion: "Prints only the new ID on stdout, so `id=$(budget add expense Lunch 900)` works.",
        arguments: commonArguments,
        options: [OptionSpec(long: "category", valueName: "name", help: "The spending category (default: uncategorized).")] + commonOptions)

    static let commonArguments = [
        ArgumentSpec(name: "name", help: "What the money was for or came from (any text without control characters)."),
        ArgumentSpec(name: "amount", help: "A whole number in the smallest unit; 1,234 and 1_234 are accepted."),
    ]

    static let commonOptions = [
        OptionSpec(long: "date", valueName: "day", help: "YYYY-MM-DD, today or yesterday (default: today)."),
        OptionSpec(long: "note", valueName: "text", help: "A free-text note."),
    ]

    let kind: RecordKind
    let name: String
    let amount: Int
    let category: String
    let date: Day
    let note: String?

    init(_ parsed: ParsedCommand) throws(UsageError) {
        kind = parsed.path.last == "income" ? .income : .expense
        name = try parsed.label(parsed.positionals[0], field: "name")
        amount = try parsed.amount(parsed.positionals[1])
        category = try parsed.value("category").map { text throws(UsageError) in try parsed.label(text, field: "category") }
            ?? Expense.defaultCategory
        date = try parsed.value("date").map { text throws(UsageError) in try parsed.day(text) } ?? Day.today()
        let noteText = try parsed.value("note").map { text throws(UsageError) in try parsed.note(text) }
        note = noteText?.isEmpty == true ? nil : noteText
    }

    func run(in context: CommandContext) throws {
        let store = try context.store()
        let id: String
        switch kind {
        case .income:
            id = try store.add(Income.self) { Income(id: $0, name: name, amount: amount, date: date, note: note) }.id
        case .expense:
            id = try store.add(Expense.self) { Expense(id: $0, name: name, amount: amount, category: category, date: date, note: note) }.id
        }
        context.output.write(id + "\n")
    }
}
