import BudgetCore

/// `budget transfer <from> <to> <amount>`: records money moved between two of the household's
/// accounts and prints the new transfer's ID.
struct TransferCommand: Command {
    static let spec = CommandSpec(
        name: "transfer", abstract: "Record money moved between two accounts and print its ID.",
        discussion: """
            A transfer is neither income nor expense and has no category: a card's withdrawal from the bank, cash \
            taken out at an ATM, a PayPay or Suica charge, savings put aside. Summaries, limits and the forecast's \
            spending leave it out; it changes the balances of its two accounts only ('budget accounts'). List \
            transfers with 'budget list transfers'; show, edit, move, delete and undo work as for other records \
            (transfer-00000001). Prints only the new ID on stdout.
            """,
        arguments: [
            ArgumentSpec(name: "from", help: "The account the money leaves.", completion: .accounts),
            ArgumentSpec(name: "to", help: "The account the money goes to.", completion: .accounts),
            ArgumentSpec(
                name: "amount", help: "The amount: 1200, 1,234 or 1_234; with a currency set, its decimals too."),
        ],
        options: [
            OptionSpec(long: "name", valueName: "text", help: "What the move was (default: transfer)."),
            OptionSpec(long: "date", valueName: "day", help: "YYYY-MM-DD, today or yesterday (default: today)."),
            OptionSpec(long: "note", valueName: "text", help: "A free-text note."),
            OptionSpec(
                long: "tag", valueName: "tag", help: "A tag (one word, no commas); repeat for several.",
                isRepeatable: true),
        ])

    let parsed: ParsedCommand
    let amountText: String
    let values: RecordValues

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        amountText = try parsed.amountText(parsed.positionals[2])
        var values = RecordValues()
        values["from"] = .text(try parsed.label(parsed.positionals[0], field: "account"))
        values["to"] = .text(try parsed.label(parsed.positionals[1], field: "account"))
        if let name = parsed.value("name") { values["name"] = .text(try parsed.label(name, field: "name")) }
        for field in FieldOptions.fields(.add, kind: .transfer) where ["date", "note", "tags"].contains(field.key) {
            if field.isList {
                let items = parsed.values(field.word)
                guard !items.isEmpty else { continue }
                values[field.key] = try parsed.converting { () throws(ValueError) in try field.value(items: items) }
            } else if let text = parsed.value(field.key) {
                values[field.key] = try parsed.value(of: field, text)
            }
        }
        if values["date"] == nil { values["date"] = .day(Day.today()) }
        self.values = values
    }

    func run(in context: CommandContext) throws {
        let (transfer, warnings, money) = try context.store().transaction {
            document -> (Transfer, [CardWithdrawalWarning], MoneyFormat) in
            var values = values
            values["amount"] = .amount(try parsed.money(amountText, in: document.moneyFormat))
            let before = document
            let transfer = try document.addTransfer(values)
            return (transfer, document.cardWithdrawalWarnings(since: before), document.moneyFormat)
        }
        context.output.write(transfer.id + "\n")
        for warning in warnings { context.warn(warning.message(money)) }
    }
}
