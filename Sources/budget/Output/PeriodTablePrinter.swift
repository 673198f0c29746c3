import BudgetCore

/// Writes a `PeriodTable` (`summary --per`): for people, the rows over the most recent periods
/// that fit the terminal, with the total, the average and a sparkline; as tsv, csv or json,
/// every period.
struct PeriodTablePrinter {
    let table: PeriodTable
    let format: OutputFormat
    let includeHeader: Bool
    let money: MoneyFormat
    /// How the table's title, month columns and notes show dates; machine formats keep ISO.
    let dateFormat: DateFormat
    let painter: Painter
    /// Columns available for a line of the table.
    let width: Int
    /// The filters the rows were selected by, named under the title.
    var query = RecordQuery()

    func render() -> String {
        switch format {
        case .json: return json.outputText
        case .tsv: return DelimitedText.tsv((includeHeader ? [delimitedHeader] : []) + delimitedRows)
        case .csv: return DelimitedText.csv((includeHeader ? [delimitedHeader] : []) + delimitedRows)
        default: return text
        }
    }

    // MARK: Table

    /// `▁` for the smallest amounts of a row up to `█` for its largest; a space for a period
    /// with nothing (or less), so that a gap never reads as a small amount.
    static func sparkline(_ amounts: some Collection<Int>) -> String {
        let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let largest = amounts.max() ?? 0
        return String(amounts.map { amount -> Character in
            guard amount > 0 else { return " " }
            // Eighths of the largest, rounded half up (at least one): exact in 128 bits.
            let level = (Int128(amount) * 16 + Int128(largest)) / (Int128(largest) * 2)
            return blocks[Int(min(max(level, 1), 8)) - 1]
        })
    }

    private var unitName: String { table.unit.rawValue }

    private var title: String {
        let what: String
        switch table.grouping {
        case .category: what = "Expenses per \(unitName) by category"
        case .tag: what = "Expenses per \(unitName) by tag"
        case .income: what = "Income per \(unitName) by source"
        }
        return "\(what), \(dateFormat.describe(table.period))"
    }

    private var rowTitle: String {
        switch table.grouping {
        case .category: return "CATEGORY"
        case .tag: return "TAG"
        case .income: return "SOURCE"
        }
    }

    /// A column's heading: the period's name (a month in the date format), `*` when partial.
    private func heading(_ period: PeriodTable.Period) -> String {
        (table.unit == .month ? dateFormat.formatMonth(period.name) : period.name) + (period.isPartial ? "*" : "")
    }

    private var text: String {
        var output = painter.paint(title, .bold) + "\n" + SummaryPrinter.filterLine(query) + "\n"
        guard !table.rows.isEmpty else {
            switch table.grouping {
            case .category: return output + "No expenses in this period.\n"
            case .tag: return output + "No tagged expenses in this period.\n"
            case .income: return output + "No income in this period.\n"
            }
        }
        let allRows = table.rows + [table.total]
        let labels = table.rows.map(\.name) + ["Total"]
        let totals = allRows.map { money.display($0.total) }
        let averages = allRows.map { money.display($0.average.rounded) }
        func widest(_ texts: [String]) -> Int { texts.map(DisplayWidth.of).max() ?? 0 }
        let fixed = widest([rowTitle] + labels) + 2 + widest(["TOTAL"] + totals) + 2 + widest(["AVERAGE"] + averages)
        // The most recent periods that fit (at least one), each column as wide as its widest cell,
        // and the sparkline's cell per period.
        var shown: [(heading: String, cells: [String])] = []
        var used = fixed
        for index in table.periods.indices.reversed() {
            let heading = heading(table.periods[index])
            let cells = allRows.map { money.display($0.amounts[index]) }
            let columnWidth = widest([heading] + cells)
            let trend = 2 + max(DisplayWidth.of("TREND"), shown.count + 1)
            if !shown.isEmpty && used + 2 + columnWidth + trend > width { break }
            used += 2 + columnWidth
            shown.insert((heading, cells), at: 0)
        }
        let first = table.periods.count - shown.count
        var columns = [TextTable.Column(title: rowTitle, alignment: .left)]
        columns += shown.map { TextTable.Column(title: $0.heading, alignment: .right) }
        columns += [
            .init(title: "TOTAL", alignment: .right), .init(title: "AVERAGE", alignment: .right),
            .init(title: "TREND", alignment: .left),
        ]
        var textTable = TextTable(columns: columns)
        textTable.rows = allRows.indices.map { row in
            [labels[row]] + shown.map { $0.cells[row] }
                + [totals[row], averages[row], Self.sparkline(allRows[row].amounts[first...])]
        }
        let lines = textTable.render().split(separator: "\n").map(String.init)
        for (number, line) in lines.enumerated() {
            output += (number == 0 || number == lines.count - 1 ? painter.paint(line, .bold) : line) + "\n"
        }
        return output + notes(first: first)
    }

