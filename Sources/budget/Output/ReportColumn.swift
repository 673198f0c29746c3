import BudgetCore

/// One column of a report, declared once: its table title and alignment, its key (the TSV and
/// CSV header and the JSON member name) and how a row fills it. `ReportTable` renders a list of
/// rows in every `--format` from these declarations.
struct ReportColumn<Row> {
    /// A cell's value; the format decides how it is written.
    enum Cell {
        /// Text: escaped in tables (control characters), TSV (`\t` `\n` `\r` `\\`) and CSV
        /// (quoted); a JSON string.
        case text(String)
        /// Text that may be absent: empty in tables, TSV and CSV; JSON `null`.
        case optionalText(String?)
        /// A whole number (a count): JSON number.
        case number(Int)
        /// An amount in the currency's minor unit: `MoneyFormat.display` in tables (with the
        /// symbol and grouping), `MoneyFormat.plain` in TSV and CSV, the minor units in JSON;
        /// when absent empty, or JSON `null`.
        case amount(Int?)
    }

    /// The header in tables (`CATEGORY`); nil when tables leave the column out.
    var title: String?
    /// The header in TSV and CSV and the member name in JSON (`category`).
    var key: String
    /// How a table aligns the column.
    var alignment: TextTable.Alignment
    /// Whether TSV and CSV have the column.
    var delimited = true
    /// Whether JSON has the column.
    var json = true
    /// The row's cell, for every format (`tableCell` may differ for tables).
    var cell: (Row, MoneyFormat) -> Cell
    /// The row's cell in tables, when it says more than `cell` (a limit "a year").
    var tableCell: ((Row, MoneyFormat) -> Cell)? = nil

    /// A text column, left-aligned.
    static func text(_ title: String?, key: String, _ value: @escaping (Row) -> String) -> Self {
        Self(title: title, key: key, alignment: .left) { row, _ in .text(value(row)) }
    }

    /// A text column that may be empty (`null` in JSON), left-aligned.
    static func optionalText(_ title: String?, key: String, _ value: @escaping (Row) -> String?) -> Self {
        Self(title: title, key: key, alignment: .left) { row, _ in .optionalText(value(row)) }
    }

    /// A count, right-aligned.
    static func number(_ title: String?, key: String, _ value: @escaping (Row) -> Int) -> Self {
        Self(title: title, key: key, alignment: .right) { row, _ in .number(value(row)) }
    }

    /// An amount (absent: empty, or `null` in JSON), right-aligned.
    static func amount(_ title: String?, key: String, _ value: @escaping (Row) -> Int?) -> Self {
        Self(title: title, key: key, alignment: .right) { row, _ in .amount(value(row)) }
    }

    /// A part of a whole (`Percent`), right-aligned: `44.3%` in tables as the summary shows it,
    /// `44.3` in TSV, CSV and JSON; empty (`null`) when there is none.
    static func percent(_ title: String?, key: String, _ value: @escaping (Row) -> Percent?) -> Self {
        Self(title: title, key: key, alignment: .right) { row, _ in .optionalText(value(row)?.description) }
            .inTables { row, _ in value(row).map { $0.description + "%" } ?? "" }
    }

    /// JSON's `currency` member after the others: the currency's code, or `null` when none is
    /// set (a plain number then counts whole units).
    static var currency: Self {
        Self(title: nil, key: "currency", alignment: .left, delimited: false) { _, money in
            .optionalText(money.currency?.code)
        }
    }

    /// The column with another cell in tables, keeping its alignment.
    func inTables(_ cell: @escaping (Row, MoneyFormat) -> String) -> Self {
        var column = self
        column.tableCell = { row, money in .text(cell(row, money)) }
        return column
    }
}
