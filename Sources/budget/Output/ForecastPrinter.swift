import BudgetCore

/// A forecast as `budget forecast` prints it: for people, each month's scheduled records and
/// its figures; for scripts, one row (or object) per month with the same numbers.
struct ForecastPrinter {
    let forecast: Forecast
    let money: MoneyFormat
    let format: OutputFormat
    let includeHeader: Bool
    var painter = Painter.plain
    /// How the table shows days and months (`display.date-format`); the machine formats keep ISO.
    var dateFormat = DateFormat.iso

    func render() -> String {
        switch format {
        case .json: return json().outputText
        case .tsv, .csv:
            let header = [
                "period", "from", "to", "current", "opening_balance", "recorded_income", "recorded_expenses",
                "scheduled_income", "scheduled_expenses", "planned_spending", "income", "expenses", "balance",
                "projected_balance",
            ]
            var opening = forecast.openingBalance
            // Cards' withdrawals, when there are any, are rows of their own after their month's,
            // in five more columns (empty in the months' rows).
            let cards = forecast.withdrawals.isEmpty ? [] : Self.withdrawalColumns
            let rows = forecast.months.flatMap { month -> [[String]] in
                defer { opening = month.projectedBalance }
                let row = [month.period.name, month.period.start.iso, month.period.end.iso, String(month.isCurrent)]
                    + [opening, month.recordedIncome, month.recordedExpenses, month.scheduledIncome,
                       month.scheduledExpenses, month.plannedSpending, month.income, month.expenses, month.balance,
                       month.projectedBalance].map(money.plain)
                return [row + cards.map { _ in "" }] + withdrawals(in: month).map { item in
                    [month.period.name, item.day.iso, item.day.iso, ""] + Array(repeating: "", count: 10)
                        + [item.card, item.funding, item.statement.start.iso, item.statement.closing.iso,
                           money.plain(item.amount), money.plain(item.balanceAfter)]
                }
            }
            return DelimitedText.text((includeHeader ? [header + cards] : []) + rows, as: format)
        default: return table()
        }
    }

    /// The columns a withdrawal's row adds to the machine formats.
    static let withdrawalColumns = [
        "card", "funding", "purchases_from", "purchases_to", "withdrawal", "funding_balance_after",
    ]

    /// The cards' withdrawals on the days of `month`.
    private func withdrawals(in month: Forecast.Month) -> [CardWithdrawal] {
        forecast.withdrawals.filter { month.period.contains($0.day) }
    }

    private func table() -> String {
        let show = dateFormat.format
        var text = "Forecast from \(show(forecast.today)), "
            + "\(forecast.months.count) budget month\(forecast.months.count == 1 ? "" : "s"); "
            + "opening balance \(money.display(forecast.openingBalance))"
        if let first = forecast.months.first {
            text += ": income \(money.display(forecast.openingIncome))"
                + " less expenses \(money.display(forecast.openingExpenses))"
                + " recorded before \(show(first.period.start))"
            if forecast.unrecordedBefore > 0 {
                let count = forecast.unrecordedBefore
                text += ", and \(money.display(forecast.openingScheduled))"
                    + " from \(count) scheduled occurrence\(count == 1 ? "" : "s")"
                    + " due before it not yet recorded"
            }
        }
        text += ".\n"
        for month in forecast.months {
            let title = "\(dateFormat.formatMonth(month.period.name)) "
                + "(\(show(month.period.start)) to \(show(month.period.end)))"
            text += "\n" + painter.paint(title, .bold)
            text += month.isCurrent ? ": recorded so far, then scheduled\n" : "\n"
            if month.scheduled.isEmpty {
                text += "No scheduled records.\n"
            } else {
                var occurrences = TextTable(columns: [
                    .init(title: "DATE", alignment: .left), .init(title: "KIND", alignment: .left),
                    .init(title: "NAME", alignment: .left), .init(title: "CATEGORY", alignment: .left),
                    .init(title: "AMOUNT", alignment: .right), .init(title: "SCHEDULE", alignment: .left),
                ])
                occurrences.rows = month.scheduled.map { item in
                    [show(item.day), item.kind.singular, DelimitedText.escapeTSV(item.name),
                     DelimitedText.escapeTSV(item.category ?? ""), money.display(item.amount), item.scheduleID]
                }
                text += occurrences.render(painter: painter)
            }
            var figures = TextTable(columns: [
                .init(title: "", alignment: .left), .init(title: "RECORDED", alignment: .right),
                .init(title: "SCHEDULED", alignment: .right),
                .init(title: "PLANNED", alignment: .right), .init(title: "TOTAL", alignment: .right),
            ])
            figures.rows = [
                ["Income", money.display(month.recordedIncome), money.display(month.scheduledIncome), "",
                 money.display(month.income)],
                ["Expenses", money.display(month.recordedExpenses), money.display(month.scheduledExpenses),
                 money.display(month.plannedSpending), money.display(month.expenses)],
                ["Balance", "", "", "", money.display(month.balance)],
            ]
            text += figures.render(painter: painter)
            text += "Projected balance on \(show(month.period.end)): \(money.display(month.projectedBalance))\n"
            let planned = month.planned.filter { $0.unspent > 0 }
            if !planned.isEmpty {
                let parts = planned.map { "\(DelimitedText.escapeTSV($0.category)) \(money.display($0.unspent))" }
                text += "Planned: what the monthly limits leave unspent (\(parts.joined(separator: ", "))).\n"
            }
            let cardRows = withdrawals(in: month)
            if !cardRows.isEmpty {
                text += "Card withdrawals:\n"
                var table = TextTable(columns: [
                    .init(title: "DATE", alignment: .left), .init(title: "CARD", alignment: .left),
                    .init(title: "PURCHASES", alignment: .left), .init(title: "AMOUNT", alignment: .right),
                    .init(title: "FROM", alignment: .left), .init(title: "BALANCE AFTER", alignment: .right),
                ])
                table.rows = cardRows.map { item in
                    [show(item.day), DelimitedText.escapeTSV(item.card),
                     "\(show(item.statement.start)) to \(show(item.statement.closing))", money.display(item.amount),
                     DelimitedText.escapeTSV(item.funding), money.display(item.balanceAfter)]
                }
                text += table.render(painter: painter)
            }
        }
        return text
    }

