import BudgetCore

/// `summary --compare`: every figure beside the comparison period's, the difference and the
/// change in percent (`—` in tables, empty in tsv and csv, `null` in json, when the comparison
/// amount is 0). A table shows the bars of the period's own amounts; the machine formats carry
/// the same exact numbers, and json both periods' days.
extension SummaryPrinter {
    func render(_ comparison: SummaryComparison) -> String {
        switch format {
        case .json: return json(comparison).outputText
        case .tsv:
            return DelimitedText.tsv((includeHeader ? [delimitedHeader(comparison)] : []) + delimitedRows(comparison))
        case .csv:
            return DelimitedText.csv((includeHeader ? [delimitedHeader(comparison)] : []) + delimitedRows(comparison))
        default: return table(comparison)
        }
    }

    // MARK: Table

    private func table(_ comparison: SummaryComparison) -> String {
        var text = painter.paint(
            "Summary, \(name(comparison.period)), compared with \(name(comparison.comparedPeriod))", .bold) + "\n"
        if comparison.isToDate {
            text += "Compared to date: \(dateFormat.describe(comparison.current.period)) against "
                + "\(dateFormat.describe(comparison.comparison.period)).\n"
        }
        text += filterLine + totals(comparison)
        let basis = basisTitle(comparison)
        let current = comparison.current
        switch grouping {
        case .category:
            guard !comparison.categories.isEmpty else { return text + "\nNo expenses in either period.\n" }
            let hasLimits = comparison.categories.contains { $0.row.limit != nil }
            var columns =
                [("CATEGORY", TextTable.Alignment.left), ("SPENT", .right)] + changeColumns(basis) + [("SHARE", .right)]
            if hasLimits { columns += [("LIMIT", .right), ("REMAINING", .right), ("USED", .right)] }
            let rows = comparison.categories.map { category -> [String] in
                let row = category.row
                var cells = [row.category, money.display(row.spent)] + changeCells(category.spent)
                    + [percent(row.spent, of: current.expenses)]
                if hasLimits {
                    cells += [
                        row.limit.map(money.display) ?? "", row.remaining.map(money.display) ?? "",
                        Self.used(row).map { $0.description + "%" } ?? "",
                    ]
                }
                return cells
            }
            let bars = comparison.categories.map { ($0.row.spent, $0.row.isOver) }
            return text + "\n" + withBars(columns: columns, rows: rows, bars: bars)
        case .month:
            let columns = [
                ("MONTH", TextTable.Alignment.left), ("INCOME", .right), ("EXPENSES", .right), ("BALANCE", .right),
                (basis, .left), ("EXPENSES", .right), ("DIFFERENCE", .right), ("CHANGE", .right),
            ]
            let rows = comparison.months.map { row -> [String] in
                let now = row.month.map {
                    [describe($0), money.display($0.income), money.display($0.expenses), money.display($0.balance)]
                }
                let then = row.comparedMonth.map { [describe($0), money.display($0.expenses)] }
                return (now ?? ["", "", "", ""]) + (then ?? ["", ""])
                    + [signed(row.expenses.difference), change(row.expenses.percent)]
            }
            let bars = comparison.months.map { ($0.expenses.amount, false) }
            return text + "\n" + withBars(columns: columns, rows: rows, bars: bars)
        case .income:
            guard !comparison.incomeSources.isEmpty else { return text + "\nNo income in either period.\n" }
            let columns =
                [("SOURCE", TextTable.Alignment.left), ("RECEIVED", .right)] + changeColumns(basis)
                + [("SHARE", .right)]
            let rows = comparison.incomeSources.map {
                [$0.name, money.display($0.received.amount)] + changeCells($0.received)
                    + [percent($0.received.amount, of: current.income)]
            }
            let bars = comparison.incomeSources.map { ($0.received.amount, false) }
            return text + "\n" + withBars(columns: columns, rows: rows, bars: bars)
        case .tag:
            guard !comparison.tags.isEmpty else { return text + "\nNo tagged expenses in either period.\n" }
            let columns =
                [("TAG", TextTable.Alignment.left), ("EXPENSES", .right), ("SPENT", .right)] + changeColumns(basis)
                + [("SHARE", .right)]
            let rows = comparison.tags.map {
                [$0.tag, String($0.count), money.display($0.spent.amount)] + changeCells($0.spent)
                    + [percent($0.spent.amount, of: current.expenses)]
            }
            let note = "\nAn expense counts under each of its tags, so tag totals can overlap.\n"
            let bars = comparison.tags.map { ($0.spent.amount, false) }
            return text + "\n" + withBars(columns: columns, rows: rows, bars: bars) + note
        }
    }

