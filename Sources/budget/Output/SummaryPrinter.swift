import BudgetCore

/// Writes a `Summary` as a table with bars, or as tsv, csv or json with the same numbers; with
/// a `SummaryComparison`, each figure beside the comparison period's (`SummaryPrinter+Compare`).
struct SummaryPrinter {
    let summary: Summary
    let grouping: Summary.Grouping
    let format: OutputFormat
    let includeHeader: Bool
    let money: MoneyFormat
    /// How the table's title and month rows show dates; machine formats keep ISO.
    let dateFormat: DateFormat
    let painter: Painter
    /// Columns available for a table row, bar included.
    let width: Int
    /// The filters the records passed (`--category`, `--tag`, `--search`), named under the title.
    var query = RecordQuery()
    /// The summary against an earlier period (`--compare`), which it then prints instead.
    var comparison: SummaryComparison?

    func render() -> String {
        if let comparison { return render(comparison) }
        switch format {
        case .json: return json.outputText
        case .tsv: return DelimitedText.tsv((includeHeader ? [delimitedHeader] : []) + delimitedRows)
        case .csv: return DelimitedText.csv((includeHeader ? [delimitedHeader] : []) + delimitedRows)
        default: return table
        }
    }

    /// Which limit columns a table shows, found once for all its rows.
    private struct LimitColumns {
        /// Whether any limit is shown.
        let any: Bool
        /// Whether a limit carries (then CARRIED and AVAILABLE are shown).
        let carrying: Bool
        /// Whether a limit is yearly (then YEAR TO DATE is shown: what counts against it).
        let yearly: Bool

        init(_ summary: Summary) {
            // The limits' statuses shown: the categories', and the total limit's.
            let statuses = summary.categories.compactMap(\.limitStatus) + (summary.totalLimit.map { [$0] } ?? [])
            any = summary.categories.contains { $0.limit != nil } || summary.totalLimit != nil
            carrying = statuses.contains { $0.limit.rollover != .none }
            yearly = statuses.contains { $0.limit.per == .year }
        }
    }

    // MARK: Table

    private var table: String {
        var text = painter.paint("Summary, \(title)", .bold) + "\n" + filterLine
        let totals = [("Income", summary.income), ("Expenses", summary.expenses), ("Balance", summary.balance)]
        let amounts = totals.map { money.display($0.1) }
        let amountWidth = amounts.map(DisplayWidth.of).max() ?? 0
        for ((label, value), amount) in zip(totals, amounts) {
            let shown = DisplayWidth.padLeft(amount, to: amountWidth)
            text += DisplayWidth.padRight(label, to: 10) + (value < 0 ? painter.paint(shown, .red) : shown) + "\n"
        }
        if let rate = summary.savingsRate { text += "Savings rate \(rate)%\n" }
        switch grouping {
        case .category:
            guard !summary.categories.isEmpty else { return text + "\nNo expenses in this period.\n" }
            var columns = [("CATEGORY", TextTable.Alignment.left), ("SPENT", .right), ("SHARE", .right)]
            let limits = LimitColumns(summary)
            if limits.any { columns += limitColumns(limits) }
            var rows = summary.categories.map { row -> [String] in
                var cells = [row.category, money.display(row.spent), percent(row.spent, of: summary.expenses)]
                if limits.any { cells += limitCells(row.limitStatus, limits) }
                return cells
            }
            var bars = summary.categories.map { (value: $0.spent, over: $0.isOver) }
            // The total limit: a row of its own, without a bar.
            if let total = summary.totalLimit {
                rows.append([LimitText.cell(.total), money.display(summary.expenses), ""] + limitCells(total, limits))
                bars.append((value: 0, over: total.isOver))
            }
            return text + "\n" + withBars(columns: columns, rows: rows, bars: bars)
        case .month:
            let columns = [
                ("MONTH", TextTable.Alignment.left), ("INCOME", .right), ("EXPENSES", .right), ("BALANCE", .right),
            ]
            let rows = summary.months.map {
                [describe($0), money.display($0.income), money.display($0.expenses), money.display($0.balance)]
            }
            return text + "\n"
                + withBars(columns: columns, rows: rows, bars: summary.months.map { ($0.expenses, false) })
        case .income:
            guard !summary.incomeSources.isEmpty else { return text + "\nNo income in this period.\n" }
            let columns = [("SOURCE", TextTable.Alignment.left), ("RECEIVED", .right), ("SHARE", .right)]
            let rows = summary.incomeSources.map {
                [$0.name, money.display($0.received), percent($0.received, of: summary.income)]
            }
            return text + "\n"
                + withBars(columns: columns, rows: rows, bars: summary.incomeSources.map { ($0.received, false) })
        case .tag:
            guard !summary.tags.isEmpty else { return text + "\nNo tagged expenses in this period.\n" }
            let columns = [
                ("TAG", TextTable.Alignment.left), ("EXPENSES", .right), ("SPENT", .right), ("SHARE", .right),
            ]
            let rows = summary.tags.map {
                [$0.tag, String($0.count), money.display($0.spent), percent($0.spent, of: summary.expenses)]
            }
            let note = "\nAn expense counts under each of its tags, so tag totals can overlap.\n"
            return text + "\n"
                + withBars(columns: columns, rows: rows, bars: summary.tags.map { ($0.spent, false) }) + note
        }
    }

