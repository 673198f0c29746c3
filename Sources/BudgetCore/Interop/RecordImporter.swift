/// Reads records of one kind from CSV, TSV or JSON, as `budget list` and `budget export` write
/// them (and as a bank's CSV with a header row does), checking every field.
public struct RecordImporter: Sendable {
    /// The columns an import understands: the fields of either kind that imports read (their
    /// declarations' coders are `FieldInputCoding`s), in the order listings show them; `id`,
    /// `order`, `kind` and `currency` are recognised but not imported (records get new IDs and
    /// go last).
    public static let columns = readColumns.sorted { $0.display < $1.display }.map(\.key)
    static let ignoredColumns = Expense.schema.fields.filter { $0.input == nil }.map(\.key)
        + Income.schema.fields.filter { $0.input == nil && Expense.schema.field($0.key) == nil }.map(\.key)
        + ["kind", "currency"]

    /// The kinds a JSON file of budget's own holds, when it says: an export's arrays
    /// (`incomes`, `expenses`, `transfers`), or an array whose every record has its `kind`.
    /// `nil` for an array of records that do not say their kind (name it); every kind when the
    /// text is no JSON (the import then says where it breaks).
    public static func jsonKinds(_ text: String) -> [RecordKind]? {
        guard let root = try? JSONReader.parse(Array(text.utf8)) else { return RecordKind.allCases }
        switch root.value {
        case .object(let members):
            let kinds = RecordKind.allCases.filter { kind in members.contains { $0.key == kind.plural } }
            return kinds.isEmpty ? RecordKind.allCases : kinds
        case .array(let elements):
            let sayKind = elements.allSatisfy { element in
                if case .object(let members) = element.value { return members.contains { $0.key == "kind" } }
                return false
            }
            return sayKind ? RecordKind.allCases : nil
        default:
            return RecordKind.allCases
        }
    }

    /// Whether a header row is budget's own (every cell a column of `columns`, or one
    /// recognised and left out): a file `list` or `export` wrote, not a bank's statement.
    public static func readsHeader(_ cells: [String]) -> Bool {
        !cells.isEmpty && cells.allSatisfy { cell in
            let name = cell.trimmingSpacesAndTabs.lowercased()
            return columns.contains(name) || ignoredColumns.contains(name)
        }
    }

    /// The header cells of a CSV or TSV text (`nil` for JSON or an unreadable header): its
    /// first row read alone, however long, and nothing after it.
    public static func headerCells(_ text: String, format: ImportFormat) -> [String]? {
        switch format {
        case .json: return nil
        case .csv: return DelimitedReader.firstRow(text[...], by: ",")?.fields
        case .tsv: return DelimitedReader.firstTSVRow(text[...])?.fields
        }
    }

    /// A column that imports read, as either kind declares it.
    private struct Column {
        var key: String
        var form: FieldInput.Form
        /// Whether a row of either kind must give it.
        var isRequired: Bool
        /// Its place in listings: expense fields first, then any field only incomes have.
        var display: Int
    }

    /// The columns in the order a row's fields are read, which decides which of several
    /// problems a row reports: the fields a row must give first, then the others, each in
    /// display order (name, amount, date, category, note, tags).
    private static let readColumns: [Column] = {
        var columns: [Column] = []
        func add<Record: BaseModel>(_ schema: RecordSchema<Record>) {
            for field in schema.fields {
                guard let input = field.input else { continue }
                if let index = columns.firstIndex(where: { $0.key == field.key }) {
                    columns[index].isRequired = columns[index].isRequired || input.isRequired
                } else {
                    columns.append(
                        Column(key: field.key, form: input.form, isRequired: input.isRequired, display: columns.count))
                }
            }
        }
        add(Expense.schema)
        add(Income.schema)
        add(Transfer.schema)
        return columns.filter(\.isRequired) + columns.filter { !$0.isRequired }
    }()

    /// The kind of record the rows become.
    public let kind: RecordKind
    /// How amounts are read: the budget's currency.
    public let money: MoneyFormat
    /// For rows without a date column.
    public let today: Day
    /// For expenses without a category.
    public let defaultCategory: String

