import BudgetCore

/// `budget add income|expense <name> <amount>`: appends a record and prints its new ID.
struct AddCommand: Command {
    static let spec = CommandSpec(
        name: "add", abstract: "Add an income or an expense.",
        subcommands: [incomeSpec, expenseSpec])

    static let incomeSpec = CommandSpec(
        name: "income", abstract: "Add an income and print its ID.",
        discussion: "Prints only the new ID on stdout, so `id=$(budget add income Salary 300000)` works.",
        arguments: commonArguments, options: FieldOptions.options(.add, kind: .income))

    static let expenseSpec = CommandSpec(
        name: "expense", abstract: "Add an expense and print its ID.",
        discussion: """
            Prints only the new ID on stdout, so `id=$(budget add expense Lunch 900)` works. With --refund the amount \
            is money a purchase brought back (a return, a cancelled payment): it is recorded as a negative amount in \
            its category, and takes from the category's spending and limit.
            """,
        arguments: commonArguments,
        options: FieldOptions.options(.add, kind: .expense, after: ["category": [refundOption]]))

    static let refundOption = OptionSpec(
        long: "refund",
        help: "Money back for a purchase: recorded as -<amount>, it takes from the category's spending.")

    static let commonArguments = [
        ArgumentSpec(name: "name", help: "What the money was for or came from (any text without control characters)."),
        ArgumentSpec(
            name: "amount", help: "The amount: 1200, 1,234 or 1_234; with a currency set, its decimals too (12.34)."),
    ]

    let parsed: ParsedCommand
    let kind: RecordKind
    let name: String
    let amountText: String
    /// The other fields given (`FieldOptions`), each read by its input rules.
    let values: RecordValues
    let refund: Bool
    /// `--part`, read in the budget's currency once the file is open.
    let partsText: String?

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        kind = parsed.path.last == "income" ? .income : .expense
        name = try parsed.label(parsed.positionals[0], field: "name")
        let amount = parsed.positionals[1]
        if kind == .expense, let first = FieldRules.trimmed(amount).unicodeScalars.first,
           first == "-" || first == "\u{2212}" || first == "\u{FF0D}" {
            throw parsed.usageError(
                "invalid amount '\(amount)': amounts cannot be negative; for money back on a purchase, "
                    + "give its amount with --refund")
        }
        amountText = try parsed.amountText(amount)
        var values = try FieldOptions.values(parsed, .add, kind: kind)
        values["name"] = .text(name)
        if values["date"] == nil { values["date"] = .day(Day.today()) }
        self.values = values
        refund = kind == .expense && parsed.flag("refund")
        partsText = FieldOptions.typedParts(parsed)
    }

    func run(in context: CommandContext) throws {
        let (id, warnings) = try context.store().transaction {
            document -> (String, [String]) in
            let amount = try parsed.money(amountText, in: document.moneyFormat)
            var values = values
            values["amount"] = .amount(refund ? -amount : amount)
            if let partsText {
                values["parts"] = try FieldOptions.parts(partsText, money: document.moneyFormat, parsed)
            }
            let money = document.moneyFormat
            switch kind {
            case .income:
                return (try document.add(Income.self, values, devicePayer: context.defaultMember).id, [])
            case .expense:
                let before = document
                let expense = try document.add(Expense.self, values, devicePayer: context.defaultMember)
                return (expense.id, document.limitWarnings(since: before).map { $0.message(money) })
            case .transfer:
                let before = document
                let transfer = try document.add(Transfer.self, values)
                return (transfer.id, document.cardWithdrawalWarnings(since: before).map { $0.message(money) })
            }
        }
        context.output.write(id + "\n")
        for warning in warnings { context.warn(warning) }
    }
}