    /// LIMIT, then CARRIED and AVAILABLE when a limit carries, YEAR TO DATE when one is
    /// yearly, then REMAINING and USED.
    private func limitColumns(_ limits: LimitColumns) -> [(String, TextTable.Alignment)] {
        var columns = [("LIMIT", TextTable.Alignment.right)]
        if limits.carrying { columns += [("CARRIED", .right), ("AVAILABLE", .right)] }
        if limits.yearly { columns.append(("YEAR TO DATE", .right)) }
        return columns + [("REMAINING", .right), ("USED", .right)]
    }

    /// A row's limit cells (empty without a limit): a yearly limit's amount says `a year`, and
    /// its year to date is what counts against it; USED is the share of what was available.
    private func limitCells(_ status: LimitStatus?, _ limits: LimitColumns) -> [String] {
        guard let status else { return Array(repeating: "", count: limitColumns(limits).count) }
        var cells = [money.display(status.base) + (status.limit.per == .year ? " a year" : "")]
        if limits.carrying { cells += [money.display(status.carriedIn), money.display(status.available)] }
        if limits.yearly { cells.append(status.limit.per == .year ? money.display(status.spent) : "") }
        return cells + [
            money.display(status.remaining),
            status.available > 0 && status.spent >= 0 ? percent(status.spent, of: status.available) : "",
        ]
    }

    /// The period as the title names it: its days, or a budget month that is not a calendar
    /// month by its name and days (`2026-11 (2026-10-25 to 2026-11-24)`).
    private var title: String {
        if let month = summary.budgetPeriod, !month.isCalendarMonth { return dateFormat.describe(month) }
        return dateFormat.describe(summary.period)
    }

    /// The table, each row followed by a bar scaled to the largest value and to the space left.
    /// A month row's label: the month, with the days the summary covers when they are not
    /// the whole calendar month (`2027-01 (2027-01-01 to 2027-01-24)`).
    func describe(_ row: Summary.MonthRow) -> String {
        guard row.isPartial else { return dateFormat.describe(row.period) }
        return "\(dateFormat.formatMonth(row.period.name)) (\(dateFormat.describe(row.days)))"
    }