    /// An importer of one kind of record into a budget with this currency; rows without a date get
    /// `today`, expenses without a category `defaultCategory`.
    public init(kind: RecordKind, money: MoneyFormat, today: Day, defaultCategory: String) {
        self.kind = kind
        self.money = money
        self.today = today
        self.defaultCategory = defaultCategory
    }

    /// The rows of a file, in file order. Rows whose `kind` column names the other kind are left
    /// out and counted.
    ///
    /// - Throws: `ImportError` naming the line (and column) of a file that cannot be read as
    ///   rows (its header, its JSON) or of its one bad row; `StatementProblems` with every bad
    ///   row (the first `StatementProblems.shownLimit`, and how many) when there are more.
    public func read(_ text: String, format: ImportFormat) throws -> (rows: [ImportedRow], otherKind: Int) {
        try Self.read(text, format: format, by: [self])[0]
    }

    /// The rows of a file read by each importer (one per kind: a file with a kind column), in
    /// file order, every bad row of any of them reported together, by line.
    ///
    /// - Throws: as `read(_:format:)`.
    public static func read(
        _ text: String, format: ImportFormat, by importers: [RecordImporter]
    ) throws -> [(rows: [ImportedRow], otherKind: Int)] {
        var rows = [[ImportedRow]](repeating: [], count: importers.count)
        let otherKinds = try forEachRow(text, format: format, by: importers) { index, row in rows[index].append(row) }
        return Array(zip(rows, otherKinds))
    }

    /// Hands on each row of a file that an importer reads (the importer's index and the row),
    /// in file order for each importer, as the file is read: a CSV or TSV file's rows are never
    /// all held at once. Bad rows are collected and, once the file is read, reported together
    /// by line, as `read(_:format:by:)` reports them (rows were handed on then all the same).
    ///
    /// - Returns: how many rows of another kind each importer left out.
    /// - Throws: as `read(_:format:)`.
    static func forEachRow(
        _ text: String, format: ImportFormat, by importers: [RecordImporter], _ body: (Int, ImportedRow) -> Void
    ) throws -> [Int] {
        var otherKinds: [Int] = []
        var problems: [ImportError] = []
        switch format {
        case .json:
            for (index, importer) in importers.enumerated() {
                let read = try importer.readCollecting(json: text)
                for row in read.rows { body(index, row) }
                otherKinds.append(read.otherKind)
                problems += read.problems
            }
        case .csv, .tsv:
            var readings: [AnyRowReading]?
            let readRow = { (row: DelimitedReader.Row) throws(ImportError) in
                guard let readings else {
                    readings = try importers.map { importer throws(ImportError) in try importer.reading(header: row) }
                    return
                }
                for (index, reading) in readings.enumerated() {
                    if let read = reading.read(row) { body(index, read) }
                }
            }
            if format == .csv {
                try DelimitedReader.forEachRow(text, by: ",", readRow)
            } else {
                try DelimitedReader.forEachTSVRow(text, readRow)
            }
            guard let readings else {
                throw ImportError(line: nil, "the file is empty; expected a header row naming the columns")
            }
            otherKinds = readings.map(\.otherKind)
            problems = readings.flatMap(\.problems)
        }
        guard !problems.isEmpty else { return otherKinds }
        // A row both kinds refuse (its kind) is one problem.
        var unique: [ImportError] = []
        let ordered = problems.enumerated()
            .sorted(by: { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }).map(\.element)
        for problem in ordered where !unique.contains(where: { $0.line == problem.line && $0 == problem }) {
            unique.append(problem)
        }
        if unique.count == 1 { throw unique[0] }
        throw StatementProblems(problems: Array(unique.prefix(StatementProblems.shownLimit)), total: unique.count)
    }

    /// The rows of a JSON file and the problems of its bad rows; a file that cannot be read as
    /// rows throws.
    private func readCollecting(
        json text: String
    ) throws(ImportError) -> (rows: [ImportedRow], otherKind: Int, problems: [ImportError]) {
        switch kind {
        case .income: return try readJSON(text) { ImportedRow(line: $0, record: .income($1)) }
        case .expense: return try readJSON(text) { ImportedRow(line: $0, record: .expense($1)) }
        case .transfer: return try readJSON(text) { ImportedRow(line: $0, record: .transfer($1)) }
        }
    }

