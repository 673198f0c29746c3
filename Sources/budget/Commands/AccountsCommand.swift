import BudgetCore

/// `budget accounts [--as-of <day>]`: each account's balance, what the accounts hold, what the
/// cards owe, and the household's net worth.
struct AccountsCommand: Command {
    static let spec = CommandSpec(
        name: "accounts", abstract: "Show each account's balance, what cards owe, and net worth.",
        discussion: """
            A balance is the account's opening balance and every record that names it: incomes in, expenses out, \
            transfers from and to it. A card's balance is what it owes, shown negative (it takes from net worth); in \
            tsv, csv and json 'balance' is as the bank or card shows it and 'net' what it adds to net worth. Records \
            that name no account are in no balance (a line on stderr says how many). Savings count in net worth.
            """,
        options: [
            OptionSpec(
                long: "as-of", valueName: "day", help: "Balances at the end of this day (default: every record)."),
            OutputFormat.reportOption, CommonArguments.noHeader,
        ])

    let asOf: Day?
    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        asOf = try parsed.value("as-of").map { text throws(UsageError) in try parsed.day(text) }
        format = try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json])
        includeHeader = !parsed.flag("no-header")
    }

    /// The record fields balances never read: a large file reads faster without them.
    static let unusedFields: Set<String> = ["name", "category", "note", "tags", "source", "paid_by", "split", "parts"]

    func run(in context: CommandContext) throws {
        let document = try context.loadForReading(skipping: Self.unusedFields)
        context.noteDueOccurrences(in: document, format: format)
        let balances = try AccountBalances(document, through: asOf)
        context.write(
            Self.report(balances, money: document.moneyFormat), balances.rows, as: format, includeHeader: includeHeader,
            document: document,
            emptyMessage: "No accounts yet: add one with 'budget account add <name> --type bank'.")
        guard !balances.rows.isEmpty else { return }
        let without = balances.withoutAccount.values.reduce(0, +)
        if without > 0 {
            context.confirm(
                "\(without) record\(without == 1 ? "" : "s") name\(without == 1 ? "s" : "") no account and "
                    + "\(without == 1 ? "is" : "are") in no balance (see 'budget edit <id> --account <name>').")
        }
        for (name, count) in balances.unknownAccounts.sorted(by: { $0.key < $1.key }) {
            context.warn(
                "\(count) record\(count == 1 ? "" : "s") name\(count == 1 ? "s" : "") '\(name)', which is no "
                    + "account, and \(count == 1 ? "is" : "are") in no balance "
                    + "('budget account rename \(name) <account>' moves them onto an account; "
                    + "'budget account add \(name) --type …' makes it one)")
        }
    }

    /// The columns: the account, its type, its balance (a card's negative: what it owes), its
    /// last reconciliation; totals under the table.
    static func report(_ balances: AccountBalances, money: MoneyFormat) -> ReportTable<AccountBalances.Row> {
        ReportTable(
            [
                .text("ACCOUNT", key: "account") { $0.account.name },
                .text("TYPE", key: "type") { $0.account.type.rawValue },
                ReportColumn(title: nil, key: "balance", alignment: .right) { row, _ in .amount(row.balance) },
                .amount("BALANCE", key: "net") { $0.asset },
                .number(nil, key: "records") { $0.records },
                .optionalText("RECONCILED", key: "reconciled_on") { $0.account.reconciled?.day.iso },
                ReportColumn(title: nil, key: "reconciled_balance", alignment: .right) { row, _ in
                    .amount(row.account.reconciled?.balance)
                },
                .optionalText(nil, key: "closed") { $0.account.closed?.iso },
                .currency,
            ],
            footers: { _ in
                [
                    TextTable.Footer(label: "Assets", value: money.display(balances.assets), column: 2),
                    TextTable.Footer(label: "Cards owe", value: money.display(balances.owed), column: 2),
                    TextTable.Footer(label: "Net worth", value: money.display(balances.netWorth), column: 2),
                ]
            })
    }
}