    private func json() -> JSONValue {
        guard case .object(var members) = plainJSON(), !forecast.withdrawals.isEmpty else { return plainJSON() }
        members.append(("withdrawals", .array(forecast.withdrawals.map { item in
            .object([
                ("date", .string(item.day.iso)), ("card", .string(item.card)), ("funding", .string(item.funding)),
                ("purchases_from", .string(item.statement.start.iso)),
                ("purchases_to", .string(item.statement.closing.iso)), ("amount", .int(item.amount)),
                ("funding_balance_after", .int(item.balanceAfter)),
            ])
        })))
        return .object(members)
    }

    /// The forecast's months, as they read without cards.
    private func plainJSON() -> JSONValue {
        .object([
            ("today", .string(forecast.today.iso)), ("currency", money.currency.map { .string($0.code) } ?? .null),
            ("opening_balance", .int(forecast.openingBalance)), ("unrecorded_before", .int(forecast.unrecordedBefore)),
            ("opening", .object([
                ("before", forecast.months.first.map { .string($0.period.start.iso) } ?? .null),
                ("income", .int(forecast.openingIncome)),
                ("expenses", .int(forecast.openingExpenses)), ("unrecorded_scheduled", .int(forecast.openingScheduled)),
                ("unrecorded_count", .int(forecast.unrecordedBefore)), ("balance", .int(forecast.openingBalance)),
            ])),
            ("months", .array(forecast.months.map { month in
                .object([
                    ("period", .string(month.period.name)), ("from", .string(month.period.start.iso)),
                    ("to", .string(month.period.end.iso)), ("current", .bool(month.isCurrent)),
                    ("recorded", .object([
                        ("income", .int(month.recordedIncome)), ("expenses", .int(month.recordedExpenses)),
                    ])),
                    ("scheduled", .object([
                        ("income", .int(month.scheduledIncome)), ("expenses", .int(month.scheduledExpenses)),
                        ("occurrences", .array(month.scheduled.map { item in
                            .object([
                                ("date", .string(item.day.iso)), ("due", .string(item.due.iso)),
                                ("kind", .string(item.kind.singular)), ("schedule", .string(item.scheduleID)),
                                ("name", .string(item.name)),
                                ("category", item.category.map(JSONValue.string) ?? .null),
                                ("amount", .int(item.amount)),
                            ])
                        })),
                    ])),
                    ("planned", .object([
                        ("spending", .int(month.plannedSpending)),
                        ("limits", .array(month.planned.map { limit in
                            .object([
                                ("category", .string(limit.category)), ("limit", .int(limit.limit)),
                                ("carried_in", .int(limit.carriedIn)), ("available", .int(limit.available)),
                                ("spent", .int(limit.spent)), ("unspent", .int(limit.unspent)),
                            ])
                        })),
                    ])),
                    ("income", .int(month.income)), ("expenses", .int(month.expenses)),
                    ("balance", .int(month.balance)), ("projected_balance", .int(month.projectedBalance)),
                ])
            })),
        ])
    }
}