    /// How this importer reads the rows after a CSV or TSV file's header.
    ///
    /// - Throws: `ImportError` for a header it cannot read.
    private func reading(header: DelimitedReader.Row) throws(ImportError) -> AnyRowReading {
        switch kind {
        case .income: return .income(try RowReading(self, header: header))
        case .expense: return .expense(try RowReading(self, header: header))
        case .transfer: return .transfer(try RowReading(self, header: header))
        }
    }

    /// One importer's reading of a CSV or TSV file's rows, of whichever kind it reads.
    private enum AnyRowReading {
        case income(RowReading<Income>)
        case expense(RowReading<Expense>)
        case transfer(RowReading<Transfer>)

        /// The row's record, if it is one of this kind and good (else it is counted or its
        /// problem kept).
        func read(_ row: DelimitedReader.Row) -> ImportedRow? {
            switch self {
            case .income(let reading): reading.read(row).map { ImportedRow(line: row.line, record: .income($0)) }
            case .expense(let reading): reading.read(row).map { ImportedRow(line: row.line, record: .expense($0)) }
            case .transfer(let reading): reading.read(row).map { ImportedRow(line: row.line, record: .transfer($0)) }
            }
        }

        var otherKind: Int {
            switch self {
            case .income(let reading): reading.otherKind
            case .expense(let reading): reading.otherKind
            case .transfer(let reading): reading.otherKind
            }
        }

        var problems: [ImportError] {
            switch self {
            case .income(let reading): reading.problems
            case .expense(let reading): reading.problems
            case .transfer(let reading): reading.problems
            }
        }
    }

    /// What the fields' input rules need besides a row's values.
    private var context: InputContext {
        InputContext(money: money, today: today, defaultCategory: defaultCategory)
    }

    /// Fields of `Record` with how imports read them.
    private typealias InputFields<Record: BaseModel> = [(key: String, input: RecordField<Record>.Input)]

    /// The fields of `Record` that imports read, in reading order (`readColumns`).
    private static func fields<Record: BaseModel>() -> InputFields<Record> {
        readColumns.compactMap { column in Record.schema.field(column.key)?.input.map { (column.key, $0) } }
    }

    // MARK: CSV and TSV

    /// One importer's reading of the rows of a CSV or TSV file, made from its header: each row
    /// becomes a record of `Record`, is counted as another kind's, or has its problem kept.
    private final class RowReading<Record: BaseModel> {
        let importer: RecordImporter
        let header: DelimitedReader.Row
        let fields: InputFields<Record>
        /// Where each field's column is in a row (`nil`: the file has no such column).
        let positions: [Int?]
        let kindPosition: Int?
        /// Where a row says its amount's currency, if the file has the column.
        let currencyPosition: Int?
        /// Columns of fields only the other kind has (an income's category), which must be empty.
        let otherKindColumns: [(key: String, position: Int)]
        let context: InputContext
        /// A record with no field read yet, copied for each row.
        let blank: Record
        /// For each field, whether an empty cell leaves `blank` as it is (no note, no tags):
        /// such a cell is passed over, not read. Found by reading an empty cell once, by the
        /// field's own rules, so it holds for whatever a field declares.
        let passesEmpty: [Bool]
        var otherKind = 0
        var problems: [ImportError] = []

