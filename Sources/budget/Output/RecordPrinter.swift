import BudgetCore

/// Writes record rows in an `OutputFormat`.
struct RecordPrinter {
    var selection: RecordSelection
    var format: OutputFormat
    var includeHeader = true
    /// How amounts are shown (tables) and written (machine formats).
    var money = MoneyFormat(currency: nil)
    /// How tables show dates.
    var dateFormat = DateFormat.iso
    var painter = Painter.plain
    /// TSV and CSV for a spreadsheet: CRLF, formulas guarded (`DelimitedWriter.forSpreadsheet`).
    var forSpreadsheet = false

    /// A printer using a budget's currency, date format and colour.
    init(selection: RecordSelection, format: OutputFormat, includeHeader: Bool, document: BudgetDocument, painter: Painter) {
        self.selection = selection
        self.format = format
        self.includeHeader = includeHeader
        self.money = document.moneyFormat
        self.dateFormat = document[settings: DisplayKeys.self][DisplayKeys.dateFormat]
        self.painter = painter
    }

    /// Writes the whole output for a listing; TSV, CSV and JSON go out as bytes, without one
    /// big string.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a table's total does not fit in 64 bits.
    func write(_ rows: [RecordRow], to output: any TextOutput) throws {
        switch format {
        case .table:
            output.write(try table(rows))
        case .ids:
            // Both kinds share ID numbers, so a listing of both names each record with its kind.
            output.write(rows.map { (selection.showsKind ? RecordReference(kind: $0.kind, id: $0.id).description : $0.id) + "\n" }.joined())
        case .tsv, .csv:
            let writer = delimited(rows, format == .tsv ? .tsv : .csv)
            writer.buffer.withBytes { output.write(bytes: $0) }
        case .json:
            // The array an element at a time, through one buffer: no tree of 100,000 objects.
            let serializer = JSONSerializer(style: .standard)
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            bytes.reserveCapacity(1 << 20)
            for (index, row) in rows.enumerated() {
                bytes.append(contentsOf: (index == 0 ? "\n  " : ",\n  ").utf8)
                serializer.write(jsonObject(row), indent: 2, into: &bytes)
                if bytes.count >= 1 << 20 {
                    bytes.withUnsafeBufferPointer { output.write(bytes: $0) }
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            bytes.append(contentsOf: (rows.isEmpty ? "]\n" : "\n]\n").utf8)
            bytes.withUnsafeBufferPointer { output.write(bytes: $0) }
        }
    }

    /// A TSV or CSV listing's UTF-8 bytes, for an export that converts them before writing.
    func delimitedBytes(_ rows: [RecordRow]) -> [UInt8] {
        delimited(rows, format == .tsv ? .tsv : .csv).buffer.withBytes { Array($0) }
    }

    /// Writes one record on its own: a vertical `field  value` list as a table, a single object
    /// as JSON, else as a listing of one.
    func writeSingle(_ row: RecordRow, to output: any TextOutput) throws {
        switch format {
        case .table:
            var table = TextTable(columns: [.init(title: "FIELD", alignment: .left), .init(title: "VALUE", alignment: .left)])
            let columns = tableColumns([row], details: true)
            let names = (selection.showsKind ? ["kind"] : []) + columns.map(\.key)
            let cells = (selection.showsKind ? [row.kind.singular] : []) + fields(of: row, forPeople: true, columns: columns)
            table.rows = zip(names, cells).map { [$0, $1] }
            let lines = table.render().split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            output.write(lines.joined(separator: "\n"))
        case .json:
            output.write(jsonObject(row).outputText)
        default:
            try write([row], to: output)
        }
    }

    // MARK: Formats

    /// Rows for machine formats, written field by field into one buffer (this is the hot path
    /// of `list --format tsv` on a large file).
    private func delimited(_ rows: [RecordRow], _ dialect: DelimitedWriter.Dialect) -> DelimitedWriter {
        var writer = DelimitedWriter(dialect, capacity: 64 + rows.count * 80, forSpreadsheet: forSpreadsheet)
        if includeHeader { writer.row(selection.fieldNames) }
        let columns = selection.columns
        // Each row's record is unpacked once, and its fields read from it in place: reading a
        // column from the row would copy the record (and retain its strings) for every cell.
        let incomeFields = columns.map { $0.income.map(Unmanaged.passUnretained) }
        let expenseFields = columns.map { $0.expense.map(Unmanaged.passUnretained) }
        for row in rows {
            if selection.showsKind { writer.field(row.kind.singular) }
            switch row.record {
            case .income(let income):
                for field in incomeFields { write(field?._withUnsafeGuaranteedRef { $0.value(income) }, to: &writer) }
            case .expense(let expense):
                for field in expenseFields { write(field?._withUnsafeGuaranteedRef { $0.value(expense) }, to: &writer) }
            }
            writer.endRow()
        }
        return writer
    }

    private func write(_ value: FieldValue?, to writer: inout DelimitedWriter) {
        switch value {
        case .text(let text)?: writer.field(text)
        case .optionalText(let text)?: writer.field(text ?? "")
        case .number(let number)?: writer.field(number)
        case .amount(let amount)?: writer.field(amount, money)
        case .day(let day)?: writer.field(day)
        case .tags(let tags)?: writer.field(tags.joined)
        case nil: writer.field("")
        }
    }

    /// The columns a table shows, as the fields' declarations say (`RecordField.Listing`): a
    /// column shown only when some row has a value is left out when none has (people need not
    /// see an empty column), and one for details only is left out of tables of many records
    /// unless `details`. Machine formats always have every column.
    private func tableColumns(_ rows: [RecordRow], details: Bool = false) -> [RecordColumn] {
        selection.columns.filter { column in
            switch column.listing {
            case .always: return true
            case .detailsOnly where details: return rows.contains { column.value(of: $0)?.isEmpty == false }
            case .detailsOnly: return false
            case .whenAnyHasValue: return rows.contains { column.value(of: $0)?.isEmpty == false }
            }
        }
    }

    /// Records that do not exist yet (an import's `--dry-run`): a table without IDs,
    /// positions or totals.
    func preview(_ rows: [RecordRow]) -> String {
        let columns = tableColumns(rows).filter { $0.key != "id" && $0.key != "order" }
        let kind = selection.showsKind ? [TextTable.Column(title: "KIND", alignment: .left)] : []
        var table = TextTable(columns: kind + columns.map { TextTable.Column(title: $0.key.uppercased(), alignment: $0.isNumeric ? .right : .left) })
        table.rows = rows.map { row in (selection.showsKind ? [row.kind.singular] : []) + fields(of: row, forPeople: true, columns: columns) }
        return table.render()
    }

    private func fields(of row: RecordRow, forPeople: Bool) -> [String] {
        (selection.showsKind ? [row.kind.singular] : []) + fields(of: row, forPeople: forPeople, columns: selection.columns)
    }

    private func fields(of row: RecordRow, forPeople: Bool, columns: [RecordColumn]) -> [String] {
        var fields: [String] = []
        for column in columns {
            switch column.value(of: row) {
            case .text(let text)?: fields.append(text)
            case .optionalText(let text)?: fields.append(forPeople ? DelimitedText.escapeTSV(text ?? "") : text ?? "")
            case .number(let number)?: fields.append(String(number))
            case .amount(let amount)?: fields.append(forPeople ? money.display(amount) : money.plain(amount))
            case .day(let day)?: fields.append(forPeople ? dateFormat.format(day) : day.iso)
            case .tags(let tags)?: fields.append(forPeople ? tags.sorted.joined(separator: " ") : tags.joined)
            case nil: fields.append("")
            }
        }
        return fields
    }

    private func jsonObject(_ row: RecordRow) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if selection.showsKind { members.append(("kind", .string(row.kind.singular))) }
        for column in selection.columns {
            switch column.value(of: row) {
            case .text(let text)?: members.append((column.key, .string(text)))
            case .optionalText(let text)?: members.append((column.key, text.map(JSONValue.string) ?? .null))
            case .number(let number)?: members.append((column.key, .int(number)))
            case .amount(let amount)?:
                members.append((column.key, .int(amount)))
                members.append(("currency", money.currency.map { JSONValue.string($0.code) } ?? .null))
            case .day(let day)?: members.append((column.key, .string(day.iso)))
            case .tags(let tags)?: members.append((column.key, .array(tags.sorted.map(JSONValue.string))))
            case nil: members.append((column.key, .null))
            }
        }
        return .object(members)
    }

    private func table(_ rows: [RecordRow]) throws -> String {
        let columns = tableColumns(rows)
        var table = TextTable(columns: (selection.showsKind ? [TextTable.Column(title: "KIND", alignment: .left)] : []) + columns.map { column in
            TextTable.Column(title: column.key == "order" ? "#" : column.key.uppercased(), alignment: column.isNumeric ? .right : .left)
        })
        table.rows = rows.map { (selection.showsKind ? [$0.kind.singular] : []) + fields(of: $0, forPeople: true, columns: columns) }
        let amountColumn = (selection.showsKind ? 1 : 0) + (columns.firstIndex { $0.key == "amount" } ?? 0)
        let incomes = rows.lazy.filter { $0.kind == .income }.map(\.amount)
        let expenses = rows.lazy.filter { $0.kind == .expense }.map(\.amount)
        let totals = try RecordTotals(incomeAmounts: incomes, expenseAmounts: expenses)
        if selection.showsKind {
            table.footers = [
                .init(label: "Income", value: money.display(totals.income), column: amountColumn),
                .init(label: "Expenses", value: money.display(totals.expenses), column: amountColumn),
                .init(label: "Balance", value: money.display(totals.balance), column: amountColumn),
            ]
        } else {
            let label = "Total (\(rows.count) \(rows.count == 1 ? String(selection.noun.dropLast()) : selection.noun))"
            let total = selection == .only(.income) ? totals.income : totals.expenses
            table.footers = [.init(label: label, value: money.display(total), column: amountColumn)]
        }
        return table.render(painter: painter)
    }
}
