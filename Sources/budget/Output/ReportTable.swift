import BudgetCore

/// A report's rows in a `--format` (table, tsv, csv or json), from its columns' declarations:
/// the table's titles, the TSV/CSV header and the JSON keys all come from `columns`.
struct ReportTable<Row> {
    var columns: [ReportColumn<Row>]
    /// Lines under a table's rows (a total), from all the rows; tables only.
    var footers: ([Row]) -> [TextTable.Footer] = { _ in [] }

    init(_ columns: [ReportColumn<Row>], footers: @escaping ([Row]) -> [TextTable.Footer] = { _ in [] }) {
        self.columns = columns
        self.footers = footers
    }

    /// The rows as `format` writes them. `includeHeader` (`--no-header`) drops the TSV and CSV
    /// header line; a table always has its titles.
    func render(
        _ rows: [Row], as format: OutputFormat, includeHeader: Bool = true, money: MoneyFormat,
        painter: Painter = .plain
    ) -> String {
        switch format {
        case .json: return json(rows, money: money).outputText
        case .tsv, .csv:
            return delimited(rows, dialect: format == .csv ? .csv : .tsv, includeHeader: includeHeader, money: money)
        case .table, .ids: return table(rows, money: money, painter: painter)
        }
    }

    /// The rows as a JSON array of objects, one member per column.
    func json(_ rows: [Row], money: MoneyFormat) -> JSONValue {
        let shown = columns.filter(\.json)
        return .array(rows.map { row in
            .object(shown.map { column in
                switch column.cell(row, money) {
                case .text(let text): return (column.key, .string(text))
                case .optionalText(let text): return (column.key, text.map(JSONValue.string) ?? .null)
                case .number(let number): return (column.key, .int(number))
                case .amount(let amount): return (column.key, amount.map(JSONValue.int) ?? .null)
                }
            })
        })
    }

    private func delimited(
        _ rows: [Row], dialect: DelimitedWriter.Dialect, includeHeader: Bool, money: MoneyFormat
    ) -> String {
        let shown = columns.filter(\.delimited)
        var writer = DelimitedWriter(dialect)
        if includeHeader { writer.row(shown.map(\.key)) }
        for row in rows {
            for column in shown {
                switch column.cell(row, money) {
                case .text(let text): writer.field(text)
                case .optionalText(let text): writer.field(text ?? "")
                case .number(let number): writer.field(number)
                case .amount(let amount?): writer.field(amount, money)
                case .amount(nil): writer.emptyField()
                }
            }
            writer.endRow()
        }
        return writer.text
    }

    private func table(_ rows: [Row], money: MoneyFormat, painter: Painter) -> String {
        let shown = columns.filter { $0.title != nil }
        var table = TextTable(columns: shown.map { .init(title: $0.title ?? "", alignment: $0.alignment) })
        table.rows = rows.map { row in
            shown.map { column in
                switch (column.tableCell ?? column.cell)(row, money) {
                case .text(let text): return Self.escapingControls(text)
                case .optionalText(let text): return Self.escapingControls(text ?? "")
                case .number(let number): return String(number)
                case .amount(let amount): return amount.map(money.display) ?? ""
                }
            }
        }
        table.footers = footers(rows)
        return table.render(painter: painter)
    }

    /// A table's text cell: a control character (C0, DEL, C1, line and paragraph separators)
    /// cannot break the row or drive the terminal, written `\t`, `\n`, `\r` or `\u{1B}`;
    /// other text, a backslash included, as it is. Names and categories, which the data file
    /// holds without controls, so show exactly as they always did in tables.
    static func escapingControls(_ text: String) -> String {
        TerminalText.escaped(text, where: isControl)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