    /// What the table does not say by itself: periods left out, partial periods, overlapping tags.
    private func notes(first: Int) -> String {
        var notes: [String] = []
        if first > 0 {
            let leftOut = first == 1 ? "1 earlier \(unitName)" : "\(first) earlier \(unitName)s"
            notes.append("\(leftOut) not shown; TOTAL and AVERAGE include \(first == 1 ? "it" : "them").")
        }
        for period in table.periods[first...] where period.isPartial {
            let days = period.days.from == period.days.to ? period.days.from.map(dateFormat.format) : nil
            notes.append("\(heading(period)) covers only \(days ?? dateFormat.describe(period.days)).")
        }
        if table.grouping == .tag {
            notes.append("An expense counts under each of its tags; Total counts it once.")
        }
        return notes.isEmpty ? "" : "\n" + notes.map { $0 + "\n" }.joined()
    }

    // MARK: Machine formats

    /// `kind, name, <period names>…, total, average`.
    private var delimitedHeader: [String] {
        ["kind", "name"] + table.periods.map(\.name) + ["total", "average"]
    }

    private var rowKind: String {
        switch table.grouping {
        case .category: return "category"
        case .tag: return "tag"
        case .income: return "source"
        }
    }

    /// The total row's name: what it counts.
    private var totalName: String {
        switch table.grouping {
        case .category: return "expenses"
        case .tag: return "tagged expenses"
        case .income: return "income"
        }
    }

    private var delimitedRows: [[String]] {
        func cells(_ row: PeriodTable.Row) -> [String] {
            row.amounts.map(money.plain) + [money.plain(row.total), money.plain(row.average.rounded)]
        }
        return table.rows.map { [rowKind, $0.name] + cells($0) } + [["total", totalName] + cells(table.total)]
    }

    private var json: JSONValue {
        func row(_ row: PeriodTable.Row, name: String) -> JSONValue {
            let average = row.average
            return .object([
                ("name", .string(name)), ("amounts", .array(row.amounts.map(JSONValue.int))),
                ("total", .int(row.total)),
                // Exact: the average is numerator / denominator; only tables round it. Without a
                // period there is no average.
                ("average",
                 average.periods > 0
                    ? .object([("numerator", .int(average.total)), ("denominator", .int(average.periods))]) : .null),
            ])
        }
        return .object([
            ("by", .string(table.grouping.rawValue)), ("per", .string(table.unit.rawValue)),
            ("from", table.period.from.map { .string($0.iso) } ?? .null),
            ("to", table.period.to.map { .string($0.iso) } ?? .null),
            ("currency", money.currency.map { .string($0.code) } ?? .null),
            ("periods", .array(table.periods.map { period in
                .object([("name", .string(period.name)), ("start", .string(period.start.iso)),
                         ("end", .string(period.end.iso)), ("from", .string((period.days.from ?? period.start).iso)),
                         ("to", .string((period.days.to ?? period.end).iso)),
                         ("partial", .bool(period.isPartial))])
            })),
            ("rows", .array(table.rows.map { row($0, name: $0.name) })),
            ("total", row(table.total, name: totalName)),
        ])
    }
}