        /// - Throws: `ImportError` for a header that names an unknown column, one twice, or
        ///   not a column the kind needs.
        init(_ importer: RecordImporter, header: DelimitedReader.Row) throws(ImportError) {
            var index: [String: Int] = [:]
            for (position, raw) in header.fields.enumerated() {
                let name = raw.trimmingSpacesAndTabs.lowercased()
                guard RecordImporter.columns.contains(name) || RecordImporter.ignoredColumns.contains(name) else {
                    if header.fields.count == 1 && raw.contains("\t") {
                        throw ImportError(
                            line: header.line,
                            "the header holds tabs, so the file looks tab-separated, not comma-separated; "
                                + "import it as TSV",
                            reason: .tabSeparatedAsCSV)
                    }
                    throw ImportError(
                        line: header.line, column: String(position + 1),
                        "unknown column '\(raw)' (expected \(RecordImporter.columns.joined(separator: ", ")))")
                }
                if index[name] != nil {
                    throw ImportError(
                        line: header.line, column: String(position + 1), "the column '\(name)' appears twice")
                }
                index[name] = position
            }
            let fields: InputFields<Record> = RecordImporter.fields()
            for field in fields where field.input.isRequired && index[field.key] == nil {
                throw ImportError(line: header.line, "the header has no '\(field.key)' column")
            }
            self.importer = importer
            self.header = header
            self.fields = fields
            positions = fields.map { index[$0.key] }
            kindPosition = index["kind"]
            currencyPosition = index["currency"]
            otherKindColumns = RecordImporter.readColumns.compactMap { column in
                fields.contains { $0.key == column.key }
                    ? nil : index[column.key].map { (key: column.key, position: $0) }
            }
            context = importer.context
            let blank = Record.schema.blank("")
            self.blank = blank
            passesEmpty = fields.map { field in
                var probe = blank
                do {
                    try field.input.read(.text(""), &probe, importer.context)
                } catch {
                    return false
                }
                return probe == blank
            }
        }

        /// The row's record; `nil` when the row is another kind's (counted) or breaks a rule
        /// (its problem kept).
        func read(_ row: DelimitedReader.Row) -> Record? {
            do throws(ImportError) {
                guard row.fields.count == header.fields.count else {
                    throw ImportError(
                        line: row.line,
                        "expected \(header.fields.count) fields like the header, found \(row.fields.count)")
                }
                let rowKind = try kindPosition.map { position throws(ImportError) in
                    try RecordImporter.kind(row.fields[position], line: row.line, column: "kind")
                }
                if let rowKind, rowKind != importer.kind {
                    otherKind += 1
                    return nil
                }
                if let position = currencyPosition {
                    try importer.checkCurrency(row.fields[position], line: row.line)
                }
                for column in otherKindColumns where !row.fields[column.position].isEmpty {
                    throw ImportError(
                        line: row.line, column: column.key,
                        ValueError.notApplicable(field: column.key, kind: importer.kind).description)
                }
                // Each field read from its cell; an empty cell that leaves the record as it is,
                // passed over. What a spreadsheet export guarded reads back as it was
                // (`FormulaGuard`).
                return try importer.record(
                    line: row.line, fields, from: blank, context, column: { $0 },
                    given: { index in
                        guard let position = positions[index] else { return .some(nil) }
                        let cell = row.fields[position]
                        if cell.isEmpty && passesEmpty[index] { return nil }
                        return .some(.text(FormulaGuard.unguarded(cell)))
                    })
            } catch {
                problems.append(error)
                return nil
            }
        }
    }

    /// A `kind` value: `income` or `expense` (or their plurals), in any case, surrounding space
    /// ignored. Anything else is refused rather than guessed: importing a row as the wrong
    /// kind, or as both, would be worse than stopping.
    static func kind(_ text: String, line: Int, column: String) throws(ImportError) -> RecordKind {
        // As budget writes it (`expense`), the usual case, without trimming or folding.
        if let kind = RecordKind(rawValue: text) { return kind }
        guard let kind = RecordKind(argument: FieldRules.trimmed(text).lowercased()) else {
            throw ImportError(
                line: line, column: column, "unknown kind '\(text)' (expected income, expense or transfer)")
        }
        return kind
    }

    // MARK: JSON

    /// The order in which a JSON record's values have their types checked, before any value's
    /// rules: numbers, then arrays, then strings, each in reading order.
    private static let jsonTypeOrder = readColumns.filter { $0.form == .minorUnits }
        + readColumns.filter { $0.form == .list } + readColumns.filter { $0.form == .text }

