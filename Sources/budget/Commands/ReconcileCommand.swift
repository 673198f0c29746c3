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
            Prints the balance budget counts at the end of the day, the bank's, the difference and the latest records \
            since the last reconciliation (--limit of them; a line on stderr says how many more). When they agree, \
            the check is remembered (one undo step) and the exit status is 0; when they differ it is 1 and nothing \
            changes, unless --adjust records a 残高調整 (balance adjustment) transfer that makes them agree. For a \
            card, give what it owes.
            """,
        arguments: [ArgumentSpec(name: "account", help: "The account to check.", completion: .accounts)],
        options: [
            OptionSpec(
                long: "balance", valueName: "amount",
                help: "The balance the bank or card shows (a card: what it owes); required."),
            OptionSpec(long: "date", valueName: "day", help: "The day of that balance, at its end (default: today)."),
            OptionSpec(long: "adjust", help: "Record the difference as a 残高調整 transfer so that they agree."),
            OptionSpec(
                long: "limit", valueName: "n",
                help: "Show at most this many of the records since the last reconciliation (default: 20)."),
        ])

    /// How many of the records since the last reconciliation are shown without `--limit`.
    static let defaultLimit = 20

    let parsed: ParsedCommand
    let account: String
    let balanceText: String
    let day: Day
    let adjust: Bool
    let limit: Int

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        account = try parsed.label(parsed.positionals[0], field: "account")
        guard let balance = parsed.value("balance") else {
            throw parsed.usageError("missing '--balance <amount>': the balance the bank or card shows")
        }
        balanceText = balance
        day = try parsed.value("date").map { text throws(UsageError) in try parsed.day(text) } ?? Day.today()
        adjust = parsed.flag("adjust")
        limit = try parsed.value("limit").map { text throws(UsageError) in
            guard let count = try parsed.wholeNumber(text, for: "--limit <n>") else {
                throw parsed.usageError("invalid value '\(text)' for '--limit <n>': expected a whole number")
            }
            return count
        } ?? Self.defaultLimit
    }

    func run(in context: CommandContext) throws {
        // Judged first on a read without the fields balances never use: when budget and the
        // bank differ (and no --adjust), or agree as last remembered, nothing is written and
        // that read is all it takes, the listed records read whole. A change (an agreement to
        // remember, an adjustment, schedules due) runs as one transaction.
        if !adjust, let (result, document, listed) = try judged(in: context), !Self.changes(result) {
            try show(result, document, listed: listed, in: context)
            return
        }
        let (result, document) = try context.store().transaction { document -> (Reconciling, BudgetDocument) in
            (try document.reconcile(account, balance: balance(in: document), on: day, adjust: adjust), document)
        }
        let listed = Self.latestRecords(of: result.account.name, since: result, limit: limit, document: document)
        try show(result, document, listed: listed, in: context)
    }

    /// Whether a reconciliation without --adjust changes the budget: an agreement not yet
    /// remembered.
    private static func changes(_ result: Reconciling) -> Bool {
        result.agrees && result.previous != Reconciliation(day: result.day, balance: result.stated)
    }

    private func balance(in document: BudgetDocument) throws -> Int {
        try parsed.converting { () throws(ValueError) in try document.moneyFormat.parseSigned(balanceText) }
    }

    /// The reconciliation on the budget as it is, read without the fields balances never use
    /// (the listed records whole), changing nothing; `nil` when schedules have occurrences due,
    /// which the transaction records first.
    private func judged(in context: CommandContext) throws -> (Reconciling, BudgetDocument, Listing)? {
        var judgement: (Reconciling, Listing)?
        let document = try context.store().load(skipping: AccountsCommand.unusedFields) { read in
            judgement = nil
            if read[settings: RecurKeys.self][RecurKeys.auto].isOn, !read.schedules.isEmpty,
               !read.dueOccurrences(through: Day.today()).isEmpty {
                return []
            }
            var unchanged = read
            let result = try unchanged.reconcile(account, balance: balance(in: read), on: day, adjust: false)
            guard !Self.changes(result) else {
                judgement = (result, ([], 0))
                return []
            }
            let listed = Self.latestRecords(of: result.account.name, since: result, limit: limit, document: read)
            judgement = (result, listed)
            return Self.references(listed.shown, in: read)
        }
        return judgement.map { ($0.0, document, $0.1) }
    }

    /// Prints the reconciliation and the latest records since the last one; throws `Differs`
    /// when budget and the bank still differ.
    private func show(
        _ result: Reconciling, _ document: BudgetDocument, listed: Listing, in context: CommandContext
    ) throws {
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
        // The latest records since the last reconciliation, or the account's opening day.
        let rows = Self.rows(listed.shown, in: document)
        let earlier = listed.earlier
        if !rows.isEmpty {
            var printer = RecordPrinter(
                selection: .everything, format: .table, includeHeader: true, document: document,
                painter: context.outputPainter(document))
            printer.showsTotals = false
            context.output.write("\n")
            try printer.write(rows, to: context.output)
        }
        if earlier > 0 {
            let from = Self.since(result).map { " --from \($0.iso)" } ?? ""
            context.confirm(
                "\(earlier) earlier record\(earlier == 1 ? " is" : "s are") not shown ('budget list all --account "
                    + "\(name)\(from) --to \(result.day.iso) --sort date' lists every one).")
        }
        context.warnOfTwins(.adjustment, in: document) { $0.from == name || $0.to == name }
        // Freed by the exit: a large budget's records take longer to free than to read.
        context.keepUntilExit(document)
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

    /// Records to list, as kinds and places in their tables, and how many earlier ones are not.
    typealias Listing = (shown: [(kind: RecordKind, at: Int)], earlier: Int)

    /// The latest `limit` records that name the account since the last reconciliation (or the
    /// account's opening day), by date (ties in kind and table order), as kinds and places in
    /// their tables, and how many earlier ones are left out. Each record is looked at in place.
    static func latestRecords(
        of account: String, since result: Reconciling, limit: Int, document: BudgetDocument
    ) -> Listing {
        let period = DateRange(from: since(result), to: result.day)
        let lookup = NameLookup([account])
        func names(_ text: String?) -> Bool {
            text.map { lookup.index(of: $0) != nil } ?? false
        }
        // (date, kind, position): sorting these orders by date, then kind, then table order.
        var found: [(day: Day, kind: Int, at: Int)] = []
        let incomes = document.incomes.records, expenses = document.expenses.records
        let transfers = document.transfers.records
        for at in incomes.indices where period.contains(incomes[at].date) && names(incomes[at].account) {
            found.append((incomes[at].date, 0, at))
        }
        for at in expenses.indices where period.contains(expenses[at].date) && names(expenses[at].account) {
            found.append((expenses[at].date, 1, at))
        }
        for at in transfers.indices where period.contains(transfers[at].date)
            && (names(transfers[at].from) || names(transfers[at].to)) {
            found.append((transfers[at].date, 2, at))
        }
        let latest = Self.latest(max(limit, 0), of: found) { ($0.day, $0.kind, $0.at) < ($1.day, $1.kind, $1.at) }
        let kinds: [RecordKind] = [.income, .expense, .transfer]
        return (latest.map { (kinds[$0.kind], $0.at) }, found.count - latest.count)
    }

    /// The first day a listing of a reconciliation shows: the day after the last one, or the
    /// account's opening day.
    static func since(_ result: Reconciling) -> Day? {
        result.previous?.day.advanced(byDays: 1) ?? result.account.asOf
    }

    /// The rows of records given as kinds and places in their tables.
    static func rows(_ places: [(kind: RecordKind, at: Int)], in document: BudgetDocument) -> [RecordRow] {
        places.map { row($0, in: document) }
    }

    /// The references of records given as kinds and places in their tables.
    static func references(_ places: [(kind: RecordKind, at: Int)], in document: BudgetDocument) -> [RecordReference] {
        places.map { RecordReference(kind: $0.kind, id: row($0, in: document).id) }
    }

    private static func row(_ place: (kind: RecordKind, at: Int), in document: BudgetDocument) -> RecordRow {
        switch place.kind {
        case .income: RecordRow(document.incomes.records[place.at])
        case .expense: RecordRow(document.expenses.records[place.at])
        case .transfer: RecordRow(document.transfers.records[place.at])
        }
    }

    /// The `count` greatest items, in ascending order: without sorting them all when there are
    /// many more (an account of a large budget has hundreds of thousands of records).
    static func latest<Item>(_ count: Int, of items: [Item], by less: (Item, Item) -> Bool) -> [Item] {
        guard count > 0 else { return [] }
        guard count < items.count / 16 else { return Array(items.sorted(by: less).suffix(count)) }
        var kept: [Item] = []  // ascending
        kept.reserveCapacity(count + 1)
        for item in items {
            if kept.count == count, let least = kept.first, !less(least, item) { continue }
            var low = 0, high = kept.count  // the first kept item greater than `item`
            while low < high {
                let middle = (low + high) / 2
                if less(item, kept[middle]) { high = middle } else { low = middle + 1 }
            }
            kept.insert(item, at: low)
            if kept.count > count { kept.removeFirst() }
        }
        return kept
    }
}
