import BudgetCore
import FoundationEssentials

/// `budget reconcile <account> --balance <amount> [--date <day>] [--adjust]`: checks an account
/// against the balance its bank or card shows; exit 0 when they agree, 1 when they differ.
struct ReconcileCommand: Command {
    /// The account differs from the bank and no adjustment was asked for: exit 1, with the
    /// difference.
    struct Differs: LocalizedError {
        let message: String

        var errorDescription: String? { message }
    }

    static let spec = CommandSpec(
        name: "reconcile", abstract: "Check an account's balance against the bank's.",
        discussion: """
            Prints the balance budget counts at the end of the day, the bank's, the difference and the records since \
            the last reconciliation. When they agree, the check is remembered (one undo step) and the exit status is \
            0; when they differ it is 1 and nothing changes, unless --adjust records a 残高調整 (balance adjustment) \
            transfer that makes them agree. For a card, give what it owes.
            """,
        arguments: [ArgumentSpec(name: "account", help: "The account to check.", completion: .accounts)],
        options: [
            OptionSpec(
                long: "balance", valueName: "amount",
                help: "The balance the bank or card shows (a card: what it owes); required."),
            OptionSpec(long: "date", valueName: "day", help: "The day of that balance, at its end (default: today)."),
            OptionSpec(long: "adjust", help: "Record the difference as a 残高調整 transfer so that they agree."),
        ])

    let parsed: ParsedCommand
    let account: String
    let balanceText: String
    let day: Day
    let adjust: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        account = try parsed.label(parsed.positionals[0], field: "account")
        guard let balance = parsed.value("balance") else {
            throw parsed.usageError("Missing '--balance <amount>': the balance the bank or card shows")
        }
        balanceText = balance
        day = try parsed.value("date").map { text throws(UsageError) in try parsed.day(text) } ?? Day.today()
        adjust = parsed.flag("adjust")
    }

    func run(in context: CommandContext) throws {
        let (result, document) = try context.store().transaction { document -> (Reconciling, BudgetDocument) in
            let balance = try parsed.converting { () throws(ValueError) in
                try document.moneyFormat.parseSigned(balanceText)
            }
            return (try document.reconcile(account, balance: balance, on: day, adjust: adjust), document)
        }
        let money = document.moneyFormat
        let name = result.account.name
        var table = TextTable(columns: [.init(title: "", alignment: .left), .init(title: "", alignment: .right)])
        let owes = result.account.type.isLiability ? " (owed)" : ""
        table.rows = [
            ["account", ReportTable<Int>.escapingControls(name)],
            ["date", result.day.iso],
            ["bank" + owes, money.display(result.stated)],
            ["budget" + owes, money.display(result.counted)],
            ["difference", money.display(result.difference)],
            ["last reconciled", result.previous.map { "\($0.day.iso) at \(money.display($0.balance))" } ?? "never"],
        ]
        let lines = table.render().split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        context.output.write(lines.joined(separator: "\n"))
        // The records since the last reconciliation, or the account's opening day.
        var query = RecordQuery()
        query.accounts = [name]
        let since = result.previous?.day.advanced(byDays: 1) ?? result.account.asOf
        query.period = DateRange(from: since, to: result.day)
        let rows = RecordRow.matching(query, in: document, selection: .everything)
        if !rows.isEmpty {
            var printer = RecordPrinter(
                selection: .everything, format: .table, includeHeader: true, document: document,
                painter: context.outputPainter(document))
            printer.showsTotals = false
            context.output.write("\n")
            try printer.write(rows, to: context.output)
        }
        if result.agrees {
            context.confirm("\(name) agrees with the bank on \(result.day.iso): \(money.display(result.stated)).")
        } else if let adjustment = result.adjustment {
            context.confirm(
                "Recorded transfer \(adjustment.id) (\(BudgetDocument.adjustmentName)) of "
                    + "\(money.display(adjustment.amount)): \(name) now agrees with the bank on \(result.day.iso).")
        } else {
            let size = money.display(abs(result.difference))
            let which = result.difference > 0 ? "\(size) less than the bank" : "\(size) more than the bank"
            throw Differs(
                message: "\(name) does not agree with the bank on \(result.day.iso): budget counts "
                    + "\(money.display(result.counted)), \(which) (\(money.display(result.stated))); look for a "
                    + "missing or doubled record, or record the difference with --adjust")
        }
    }
}