    /// Income, expenses and balance, each with the comparison period's amount, the difference
    /// and the change, under a header; then the savings rates, when either period had income.
    private func totals(_ comparison: SummaryComparison) -> String {
        let header = ["", "AMOUNT", basisTitle(comparison), "DIFFERENCE", "CHANGE"]
        let figures = [
            ("Income", comparison.income), ("Expenses", comparison.expenses), ("Balance", comparison.balance),
        ]
        let rows = figures.map { label, figure in [label, money.display(figure.amount)] + changeCells(figure) }
        var widths = header.map(DisplayWidth.of)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], DisplayWidth.of(cell)) }
        }
        func line(_ cells: [String], negative: [Bool]) -> String {
            var text = DisplayWidth.padRight(cells[0], to: widths[0])
            for index in cells.indices.dropFirst() {
                let shown = DisplayWidth.padLeft(cells[index], to: widths[index])
                text += "  " + (negative[index] ? painter.paint(shown, .red) : shown)
            }
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        var text = painter.paint(line(header, negative: header.map { _ in false }), .bold) + "\n"
        for (row, (_, figure)) in zip(rows, figures) {
            text += line(row, negative: [false, figure.amount < 0, figure.compared < 0, false, false]) + "\n"
        }
        let now = comparison.current.savingsRate, then = comparison.comparison.savingsRate
        if now != nil || then != nil {
            let basis = comparison.basis == .previous ? "previous" : "last year"
            text += "Savings rate \(rate(now)) (\(basis) \(rate(then)))\n"
        }
        return text
    }

    /// The title's name of a period: its days, or a budget month that is not a calendar month
    /// by its name and days.
    private func name(_ period: SummaryComparison.Period) -> String {
        if let month = period.budgetMonth, !month.isCalendarMonth { return dateFormat.describe(month) }
        return period.range.map(dateFormat.describe) ?? ""
    }

    private func basisTitle(_ comparison: SummaryComparison) -> String {
        comparison.basis == .previous ? "PREVIOUS" : "LAST YEAR"
    }

    private func changeColumns(_ basis: String) -> [(String, TextTable.Alignment)] {
        [(basis, .right), ("DIFFERENCE", .right), ("CHANGE", .right)]
    }

    private func changeCells(_ figure: SummaryComparison.Change) -> [String] {
        [money.display(figure.compared), signed(figure.difference), change(figure.percent)]
    }

    /// `+¥9,400`, `-¥1,200`, `¥0`.
    private func signed(_ amount: Int) -> String {
        (amount > 0 ? "+" : "") + money.display(amount)
    }

    /// `+7.8%`, `-100.0%`, `0.0%`, or `—` without a base.
    private func change(_ percent: Percent?) -> String {
        guard let percent else { return "—" }
        return (percent.tenths > 0 ? "+" : "") + percent.description + "%"
    }

    /// `56.9%`, or `—` without income.
    private func rate(_ percent: Percent?) -> String {
        percent.map { $0.description + "%" } ?? "—"
    }

    // MARK: Machine formats

    private func delimitedHeader(_ comparison: SummaryComparison) -> [String] {
        let change = ["compared", "difference", "change"]
        switch grouping {
        case .category: return ["kind", "name", "amount", "share", "limit", "remaining", "used"] + change
        case .month:
            return [
                "month", "income", "expenses", "balance",
                "compared_month", "compared_income", "compared_expenses", "compared_balance",
                "income_difference", "expenses_difference", "balance_difference",
                "income_change", "expenses_change", "balance_change",
            ]
        case .income: return ["kind", "name", "amount", "share"] + change
        case .tag: return ["kind", "name", "expenses", "amount", "share", "compared_expenses"] + change
        }
    }

    private func delimitedRows(_ comparison: SummaryComparison) -> [[String]] {
        let current = comparison.current
        func cells(_ figure: SummaryComparison.Change) -> [String] {
            [money.plain(figure.compared), money.plain(figure.difference), figure.percent?.description ?? ""]
        }
        switch grouping {
        case .category:
            let totals = [
                ("income", comparison.income), ("expenses", comparison.expenses), ("balance", comparison.balance),
            ].map { name, figure in
                ["total", name, money.plain(figure.amount), "", "", "", ""] + cells(figure)
            }
            return totals + comparison.categories.map { category in
                let row = category.row
                return ["category", row.category, money.plain(row.spent),
                        (Percent.share(row.spent, of: current.expenses)?.description ?? ""),
                        row.limit.map(money.plain) ?? "", row.remaining.map(money.plain) ?? "",
                        Self.used(row)?.description ?? ""] + cells(category.spent)
            }
        case .month:
            func line(_ month: String, _ comparedMonth: String, _ figures: [SummaryComparison.Change]) -> [String] {
                [month] + figures.map { money.plain($0.amount) }
                    + [comparedMonth] + figures.map { money.plain($0.compared) }
                    + figures.map { money.plain($0.difference) } + figures.map { $0.percent?.description ?? "" }
            }
            return comparison.months.map {
                line($0.month?.month ?? "", $0.comparedMonth?.month ?? "", [$0.income, $0.expenses, $0.balance])
            }
                + [line("total", "", [comparison.income, comparison.expenses, comparison.balance])]
        case .income:
            let total = ["total", "income", money.plain(comparison.income.amount), ""] + cells(comparison.income)
            return [total] + comparison.incomeSources.map {
                ["source", $0.name, money.plain($0.received.amount),
                 Percent($0.received.amount, of: current.income).description] + cells($0.received)
            }
        case .tag:
            let total =
                ["total", "expenses", "", money.plain(comparison.expenses.amount), "", ""] + cells(comparison.expenses)
            return [total] + comparison.tags.map {
                ["tag", $0.tag, String($0.count), money.plain($0.spent.amount),
                 (Percent.share($0.spent.amount, of: current.expenses)?.description ?? ""),
                 String($0.comparedCount)] + cells($0.spent)
            }
        }
    }

    private func json(_ comparison: SummaryComparison) -> JSONValue {
        let current = comparison.current, compared = comparison.comparison
        func day(_ day: Day?) -> JSONValue { day.map { .string($0.iso) } ?? .null }
        func percent(_ value: Percent?) -> JSONValue { value.map { .string($0.description) } ?? .null }
        func change(_ figure: SummaryComparison.Change, _ key: String) -> [(String, JSONValue)] {
            [(key, .int(figure.compared)), ("difference", .int(figure.difference)), ("change", percent(figure.percent))]
        }
        func period(_ period: SummaryComparison.Period) -> JSONValue {
            .object([("month", period.budgetMonth.map { .string($0.name) } ?? .null),
                     ("from", day(period.range?.from)), ("to", day(period.range?.to))])
        }
        func month(_ row: Summary.MonthRow?) -> [(String, JSONValue)] {
            [("month", row.map { .string($0.month) } ?? .null),
             ("from", day(row.map { $0.days.from ?? $0.period.start })),
             ("to", day(row.map { $0.days.to ?? $0.period.end }))]
        }
        func figures(_ income: JSONValue, _ expenses: JSONValue, _ balance: JSONValue) -> JSONValue {
            .object([("income", income), ("expenses", expenses), ("balance", balance)])
        }
        var members: [(String, JSONValue)] = [
            ("from", day(current.period.from)), ("to", day(current.period.to)),
            ("currency", money.currency.map { .string($0.code) } ?? .null),
            ("income", .int(current.income)), ("expenses", .int(current.expenses)), ("balance", .int(current.balance)),
            ("savings_rate", percent(current.savingsRate)),
        ]
        switch grouping {
        case .category:
            members.append(("categories", .array(comparison.categories.map { category in
                let row = category.row
                return .object([("category", .string(row.category)), ("spent", .int(row.spent)),
                                ("share", percent(Percent.share(row.spent, of: current.expenses))),
                                ("limit", row.limit.map(JSONValue.int) ?? .null),
                                ("remaining", row.remaining.map(JSONValue.int) ?? .null),
                                ("used", Self.used(row).map { .string($0.description) } ?? .null),
                                ("over", .bool(row.isOver)), ("compare", .object(change(category.spent, "spent")))])
            })))
        case .month:
            members.append(("months", .array(comparison.months.map { row in
                let compare = month(row.comparedMonth) + [
                    ("income", .int(row.income.compared)), ("expenses", .int(row.expenses.compared)),
                    ("balance", .int(row.balance.compared)),
                    ("difference",
                     figures(.int(row.income.difference), .int(row.expenses.difference), .int(row.balance.difference))),
                    ("change",
                     figures(percent(row.income.percent), percent(row.expenses.percent), percent(row.balance.percent))),
                ]
                return .object(month(row.month) + [
                    ("income", .int(row.income.amount)), ("expenses", .int(row.expenses.amount)),
                    ("balance", .int(row.balance.amount)),
                    ("compare", .object(compare)),
                ])
            })))
        case .income:
            members.append(("sources", .array(comparison.incomeSources.map {
                .object([("name", .string($0.name)), ("received", .int($0.received.amount)),
                         ("share", .string(Percent($0.received.amount, of: current.income).description)),
                         ("compare", .object(change($0.received, "received")))])
            })))
        case .tag:
            members.append(("tags", .array(comparison.tags.map {
                .object([("tag", .string($0.tag)), ("expenses", .int($0.count)), ("spent", .int($0.spent.amount)),
                         ("share", percent(Percent.share($0.spent.amount, of: current.expenses))),
                         ("compare", .object([("expenses", .int($0.comparedCount))] + change($0.spent, "spent")))])
            })))
        }
        members.append(("compare", .object([
            ("with", .string(comparison.basis.rawValue)), ("to_date", .bool(comparison.isToDate)),
            ("period", period(comparison.period)), ("compared_period", period(comparison.comparedPeriod)),
            ("from", day(compared.period.from)), ("to", day(compared.period.to)),
            ("income", .int(compared.income)), ("expenses", .int(compared.expenses)),
            ("balance", .int(compared.balance)),
            ("savings_rate", percent(compared.savingsRate)),
            ("difference",
             figures(
                .int(comparison.income.difference), .int(comparison.expenses.difference),
                .int(comparison.balance.difference))),
            ("change",
             figures(
                percent(comparison.income.percent), percent(comparison.expenses.percent),
                percent(comparison.balance.percent))),
        ])))
        return .object(members)
    }

    /// The share of what the limit had available that counts against it (as `limit list` and
    /// the summary show it: every expense of the category, a yearly limit's year to date).
    static func used(_ row: Summary.CategoryRow) -> Percent? {
        if let status = row.limitStatus {
            return status.available > 0 && status.spent >= 0 ? Percent(status.spent, of: status.available) : nil
        }
        return row.limit.map { Percent(row.spent, of: $0) }
    }
}
