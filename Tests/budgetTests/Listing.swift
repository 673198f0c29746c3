import BudgetCore
import XCTest

/// A machine-readable listing (TSV or CSV, as `budget` writes them) read into rows keyed by their
/// columns' names, so that a test reads a value by name and a field added to a record kind
/// (a new column, wherever the schema puts it) changes no test that does not name it.
///
/// Values stay exactly as written (TSV's `\t`/`\n` escapes, CSV's formula guard); only CSV's
/// quoting is undone.
struct Listing: Equatable, CustomStringConvertible {
    /// The column names, in their order.
    var header: [String]
    /// Each row's values by column name.
    var rows: [[String: String]]

    /// Reads TSV. `header`: the column names of a listing written with `--no-header` (else its
    /// first line is the header). Fails the test on a row whose field count is not the header's.
    init(tsv text: String, header: [String]? = nil, file: StaticString = #filePath, line: UInt = #line) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let fields = lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        self.init(fields, header: header, file: file, line: line)
    }

    /// Reads CSV (RFC 4180: quoted fields, doubled quotes, CRLF or LF line ends). `header` as for TSV.
    init(csv text: String, header: [String]? = nil, file: StaticString = #filePath, line: UInt = #line) {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false, wasQuoted = false
        var characters = Array(text.unicodeScalars)[...]
        while let scalar = characters.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if characters.first == "\"" {
                        characters.removeFirst()
                        field.unicodeScalars.append(scalar)
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" && field.isEmpty && !wasQuoted {
                quoted = true
                wasQuoted = true
            } else if scalar == "," {
                record.append(field)
                field = ""
                wasQuoted = false
            } else if scalar == "\r" && characters.first == "\n" || scalar == "\n" {
                if scalar == "\r" { characters.removeFirst() }
                record.append(field)
                records.append(record)
                record = []
                field = ""
                wasQuoted = false
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !record.isEmpty || wasQuoted {
            record.append(field)
            records.append(record)
        }
        self.init(records, header: header, file: file, line: line)
    }

    private init(_ records: [[String]], header: [String]?, file: StaticString, line: UInt) {
        var records = records[...]
        let names = header ?? records.popFirst() ?? []
        self.header = names
        rows = records.enumerated().map { number, values in
            XCTAssertEqual(values.count, names.count,
                           "row \(number + 1) has \(values.count) fields, the header \(names.count): \(values)",
                           file: file, line: line)
            return Dictionary(zip(names, values), uniquingKeysWith: { first, _ in first })
        }
    }

    /// `expected` as the rows would be if every column a row of it leaves out were empty: what
    /// a test compares `rows` with, naming only the values that are not empty. Every value is
    /// still checked (a column left out must be empty), and a name that is not a column stays
    /// in, so that the comparison fails on it.
    func blankFilled(_ expected: [[String: String]]) -> [[String: String]] {
        expected.map { row in
            var filled = row
            for name in header where filled[name] == nil { filled[name] = "" }
            return filled
        }
    }

    /// The values of one column, row by row (`""` where a row has no such column).
    func column(_ name: String) -> [String] {
        rows.map { $0[name] ?? "" }
    }

    var description: String {
        let lines = rows.map { row in header.map { "\($0)=\(row[$0] ?? "")" }.joined(separator: " ") }
        return "\(header)\n" + lines.joined(separator: "\n")
    }
}

/// The columns of record listings in the machine formats (TSV, CSV, JSON), derived from the
/// record schemas as `RecordColumn` derives them: every field of the kinds listed, expense
/// fields first, then those only incomes have; `list all` puts `kind` first.
enum ListingColumns {
    /// The fields a budget lists only once it uses them (`BudgetDocument.unusedFields`): the
    /// budgets of these tests have no accounts and no members.
    static let unused: Set<String> = ["account", "paid_by", "split", "parts"]
    static let expenses = Expense.schema.fields.map(\.key).filter { !unused.contains($0) }
    static let incomes = Income.schema.fields.map(\.key).filter { !unused.contains($0) }
    static let all = ["kind"] + expenses + incomes.filter { !expenses.contains($0) }

    /// The columns of `list <which>`: `all`, `incomes` or `expenses`.
    static func of(_ which: String) -> [String] {
        which == "all" ? all : which == "incomes" ? incomes : expenses
    }

    /// The exact text of a listing with these columns, for a test of the format's bytes: the
    /// header line (unless `header` is false), then a line per row, each column's value from the
    /// row by name and empty where the row names none, values as `budget` writes them (escaped,
    /// quoted). A name that is not a column is written as `<not a column: name>`, so that the
    /// comparison fails on it. TSV ends lines with `"\n"`, CSV with `"\r\n"`.
    static func text(_ columns: [String], _ rows: [[String: String]], csv: Bool = false,
                     header: Bool = true) -> String {
        let separator = csv ? "," : "\t", end = csv ? "\r\n" : "\n"
        var lines = header ? [columns.joined(separator: separator)] : []
        for row in rows {
            var line = columns.map { row[$0] ?? "" }.joined(separator: separator)
            for name in row.keys.sorted() where !columns.contains(name) { line += "<not a column: \(name)>" }
            lines.append(line)
        }
        return lines.map { $0 + end }.joined()
    }
}
