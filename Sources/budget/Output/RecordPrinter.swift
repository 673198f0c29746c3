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
    /// Fields the budget has no use for yet (`BudgetDocument.unusedFields`): no column.
    var unusedFields: Set<String> = []
    /// Whether a table ends with its totals (an account's records, whose totals say little, do not).
    var showsTotals = true

    /// A printer using a budget's currency, date format and colour.
    init(
        selection: RecordSelection, format: OutputFormat, includeHeader: Bool, document: BudgetDocument,
        painter: Painter
    ) {
        self.selection = selection
        self.format = format
        self.includeHeader = includeHeader
        self.money = document.moneyFormat
        self.dateFormat = document[settings: DisplayKeys.self][DisplayKeys.dateFormat]
        self.painter = painter
        self.unusedFields = document.unusedFields
    }

    /// The columns of the records listed: their kinds' fields, less those the budget does not use.
    private var columns: [RecordColumn] {
        unusedFields.isEmpty ? selection.columns : selection.columns.filter { !unusedFields.contains($0.key) }
    }

    /// The column names of the machine formats, in order.
    private var fieldNames: [String] {
        (selection.showsKind ? ["kind"] : []) + columns.map(\.key)
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
            // The kinds share ID numbers, so a listing of several names each record with its kind.
            output.write(rows.map {
                (selection.showsKind ? RecordReference(kind: $0.kind, id: $0.id).description : $0.id) + "\n"
            }.joined())
        case .tsv, .csv:
            delimited(rows, format == .tsv ? .tsv : .csv, to: output)
        case .json:
            // The array an element at a time, through one buffer: no tree of 100,000 objects.
            let serializer = JSONSerializer(style: .standard)
            let columns = columns
            let keys = columns.map(\.key), fields = ColumnFields(columns)
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            bytes.reserveCapacity(1 << 20)
            for (index, row) in rows.enumerated() {
                bytes.append(contentsOf: (index == 0 ? "\n  " : ",\n  ").utf8)
                serializer.write(jsonObject(row, keys: keys, fields: fields), indent: 2, into: &bytes)
                if bytes.count >= 1 << 20 {
                    ByteView.withBytes(of: bytes) { output.write(bytes: $0) }
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            bytes.append(contentsOf: (rows.isEmpty ? "]\n" : "\n]\n").utf8)
            ByteView.withBytes(of: bytes) { output.write(bytes: $0) }
        }
    }

    /// A TSV or CSV listing's UTF-8 bytes, for an export that converts them before writing.
    func delimitedBytes(_ rows: [RecordRow]) -> [UInt8] {
        var bytes: [UInt8] = []
        delimited(rows, format == .tsv ? .tsv : .csv) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Writes one record on its own: a vertical `field  value` list as a table, a single object
    /// as JSON, else as a listing of one.
    func writeSingle(_ row: RecordRow, to output: any TextOutput) throws {
        switch format {
        case .table:
            var table = TextTable(columns: [
                .init(title: "FIELD", alignment: .left), .init(title: "VALUE", alignment: .left),
            ])
            let columns = tableColumns([row], details: true)
            let names = (selection.showsKind ? ["kind"] : []) + columns.map(\.key)
            let cells = (selection.showsKind ? [row.kind.singular] : [])
                + fields(of: row, forPeople: true, columns: columns)
            table.rows = zip(names, cells).map { [$0, $1] }
            let lines = table.render().split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            output.write(lines.joined(separator: "\n"))
        case .json:
            let columns = columns
            output.write(jsonObject(row, keys: columns.map(\.key), fields: ColumnFields(columns)).outputText)
        default:
            try write([row], to: output)
        }
    }

    // MARK: Formats

    /// Rows for machine formats, written field by field into one buffer handed to `output`
    /// a piece of about a megabyte at a time (this is the hot path of `list --format tsv` on a
    /// large file: a buffer for the whole output would be fresh memory to fault in).
    private func delimited(_ rows: [RecordRow], _ dialect: DelimitedWriter.Dialect, to output: any TextOutput) {
        delimited(rows, dialect) { output.write(bytes: $0) }
    }

    /// `delimited(_:_:to:)`, its pieces handed to `emit`.
    private func delimited(_ rows: [RecordRow], _ dialect: DelimitedWriter.Dialect, emit: (ByteView) -> Void) {
        let pieceSize = 1 << 20
        var writer = DelimitedWriter(
            dialect, capacity: min(64 + rows.count * 80, pieceSize + (64 << 10)), forSpreadsheet: forSpreadsheet)
        if includeHeader { writer.row(fieldNames) }
        let fields = ColumnFields(columns)
        for index in rows.indices {
            if selection.showsKind { writer.field(rows[index].kind.singular) }
            fields.forEachValue(in: rows[index]) { write($0, to: &writer) }
            writer.endRow()
            if writer.buffer.count >= pieceSize {
                writer.buffer.withBytes { emit($0) }
                writer.removeAll()
            }
        }
        writer.buffer.withBytes { emit($0) }
    }

    /// The columns' fields, held unretained, so that a row's cells are read from its record
    /// unpacked once and borrowed: reading a column from the row would copy the record (and
    /// retain its strings) for every cell. (The fields are the kinds' schemas', which live as
    /// long as the process.)
    private struct ColumnFields {
        let income: [Unmanaged<RecordField<Income>>?]
        let expense: [Unmanaged<RecordField<Expense>>?]
        let transfer: [Unmanaged<RecordField<Transfer>>?]

        init(_ columns: [RecordColumn]) {
            income = columns.map { $0.income.map(Unmanaged.passUnretained) }
            expense = columns.map { $0.expense.map(Unmanaged.passUnretained) }
            transfer = columns.map { $0.transfer.map(Unmanaged.passUnretained) }
        }

        /// Calls `body` with the row's value in each column, in order (`nil` where its kind has
        /// no such field).
        @inline(__always)
        func forEachValue(in row: RecordRow, _ body: (FieldValue?) -> Void) {
            switch row.record {
            case .income(let income):
                for field in self.income { body(field?._withUnsafeGuaranteedRef { $0.value(income) }) }
            case .expense(let expense):
                for field in self.expense { body(field?._withUnsafeGuaranteedRef { $0.value(expense) }) }
            case .transfer(let transfer):
                for field in self.transfer { body(field?._withUnsafeGuaranteedRef { $0.value(transfer) }) }
            }
        }
    }

    private func write(_ value: FieldValue?, to writer: inout DelimitedWriter) {
        switch value {
        case .text(let text)?: writer.field(text)
        case .optionalText(let text)?: writer.field(text ?? "")
        case .number(let number)?: writer.field(number)
        case .amount(let amount)?: writer.field(amount, money)
        case .day(let day)?: writer.field(day)
        case .tags(let tags)?: if tags.isEmpty { writer.emptyField() } else { writer.field(tags.joined) }
        case nil: writer.emptyField()
        }
    }

    /// The columns a table shows, as the fields' declarations say (`FieldListing`): a column
    /// shown only when some row has a value is left out when none has (people need not see an
    /// empty column), and one for details only is left out of tables of many records unless
    /// `details`. Machine formats always have every column.
    private func tableColumns(_ rows: [RecordRow], details: Bool = false) -> [RecordColumn] {
        columns.filter { column in
            switch column.listing {
            case .always: return true
            case .detailsOnly where !details: return false
            case .detailsOnly, .whenAnyHasValue:
                let fields = ColumnFields([column])
                for row in rows {
                    var hasValue = false
                    fields.forEachValue(in: row) { value in hasValue = value?.isEmpty == false }
                    if hasValue { return true }
                }
                return false
            }
        }
    }

    /// Records that do not exist yet (an import's `--dry-run`): a table without IDs,
    /// positions or totals.
    func preview(_ rows: [RecordRow]) -> String {
        let columns = tableColumns(rows).filter { $0.key != "id" && $0.key != "order" }
        let kind = selection.showsKind ? [TextTable.Column(title: "KIND", alignment: .left)] : []
        var table = TextTable(columns: kind + columns.map {
            TextTable.Column(title: $0.key.uppercased(), alignment: $0.isNumeric ? .right : .left)
        })
        let fields = ColumnFields(columns)
        table.rows = rows.map {
            self.fields(of: $0, forPeople: true, showingKind: selection.showsKind, columns: fields)
        }
        return table.render()
    }

    private func fields(of row: RecordRow, forPeople: Bool) -> [String] {
        (selection.showsKind ? [row.kind.singular] : [])
            + fields(of: row, forPeople: forPeople, columns: columns)
    }

    private func fields(of row: RecordRow, forPeople: Bool, columns: [RecordColumn]) -> [String] {
        fields(of: row, forPeople: forPeople, showingKind: false, columns: ColumnFields(columns))
    }

    /// The row's cells, after its kind when `showingKind`.
    private func fields(of row: RecordRow, forPeople: Bool, showingKind: Bool, columns: ColumnFields) -> [String] {
        var fields: [String] = []
        fields.reserveCapacity(columns.income.count + 1)
        if showingKind { fields.append(row.kind.singular) }
        columns.forEachValue(in: row) { value in
            switch value {
            case .text(let text)?: fields.append(text)
            case .optionalText(let text)?: fields.append(forPeople ? DelimitedText.escapeTSV(text ?? "") : text ?? "")
            case .number(let number)?: fields.append(String(number))
            // Only an expense's amount is ever negative: a refund, which people see named.
            case .amount(let amount)?:
                fields.append(forPeople ? (amount < 0 ? "refund " : "") + money.display(amount) : money.plain(amount))
            case .day(let day)?: fields.append(forPeople ? dateFormat.format(day) : day.iso)
            case .tags(let tags)?: fields.append(forPeople ? tags.sorted.joined(separator: " ") : tags.joined)
            case nil: fields.append("")
            }
        }
        return fields
    }

    /// The row as a JSON object: its value in each column (`keys`, the columns' keys, read
    /// through `fields`), a currency after the amount.
    private func jsonObject(_ row: RecordRow, keys: [String], fields: ColumnFields) -> JSONValue {
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(keys.count + 2)
        if selection.showsKind { members.append(("kind", .string(row.kind.singular))) }
        var column = 0
        fields.forEachValue(in: row) { value in
            let key = keys[column]
            column += 1
            switch value {
            case .text(let text)?: members.append((key, .string(text)))
            case .optionalText(let text)?: members.append((key, text.map(JSONValue.string) ?? .null))
            case .number(let number)?: members.append((key, .int(number)))
            case .amount(let amount)?:
                members.append((key, .int(amount)))
                members.append(("currency", money.currency.map { JSONValue.string($0.code) } ?? .null))
            case .day(let day)?: members.append((key, .string(day.iso)))
            case .tags(let tags)?: members.append((key, .array(tags.sorted.map(JSONValue.string))))
            case nil: members.append((key, .null))
            }
        }
        return .object(members)
    }

    private func table(_ rows: [RecordRow]) throws -> String {
        let columns = tableColumns(rows)
        let kind = selection.showsKind ? [TextTable.Column(title: "KIND", alignment: .left)] : []
        var table = TextTable(columns: kind + columns.map { column in
            TextTable.Column(
                title: column.key == "order" ? "#" : column.key.uppercased(),
                alignment: column.isNumeric ? .right : .left)
        })
        let fields = ColumnFields(columns)
        var incomes: [Int] = [], expenses: [Int] = [], transfers: [Int] = []
        table.rows.reserveCapacity(rows.count)
        for row in rows {
            table.rows.append(self.fields(of: row, forPeople: true, showingKind: selection.showsKind, columns: fields))
            switch row.record {
            case .income(let income): incomes.append(income.amount)
            case .expense(let expense): expenses.append(expense.amount)
            case .transfer(let transfer): transfers.append(transfer.amount)
            }
        }
        let amountColumn = (selection.showsKind ? 1 : 0) + (columns.firstIndex { $0.key == "amount" } ?? 0)
        let totals = try RecordTotals(incomeAmounts: incomes, expenseAmounts: expenses)
        if !showsTotals {
            table.footers = []
        } else if selection.showsKind {
            table.footers = [
                .init(label: "Income", value: money.display(totals.income), column: amountColumn),
                .init(label: "Expenses", value: money.display(totals.expenses), column: amountColumn),
                .init(label: "Balance", value: money.display(totals.balance), column: amountColumn),
            ]
        } else {
            let refunds = expenses.count { $0 < 0 }, counted = rows.count - refunds
            var label = "Total (\(counted) \(counted == 1 ? String(selection.noun.dropLast()) : selection.noun)"
            if refunds > 0 { label += ", \(refunds) refund\(refunds == 1 ? "" : "s")" }
            label += ")"
            let total = switch selection {
            case .only(.income): totals.income
            case .only(.transfer): try RecordTotals(incomeAmounts: transfers, expenseAmounts: []).income
            default: totals.expenses
            }
            table.footers = [.init(label: label, value: money.display(total), column: amountColumn)]
        }
        return table.render(painter: painter)
    }
}
