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

    /// Writes one record on its own: a vertical `field  value` list as a table, a single object
    /// as JSON, else as a listing of one.
    func writeSingle(_ row: RecordRow, to output: any TextOutput) throws {
        switch format {
        case .table:
            var table = TextTable(columns: [.init(title: "FIELD", alignment: .left), .init(title: "VALUE", alignment: .left)])
            table.rows = zip(selection.fieldNames, fields(of: row, forPeople: true)).map { [$0, $1] }
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
        var writer = DelimitedWriter(dialect, capacity: 64 + rows.count * 80)
        if includeHeader { writer.row(selection.fieldNames) }
        for row in rows {
            if selection.showsKind { writer.field(row.kind.singular) }
            writer.field(row.id)
            writer.field(row.order)
            writer.field(row.date)
            writer.field(row.name)
            if selection.hasCategory { writer.field(row.category ?? "") }
            writer.field(row.amount, money)
            writer.field(row.note ?? "")
            writer.endRow()
        }
        return writer
    }

    private func fields(of row: RecordRow, forPeople: Bool) -> [String] {
        var fields: [String] = []
        if selection.showsKind { fields.append(row.kind.singular) }
        fields += [row.id, String(row.order), forPeople ? dateFormat.format(row.date) : row.date.iso, row.name]
        if selection.hasCategory { fields.append(row.category ?? "") }
        fields.append(forPeople ? money.display(row.amount) : money.plain(row.amount))
        fields.append(forPeople ? DelimitedText.escapeTSV(row.note ?? "") : row.note ?? "")
        return fields
    }

    private func jsonObject(_ row: RecordRow) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if selection.showsKind { members.append(("kind", .string(row.kind.singular))) }
        members += [("id", .string(row.id)), ("order", .int(row.order)), ("date", .string(row.date.iso)), ("name", .string(row.name))]
        if selection.hasCategory { members.append(("category", row.category.map(JSONValue.string) ?? .null)) }
        members.append(("amount", .int(row.amount)))
        members.append(("currency", money.currency.map { JSONValue.string($0.code) } ?? .null))
        members.append(("note", row.note.map(JSONValue.string) ?? .null))
        return .object(members)
    }

    private func table(_ rows: [RecordRow]) throws -> String {
        let titles = selection.fieldNames.map { $0 == "order" ? "#" : $0.uppercased() }
        var table = TextTable(columns: titles.map { title in
            TextTable.Column(title: title, alignment: title == "AMOUNT" || title == "#" ? .right : .left)
        })
        table.rows = rows.map { fields(of: $0, forPeople: true) }
        let amountColumn = titles.count - 2
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