    func withBars(
        columns: [(String, TextTable.Alignment)], rows: [[String]], bars: [(value: Int, over: Bool)]
    ) -> String {
        var table = TextTable(columns: columns.map { TextTable.Column(title: $0.0, alignment: $0.1) })
        table.rows = rows
        let lines = table.measuredLines()
        let tableWidth = lines.widths.max() ?? 0
        let marker = "  over"
        // Bars use the room the table leaves; on a terminal too narrow for them there are none.
        let room = width - tableWidth - 2 - (bars.contains { $0.over } ? marker.count : 0)
        let barWidth = room >= 4 ? room : 0
        let largest = bars.map(\.value).max() ?? 0
        var drawnBars = Bar.Drawer(largest: largest, width: barWidth)
        // Built as bytes and made text once: a summary may have 40,000 rows.
        var output: [UInt8] = []
        output.reserveCapacity(lines.buffer.count + lines.count * 8)
        output.append(contentsOf: painter.paint(lines.text(0), .bold).utf8)
        output.append(UInt8(ascii: "\n"))
        for (index, bar) in zip(1..<lines.count, bars) {
            let drawn = drawnBars.bar(bar.value)
            output.append(contentsOf: lines.bytes(index))
            if !drawn.isEmpty || bar.over {
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: tableWidth - lines.widths[index]))
                if !drawn.isEmpty {
                    output.append(contentsOf: "  ".utf8)
                    output.append(contentsOf: painter.paint(drawn, bar.over ? .red : .green).utf8)
                }
                if bar.over { output.append(contentsOf: painter.paint(marker, .red).utf8) }
            }
            output.append(UInt8(ascii: "\n"))
        }
        return String(joinedUTF8: output)
    }

    /// `part` as a share of `total`, empty when either is negative (`Percent.share`).
    func percent(_ part: Int, of total: Int) -> String {
        Percent.share(part, of: total).map { $0.description + "%" } ?? ""
    }

    /// `Filters: category food (expenses only), tag trip, search "コーヒー"` and a newline, or
    /// nothing when no filter is set.
    var filterLine: String { Self.filterLine(query) }

    /// The filter line of a query, for every report that takes `list`'s filters.
    static func filterLine(_ query: RecordQuery) -> String {
        var parts: [String] = []
        if !query.categories.isEmpty {
            parts.append(
                "category " + query.categories.sorted().map(TerminalText.escaped).joined(separator: " or ")
                    + " (expenses only)")
        }
        if !query.tags.isEmpty {
            parts.append("tag " + Tags(query.tags).sorted.map(TerminalText.escaped).joined(separator: " or "))
        }
        if let search = query.search, !search.isEmpty { parts.append("search \"\(TerminalText.escaped(search))\"") }
        return parts.isEmpty ? "" : "Filters: " + parts.joined(separator: ", ") + "\n"
    }

    // MARK: Machine formats

    private var delimitedHeader: [String] {
        switch grouping {
        case .category:
            return [
                "kind", "name", "amount", "share", "limit", "remaining", "used", "carried_in", "available", "per",
                "limit_spent",
            ]
        case .month: return ["month", "income", "expenses", "balance"]
        case .income: return ["kind", "name", "amount", "share"]
        case .tag: return ["kind", "name", "expenses", "amount", "share"]
        }
    }

    private var delimitedRows: [[String]] {
        switch grouping {
        case .category:
            let blank = Array(repeating: "", count: 8)
            let totals = [["total", "income", money.plain(summary.income)] + blank,
                          ["total", "expenses", money.plain(summary.expenses)] + blank,
                          ["total", "balance", money.plain(summary.balance)] + blank]
            let categories = summary.categories.map { row in
                ["category", row.category, money.plain(row.spent),
                 (Percent.share(row.spent, of: summary.expenses)?.description ?? "")] + delimitedLimit(row.limitStatus)
            }
            let total = summary.totalLimit.map {
                [["total-limit", "expenses", money.plain(summary.expenses), ""] + delimitedLimit($0)]
            } ?? []
            return totals + categories + total
        case .month:
            return summary.months.map {
                [$0.month, money.plain($0.income), money.plain($0.expenses), money.plain($0.balance)]
            }
                + [["total", money.plain(summary.income), money.plain(summary.expenses), money.plain(summary.balance)]]
        case .income:
            return [["total", "income", money.plain(summary.income), ""]] + summary.incomeSources.map {
                ["source", $0.name, money.plain($0.received), Percent($0.received, of: summary.income).description]
            }
        case .tag:
            return [["total", "expenses", "", money.plain(summary.expenses), ""]] + summary.tags.map {
                ["tag", $0.tag, String($0.count), money.plain($0.spent),
                 (Percent.share($0.spent, of: summary.expenses)?.description ?? "")]
            }
        }
    }

    /// limit, remaining, used, carried_in, available, per, limit_spent (what counts against the
    /// limit: a yearly limit's year to date); empty without a limit.
    private func delimitedLimit(_ status: LimitStatus?) -> [String] {
        guard let status else { return Array(repeating: "", count: 7) }
        return [money.plain(status.base), money.plain(status.remaining),
                status.available > 0 && status.spent >= 0
                    ? Percent(status.spent, of: status.available).description : "",
                money.plain(status.carriedIn), money.plain(status.available), status.limit.per.rawValue,
                money.plain(status.spent)]
    }

    /// A limit's members in json, `null` without a limit.
    private func jsonLimit(_ status: LimitStatus?) -> [(String, JSONValue)] {
        [("limit", status.map { .int($0.base) } ?? .null), ("remaining", status.map { .int($0.remaining) } ?? .null),
         ("used", status.flatMap {
             $0.available > 0 && $0.spent >= 0 ? .string(Percent($0.spent, of: $0.available).description) : nil
         } ?? .null),
         ("carried_in", status.map { .int($0.carriedIn) } ?? .null),
         ("available", status.map { .int($0.available) } ?? .null),
         ("per", status.map { .string($0.limit.per.rawValue) } ?? .null),
         ("rollover", status.map { .string($0.limit.rollover.rawValue) } ?? .null),
         ("limit_spent", status.map { .int($0.spent) } ?? .null)]
    }

    private var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("from", summary.period.from.map { .string($0.iso) } ?? .null),
            ("to", summary.period.to.map { .string($0.iso) } ?? .null),
            ("currency", money.currency.map { .string($0.code) } ?? .null),
            ("income", .int(summary.income)), ("expenses", .int(summary.expenses)), ("balance", .int(summary.balance)),
            ("savings_rate", summary.savingsRate.map { .string($0.description) } ?? .null),
        ]
        switch grouping {
        case .category:
            members.append(("categories", .array(summary.categories.map { row in
                .object([("category", .string(row.category)), ("spent", .int(row.spent)),
                         ("share",
                          Percent.share(row.spent, of: summary.expenses).map { .string($0.description) } ?? .null)]
                        + jsonLimit(row.limitStatus) + [("over", .bool(row.isOver))])
            })))
            let totalLimit = summary.totalLimit.map { JSONValue.object(jsonLimit($0) + [("over", .bool($0.isOver))]) }
            members.append(("total_limit", totalLimit ?? .null))
        case .month:
            members.append(("months", .array(summary.months.map { row in
                .object([("month", .string(row.month)), ("from", .string((row.days.from ?? row.period.start).iso)),
                         ("to", .string((row.days.to ?? row.period.end).iso)),
                         ("income", .int(row.income)), ("expenses", .int(row.expenses)),
                         ("balance", .int(row.balance))])
            })))
        case .income:
            members.append(("sources", .array(summary.incomeSources.map {
                .object([("name", .string($0.name)), ("received", .int($0.received)),
                         ("share", .string(Percent($0.received, of: summary.income).description))])
            })))
        case .tag:
            // An expense counts under each of its tags: the rows can add up to more than "expenses".
            members.append(("tags", .array(summary.tags.map {
                .object([("tag", .string($0.tag)), ("expenses", .int($0.count)), ("spent", .int($0.spent)),
                         ("share",
                          Percent.share($0.spent, of: summary.expenses).map { .string($0.description) } ?? .null)])
            })))
        }
        return .object(members)
    }
}