    private func readJSON<Record: BaseModel>(
        _ text: String, row: (Int, Record) -> ImportedRow
    ) throws(ImportError) -> (rows: [ImportedRow], otherKind: Int, problems: [ImportError]) {
        let bytes = Array(text.utf8)
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            var positions = TextPositions(bytes)
            let position = positions.position(of: error.offset)
            throw ImportError(line: position.line, column: String(position.column), error.message)
        }
        // Every row needs its line, and rows come in file order: one pass over the text in all.
        var positions = TextPositions(bytes)
        func place(_ node: JSONNode) -> (line: Int, column: String) {
            let position = positions.position(of: node.offset)
            return (position.line, String(position.column))
        }
        var elements: [JSONNode]
        switch root.value {
        case .array(let array):
            elements = array
        case .object(let members):
            // An export document: take this kind's records.
            guard let records = members.first(where: { $0.key == kind.plural })?.node,
                  case .array(let array) = records.value else {
                throw ImportError(
                    line: place(root).line, column: place(root).column,
                    "expected an array of \(kind.plural), or an export with an \"\(kind.plural)\" array")
            }
            if let currency = members.first(where: { $0.key == "currency" })?.node {
                try checkCurrency(currency, place: place(currency))
            }
            elements = array
        default:
            throw ImportError(line: place(root).line, column: place(root).column, "expected an array of \(kind.plural)")
        }
        let fields: InputFields<Record> = Self.fields()
        // Where each checked value goes among the fields (`nil`: a field only the other kind has).
        let slots = Self.jsonTypeOrder.map { column in fields.firstIndex { $0.key == column.key } }
        let context = self.context
        var rows: [ImportedRow] = []
        var otherKind = 0
        var problems: [ImportError] = []
        for element in elements {
            do throws(ImportError) {
                let at = place(element)
                guard case .object(let members) = element.value else {
                    throw ImportError(
                        line: at.line, column: at.column, "expected an object for each record, not \(element.typeName)")
                }
                var nodes: [String: JSONNode] = [:]
                for member in members {
                    let name = member.key
                    guard Self.columns.contains(name) || Self.ignoredColumns.contains(name) else {
                        let where_ = place(member.node)
                        throw ImportError(
                            line: where_.line, column: where_.column,
                            "unknown field \"\(name)\" (expected \(Self.columns.joined(separator: ", ")))")
                    }
                    nodes[name] = member.node
                }
                if let kindNode = nodes["kind"] {
                    let where_ = place(kindNode)
                    guard case .string(let text) = kindNode.value else {
                        throw ImportError(
                            line: where_.line, column: where_.column,
                            "\"kind\" must be \"income\" or \"expense\", not \(kindNode.typeName)")
                    }
                    if try Self.kind(text, line: where_.line, column: where_.column) != kind {
                        otherKind += 1
                        continue
                    }
                }
                if let currency = nodes["currency"] { try checkCurrency(currency, place: place(currency)) }
                var given = [FieldInput?](repeating: nil, count: fields.count)
                for (column, slot) in zip(Self.jsonTypeOrder, slots) {
                    guard let node = nodes[column.key] else {
                        // JSON amounts are numbers of minor units, which a record must hold.
                        if column.form == .minorUnits, let slot, fields[slot].input.isRequired {
                            throw ImportError(line: at.line, column: at.column, "the record has no \"\(column.key)\"")
                        }
                        continue
                    }
                    let value = try Self.input(node, key: column.key, form: column.form, place: place)
                    if let slot { given[slot] = value }
                }
                let record: Record = try record(
                    line: at.line, fields, from: Record.schema.blank(""), context,
                    column: { name in nodes[name].map { place($0).column } ?? at.column },
                    given: { .some(given[$0]) })
                rows.append(row(at.line, record))
            } catch {
                problems.append(error)
            }
        }
        return (rows, otherKind, problems)
    }

    /// A JSON value as the field's form takes it; `nil` for `null`.
    private static func input(
        _ node: JSONNode, key: String, form: FieldInput.Form, place: (JSONNode) -> (line: Int, column: String)
    ) throws(ImportError) -> FieldInput? {
        switch (form, node.value) {
        case (.text, .string(let text)), (.list, .string(let text)):
            // A list as the comma-separated text of a CSV cell, too.
            return .text(text)
        case (.text, .null), (.list, .null):
            return nil
        case (.text, _):
            let where_ = place(node)
            throw ImportError(
                line: where_.line, column: where_.column, "\"\(key)\" must be a string, not \(node.typeName)")
        case (.minorUnits, _):
            guard case .number(let text) = node.value, let value = Int(text) else {
                let where_ = place(node)
                throw ImportError(
                    line: where_.line, column: where_.column,
                    "\"\(key)\" must be a whole number of the currency's smallest unit, as JSON listings write it",
                    reason: .amountNotInMinorUnits)
            }
            return .minorUnits(value)
        case (.list, .array(let elements)):
            // An array, as JSON listings write it.
            var items: [String] = []
            for element in elements {
                guard case .string(let item) = element.value else {
                    let where_ = place(element)
                    throw ImportError(
                        line: where_.line, column: where_.column,
                        "\"\(key)\" must hold strings, not \(element.typeName)")
                }
                items.append(item)
            }
            return .list(items)
        case (.list, _):
            let where_ = place(node)
            throw ImportError(
                line: where_.line, column: where_.column,
                "\"\(key)\" must be an array of strings, not \(node.typeName)")
        }
    }

    /// A row's `currency` cell: empty, or the budget's currency, whose amounts the row's are
    /// read as; another currency's amount is not this budget's money (no rate is known).
    fileprivate func checkCurrency(_ text: String, line: Int) throws(ImportError) {
        let code = FieldRules.trimmed(text)
        guard !code.isEmpty else { return }
        guard let theirs = Currency(code: code) else {
            throw ImportError(line: line, column: "currency", "unknown currency '\(code)'")
        }
        if theirs != money.currency {
            throw ImportError(
                line: line, column: "currency",
                "the amount is in \(theirs.code) but this budget uses \(money.currency?.code ?? "no currency")")
        }
    }

    /// JSON amounts are integers in the currency's minor unit, so the currencies must agree.
    private func checkCurrency(_ node: JSONNode, place: (line: Int, column: String)) throws(ImportError) {
        let code: String?
        switch node.value {
        case .null: code = nil
        case .string(let text): code = text
        default:
            throw ImportError(line: place.line, column: place.column, "\"currency\" must be a currency code or null")
        }
        let theirs = code.flatMap(Currency.init(code:))
        if code != nil && theirs == nil {
            throw ImportError(line: place.line, column: place.column, "unknown currency \"\(code ?? "")\"")
        }
        if theirs?.minorDigits ?? 0 != money.currency?.minorDigits ?? 0
            || (theirs != nil && money.currency != nil && theirs != money.currency) {
            let ours = money.currency?.code ?? "no currency"
            throw ImportError(line: place.line, column: place.column,
                              "the amounts are in \(code ?? "no currency") but this budget uses \(ours)")
        }
    }

    // MARK: Fields

    /// A row's record, `blank` with each field read by its declaration's input rules from what
    /// the row gives (`given(n)` for the nth of `fields`: `.some(nil)` when the row leaves it
    /// out; `nil` passes the field over, an empty cell that leaves `blank` as it is); a broken
    /// rule is reported at the field's column (`column` turns a key into the column messages
    /// name).
    private func record<Record: BaseModel>(
        line: Int, _ fields: InputFields<Record>, from blank: Record, _ context: InputContext,
        column: (String) -> String, given: (Int) -> FieldInput??
    ) throws(ImportError) -> Record {
        var record = blank
        for (index, field) in fields.enumerated() {
            guard let value = given(index) else { continue }
            do {
                try field.input.read(value, &record, context)
            } catch {
                throw ImportError(line: line, column: column(field.key), error.description)
            }
        }
        return record
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpacesAndTabs: String {
        // Nothing to trim (a cell as budget writes it): the text itself, no scalars walked.
        let bytes = utf8
        guard let first = bytes.first, let last = bytes.last else { return self }
        if first != 0x20 && first != 0x09 && last != 0x20 && last != 0x09 { return self }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[start...end])
    }
}
