import BudgetCore

/// `budget account list|show|rename|close` (and `add`, `edit`: `AccountAddCommand`): the
/// budget's accounts (issue #29), each a setting (`account.<name>`).
struct AccountCommand: Command {
    static let spec = CommandSpec(
        name: "account", abstract: "Add, edit, list, show, rename, close and reopen accounts.",
        discussion: """
            An account is where money is kept: bank, cash, card (its balance is what is owed), emoney or savings \
            (outside the monthly budget). Records name theirs with --account; expense.default-account is the \
            account of an expense added without one. Accounts are settings (account.<name>), so undo reverts their \
            changes and two devices merge them.
            """,
        subcommands: [AccountAddCommand.addSpec, AccountAddCommand.editSpec, listSpec, showSpec, renameSpec, closeSpec,
            reopenSpec,
        ])

    static let nameArgument = ArgumentSpec(name: "name", help: "The account's name.", completion: .accounts)
    static let listSpec = CommandSpec(
        name: "list", abstract: "List the accounts: type, opening balance, card cycle, last reconciliation.",
        options: [OutputFormat.reportOption, CommonArguments.noHeader])
    static let showSpec = CommandSpec(
        name: "show", abstract: "Show an account's settings, one per line.", arguments: [nameArgument])
    static let renameSpec = CommandSpec(
        name: "rename", abstract: "Rename an account, and with it every record, card and setting that names it.",
        discussion: "One change: a single undo puts every record back.",
        arguments: [
            ArgumentSpec(name: "old", help: "An account.", completion: .accounts),
            ArgumentSpec(name: "new", help: "Its new name (no ';' or '=')."),
        ])
    static let closeSpec = CommandSpec(
        name: "close", abstract: "Close an account: records dated after the day may no longer name it.",
        arguments: [nameArgument],
        options: [OptionSpec(long: "date", valueName: "day", help: "The day it was closed (default: today).")])
    static let reopenSpec = CommandSpec(
        name: "reopen", abstract: "Reopen a closed account: records of any day may name it again.",
        arguments: [nameArgument])

    enum Action {
        case list(OutputFormat, includeHeader: Bool)
        case show(String)
        case rename(String, to: String)
        case close(String, on: Day?)
        case reopen(String)
    }

    let action: Action

    init(_ parsed: ParsedCommand) throws(UsageError) {
        switch parsed.path.last {
        case "show": action = .show(parsed.positionals[0])
        case "rename":
            let new = parsed.positionals[1]
            let checked = try parsed.converting { () throws(ValueError) in try FieldRules.accountName(new) }
            action = .rename(parsed.positionals[0], to: checked)
        case "close": action = .close(parsed.positionals[0], on: try parsed.value("date").map(parsed.day))
        case "reopen": action = .reopen(parsed.positionals[0])
        default:
            action = .list(
                try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json]),
                includeHeader: !parsed.flag("no-header"))
        }
    }

    func run(in context: CommandContext) throws {
        let store = try context.store()
        switch action {
        case let .list(format, includeHeader):
            let document = try store.load()
            context.write(
                Self.report, document.accounts, as: format, includeHeader: includeHeader, document: document,
                emptyMessage: "No accounts yet: add one with 'budget account add <name> --type <type>'.")
        case .show(let name):
            let document = try store.load()
            let account = try document.existingAccount(named: name)
            let money = document.moneyFormat
            var lines = ["name=" + account.name, "type=" + account.type.rawValue]
            lines.append("opening=" + money.plain(account.opening))
            if let asOf = account.asOf { lines.append("as-of=" + asOf.iso) }
            if let closed = account.closed { lines.append("closed=" + closed.iso) }
            if let closing = account.closing { lines.append("closing=" + closing.description) }
            if let withdrawal = account.withdrawal { lines.append("withdrawal=" + String(withdrawal)) }
            if let funding = account.funding { lines.append("from=" + funding) }
            if let owner = account.owner { lines.append("owner=" + owner) }
            if let reconciled = account.reconciled {
                lines.append("reconciled=" + reconciled.day.iso + " " + money.plain(reconciled.balance))
            }
            context.output.write(lines.map { TerminalText.escaped($0) + "\n" }.joined())
        case let .rename(old, new):
            let (from, count) = try store.transaction { document in
                // A name records give that is no account moves onto the account named.
                let from = document.account(named: old)?.name
                return (from, try document.renameAccount(old, to: new))
            }
            let records = "\(count) \(count == 1 ? "record" : "records")"
            if let from {
                context.confirm("Renamed account \(from) to \(new) on \(records).")
            } else {
                context.confirm("Moved \(records) naming \(FieldRules.trimmed(old)), which is no account, to \(new).")
            }
        case let .close(name, day):
            let account = try store.transaction { document in try document.closeAccount(name, on: day ?? Day.today()) }
            context.confirm("Closed account \(account.name) on \(account.closed?.iso ?? "").")
        case let .reopen(name):
            let account = try store.transaction { document in try document.reopenAccount(name) }
            context.confirm("Reopened account \(account.name).")
        }
    }

    /// The columns: what each account is, not its balance.
    static var report: ReportTable<Account> {
        ReportTable([
            .text("NAME", key: "name") { $0.name },
            .text("TYPE", key: "type") { $0.type.rawValue },
            .amount("OPENING", key: "opening") { $0.opening },
            .optionalText("AS OF", key: "as_of") { $0.asOf?.iso },
            .optionalText("CLOSED", key: "closed") { $0.closed?.iso },
            .optionalText("CARD CYCLE", key: "card_cycle") { Self.cycle($0) },
            .optionalText("RECONCILED", key: "reconciled") { $0.reconciled?.day.iso },
            .amount("RECONCILED BALANCE", key: "reconciled_balance") { $0.reconciled?.balance },
            .currency,
        ])
    }

    /// A card's cycle in one cell: `closing=last withdrawal=27 from=楽天銀行`.
    private static func cycle(_ account: Account) -> String? {
        var parts: [String] = []
        if let closing = account.closing { parts.append("closing=" + closing.description) }
        if let withdrawal = account.withdrawal { parts.append("withdrawal=" + String(withdrawal)) }
        if let funding = account.funding { parts.append("from=" + funding) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
