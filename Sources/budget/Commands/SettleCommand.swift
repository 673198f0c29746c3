import BudgetCore

/// `budget settle [--month …|--from … --to …] [--explain] [--payments] [--record]`: who owes
/// whom among the household's members (issue #30), and the payments that settle it.
struct SettleCommand: Command {
    static let spec = CommandSpec(
        name: "settle", abstract: "Show who owes whom among the members, and the payments that settle it.",
        discussion: """
            Each expense with a payer (--paid-by, or its account's owner) counts: its parts are their members' \
            alone, the rest is shared by its own split, else its category's share, else the members' weights. PAID is \
            what each member paid, SHARE their share (exact, rounded once per member, so the balances sum to 0), \
            SETTLED what settlements moved, BALANCE what the household owes them (negative: what they owe). The \
            payments that settle it follow on stderr's side of a table, or alone with --payments. --record records \
            them as transfers between the members (精算, one undo step), after which every balance is 0. Without a \
            period every record counts.
            """,
        options: QueryOptions.periodSpecs + [
            OptionSpec(
                long: "explain",
                help: "List the expenses behind the balances, with each member's share (in tsv, csv and json: "
                    + "only them, a share:<member> column each)."),
            OptionSpec(long: "payments", help: "Print the payments that settle it instead of the balances."),
            OptionSpec(
                long: "record",
                help: "Record the payments as transfers between the members, dated the period's last day (or today)."),
            OutputFormat.reportOption, CommonArguments.noHeader,
        ])

    /// The record fields a settlement never reads (and shows only with --explain).
    static let unusedFields: Set<String> = ["name", "note", "tags", "source"]

    let filters: QueryOptions
    let explain: Bool
    let paymentsOnly: Bool
    let record: Bool
    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        filters = try QueryOptions(parsed)
        explain = parsed.flag("explain")
        paymentsOnly = parsed.flag("payments")
        record = parsed.flag("record")
        format = try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json])
        includeHeader = !parsed.flag("no-header")
        if explain && paymentsOnly { throw parsed.usageError("'--explain' and '--payments' cannot be combined") }
    }

    func run(in context: CommandContext) throws {
        let store = try context.store()
        let settlement: Settlement
        let document: BudgetDocument
        var recorded: [Transfer] = []
        if record {
            (settlement, document, recorded) = try store.transaction { document in
                let period = try filters.query(for: document).period
                let settlement = try Settlement(document, period: period)
                // The period's last day; today for a period not over yet (or without an end).
                let today = Day.today()
                let end = period.to ?? today
                let day = end > today && (period.from ?? today) <= today ? today : end
                let transfers = try document.recordSettlement(settlement, on: day)
                return (settlement, document, transfers)
            }
        } else {
            // Without --explain no expense is shown: their names and notes need not be read.
            document = try explain ? context.loadForReading() : context.loadForReading(skipping: Self.unusedFields)
            let period = try filters.query(for: document).period
            settlement = try Settlement(document, period: period, explain: explain)
        }
        let money = document.moneyFormat
        if paymentsOnly || record {
            if !record || format != .table {
                context.write(
                    Self.paymentsReport, settlement.payments, as: format, includeHeader: includeHeader,
                    document: document, emptyMessage: "Everyone is settled: no payment is needed.")
            }
        } else if explain && format != .table {
            // One table for a script: the expenses, a share column per member.
            try writeExplanation(settlement, document: document, context: context)
        } else {
            context.write(
                Self.report, settlement.rows, as: format, includeHeader: includeHeader, document: document,
                emptyMessage: "")
            if explain { try writeExplanation(settlement, document: document, context: context) }
        }
        if format == .table && !paymentsOnly && !record {
            for payment in settlement.payments {
                context.confirm("\(payment.from) pays \(payment.to) \(money.display(payment.amount)).")
            }
            if settlement.payments.isEmpty { context.confirm("Everyone is settled.") }
        }
        for transfer in recorded {
            context.confirm(
                "Recorded transfer \(transfer.id): \(transfer.from) paid \(transfer.to) "
                    + "\(money.display(transfer.amount)) on \(transfer.date.iso).")
        }
        if record && recorded.isEmpty { context.confirm("Everyone is settled: nothing to record.") }
        context.warnOfTwins(.settlement, in: document)
        if settlement.withoutPayer > 0 {
            let count = settlement.withoutPayer
            context.confirm(
                "\(count) expense\(count == 1 ? "" : "s") in the period name\(count == 1 ? "s" : "") no payer and "
                    + "\(count == 1 ? "is" : "are") in no balance (give --paid-by, or an account an --owner).")
        }
        if !settlement.namingNoMember.isEmpty {
            let ids = settlement.namingNoMember
            context.warn(
                "\(ids.count) expense\(ids.count == 1 ? "" : "s") name\(ids.count == 1 ? "s" : "") someone who is "
                    + "no member and \(ids.count == 1 ? "is" : "are") left out ("
                    + ids.prefix(5).joined(separator: ", ") + (ids.count > 5 ? ", …" : "")
                    + "): add the member again, or edit the records")
        }
    }

    /// The expenses behind the balances, each with every member's share, after the balances.
    private func writeExplanation(_ settlement: Settlement, document: BudgetDocument, context: CommandContext) throws {
        let names = settlement.rows.map(\.member)
        var columns: [ReportColumn<Settlement.Line>] = [
            .text("ID", key: "id") { $0.expense.id },
            .text("DATE", key: "date") { $0.expense.date.iso },
            .text("NAME", key: "name") { $0.expense.name },
            .amount("AMOUNT", key: "amount") { $0.expense.amount },
            .optionalText("PAID BY", key: "paid_by") { $0.expense.paidBy },
        ]
        // `share:<member>` in machine formats: a member named `id` or `amount` is no other column.
        for name in names {
            columns.append(.amount(name, key: "share:" + name) { $0.shares[name] ?? 0 })
        }
        if format == .table { context.output.write("\n") }
        context.write(
            ReportTable(columns), settlement.lines, as: format, includeHeader: includeHeader, document: document,
            emptyMessage: "No expense with a payer in the period.")
    }

    /// The columns of the balances.
    static var report: ReportTable<Settlement.Row> {
        ReportTable([
            .text("MEMBER", key: "member") { $0.member },
            .amount("PAID", key: "paid") { $0.paid },
            .amount("SHARE", key: "share") { $0.share },
            .amount("SETTLED", key: "settled") { $0.settled },
            .amount("BALANCE", key: "balance") { $0.balance },
            .currency,
        ])
    }

    /// The columns of the payments.
    static var paymentsReport: ReportTable<Settlement.Payment> {
        ReportTable([
            .text("FROM", key: "from") { $0.from },
            .text("TO", key: "to") { $0.to },
            .amount("AMOUNT", key: "amount") { $0.amount },
            .currency,
        ])
    }
}
