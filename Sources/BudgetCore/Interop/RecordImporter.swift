/// Reads records of one kind from CSV, TSV or JSON, as `budget list` and `budget export` write
/// them (and as a bank's CSV with a header row does), checking every field.
public struct RecordImporter: Sendable {
    /// The columns an import understands; `id`, `order`, `kind` and `currency` are recognised
    /// but not imported (records get new IDs and go last).
    public static let columns = Expense.schema.fields.map(\.key).filter { !ignoredColumns.contains($0) }
    static let ignoredColumns = ["id", "order", "kind", "currency"]

    /// The kind of record the rows become.
    public let kind: RecordKind
    /// How amounts are read: the budget's currency.
    public let money: MoneyFormat
    /// For rows without a date column.
    public let today: Day
    /// For expenses without a category.
    public let defaultCategory: String

    /// An importer of one kind of record into a budget with this currency; rows without a date get `today`, expenses without a category `defaultCategory`.
    public init(kind: RecordKind, money: MoneyFormat, today: Day, defaultCategory: String) {
        self.kind = kind
        self.money = money
        self.today = today
        self.defaultCategory = defaultCategory
    }

    /// The rows of a file, in file order. Rows whose `kind` column names the other kind are left
    /// out and counted.
    ///
    /// - Throws: `ImportError` naming the line (and column) of the first problem.
    public func read(_ text: String, format: ImportFormat) throws(ImportError) -> (rows: [ImportedRow], otherKind: Int) {
        switch format {
        case .csv: return try readTable(try DelimitedReader.csv(text))
        case .tsv: return try readTable(try DelimitedReader.tsv(text))
        case .json: return try readJSON(text)
        }
    }

    // MARK: CSV and TSV

    private func readTable(_ table: [DelimitedReader.Row]) throws(ImportError) -> (rows: [ImportedRow], otherKind: Int) {
        guard let header = table.first else { throw ImportError(line: nil, "the file is empty; expected a header row naming the columns") }
        var index: [String: Int] = [:]
        for (position, raw) in header.fields.enumerated() {
            let name = raw.trimmingSpacesAndTabs.lowercased()
            guard Self.columns.contains(name) || Self.ignoredColumns.contains(name) else {
                if header.fields.count == 1 && raw.contains("\t") {
                    throw ImportError(line: header.line, "the header holds tabs, so the file looks tab-separated, not comma-separated; import it as TSV",
                                      reason: .tabSeparatedAsCSV)
                }
                throw ImportError(line: header.line, column: String(position + 1),
                                  "unknown column '\(raw)' (expected \(Self.columns.joined(separator: ", ")))")
            }
            if index[name] != nil { throw ImportError(line: header.line, column: String(position + 1), "the column '\(name)' appears twice") }
            index[name] = position
        }
        for required in ["name", "amount"] where index[required] == nil {
            throw ImportError(line: header.line, "the header has no '\(required)' column")
        }
        var rows: [ImportedRow] = []
        var otherKind = 0
        for row in table.dropFirst() {
            guard row.fields.count == header.fields.count else {
                throw ImportError(line: row.line, "expected \(header.fields.count) fields like the header, found \(row.fields.count)")
            }
            let rowKind = try index["kind"].map { position throws(ImportError) in
                try Self.kind(row.fields[position], line: row.line, column: "kind")
            }
            if let rowKind, rowKind != kind {
                otherKind += 1
                continue
            }
            if kind == .income, let position = index["category"], !row.fields[position].isEmpty {
                throw ImportError(line: row.line, column: "category", "incomes have no category")
            }
            func field(_ name: String) -> String? { index[name].map { row.fields[$0] } }
            let tags = field("tags").map { $0.split(separator: ",").map(String.init) } ?? []
            rows.append(try makeRow(line: row.line, name: field("name"), amount: .text(field("amount") ?? ""), date: field("date"),
                                    category: field("category"), note: field("note"), tags: tags, column: { $0 }))
        }
        return (rows, otherKind)
    }

    /// A `kind` value: `income` or `expense` (or their plurals), in any case, surrounding space
    /// ignored. Anything else is refused rather than guessed: importing a row as the wrong
    /// kind, or as both, would be worse than stopping.
    static func kind(_ text: String, line: Int, column: String) throws(ImportError) -> RecordKind {
        guard let kind = RecordKind(argument: FieldRules.trimmed(text).lowercased()) else {
            throw ImportError(line: line, column: column, "unknown kind '\(text)' (expected income or expense)")
        }
        return kind
    }

    // MARK: JSON

    private func readJSON(_ text: String) throws(ImportError) -> (rows: [ImportedRow], otherKind: Int) {
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
            guard let records = members.first(where: { $0.key == kind.plural })?.node, case .array(let array) = records.value else {
                throw ImportError(line: place(root).line, column: place(root).column, "expected an array of \(kind.plural), or an export with an \"\(kind.plural)\" array")
            }
            if let currency = members.first(where: { $0.key == "currency" })?.node { try checkCurrency(currency, place: place(currency)) }
            elements = array
        default:
            throw ImportError(line: place(root).line, column: place(root).column, "expected an array of \(kind.plural)")
        }
        var rows: [ImportedRow] = []
        var otherKind = 0
        for element in elements {
            let at = place(element)
            guard case .object(let members) = element.value else {
                throw ImportError(line: at.line, column: at.column, "expected an object for each record, not \(element.typeName)")
            }
            var fields: [String: JSONNode] = [:]
            for member in members {
                let name = member.key
                guard Self.columns.contains(name) || Self.ignoredColumns.contains(name) else {
                    let where_ = place(member.node)
                    throw ImportError(line: where_.line, column: where_.column, "unknown field \"\(name)\" (expected \(Self.columns.joined(separator: ", ")))")
                }
                fields[name] = member.node
            }
            if let kindNode = fields["kind"] {
                let where_ = place(kindNode)
                guard case .string(let text) = kindNode.value else {
                    throw ImportError(line: where_.line, column: where_.column, "\"kind\" must be \"income\" or \"expense\", not \(kindNode.typeName)")
                }
                if try Self.kind(text, line: where_.line, column: where_.column) != kind {
                    otherKind += 1
                    continue
                }
            }
            if let currency = fields["currency"] { try checkCurrency(currency, place: place(currency)) }
            func string(_ name: String) throws(ImportError) -> String? {
                guard let node = fields[name] else { return nil }
                switch node.value {
                case .string(let text): return text
                case .null: return nil
                default:
                    let where_ = place(node)
                    throw ImportError(line: where_.line, column: where_.column, "\"\(name)\" must be a string, not \(node.typeName)")
                }
            }
            guard let amountNode = fields["amount"] else { throw ImportError(line: at.line, column: at.column, "the record has no \"amount\"") }
            guard case .number(let amountText) = amountNode.value, let minorUnits = Int(amountText) else {
                let where_ = place(amountNode)
                throw ImportError(line: where_.line, column: where_.column, "\"amount\" must be a whole number of the currency's smallest unit, as JSON listings write it",
                                  reason: .amountNotInMinorUnits)
            }
            let columnOf: (String) -> String = { name in fields[name].map { place($0).column } ?? at.column }
            var tags: [String] = []
            if let node = fields["tags"] {
                // An array as `list --format json` writes it, or the comma-separated text of a CSV cell.
                switch node.value {
                case .array(let elements):
                    for element in elements {
                        guard case .string(let tag) = element.value else {
                            let where_ = place(element)
                            throw ImportError(line: where_.line, column: where_.column, "\"tags\" must hold strings, not \(element.typeName)")
                        }
                        tags.append(tag)
                    }
                case .string(let text): tags = text.split(separator: ",").map(String.init)
                case .null: break
                default:
                    let where_ = place(node)
                    throw ImportError(line: where_.line, column: where_.column, "\"tags\" must be an array of strings, not \(node.typeName)")
                }
            }
            rows.append(try makeRow(line: at.line, name: try string("name"), amount: .minorUnits(minorUnits), date: try string("date"),
                                    category: try string("category"), note: try string("note"), tags: tags, column: columnOf))
        }
        return (rows, otherKind)
    }

    /// JSON amounts are integers in the currency's minor unit, so the currencies must agree.
    private func checkCurrency(_ node: JSONNode, place: (line: Int, column: String)) throws(ImportError) {
        let code: String?
        switch node.value {
        case .null: code = nil
        case .string(let text): code = text
        default: throw ImportError(line: place.line, column: place.column, "\"currency\" must be a currency code or null")
        }
        let theirs = code.flatMap(Currency.init(code:))
        if code != nil && theirs == nil { throw ImportError(line: place.line, column: place.column, "unknown currency \"\(code ?? "")\"") }
        if theirs?.minorDigits ?? 0 != money.currency?.minorDigits ?? 0 || (theirs != nil && money.currency != nil && theirs != money.currency) {
            throw ImportError(line: place.line, column: place.column,
                              "the amounts are in \(code ?? "no currency") but this budget uses \(money.currency?.code ?? "no currency")")
        }
    }

    // MARK: Fields

    private enum AmountSource {
        case text(String)
        case minorUnits(Int)
    }

    private func makeRow(
        line: Int, name: String?, amount: AmountSource, date: String?, category: String?, note: String?, tags: [String], column: (String) -> String
    ) throws(ImportError) -> ImportedRow {
        func check<T>(_ field: String, _ body: () throws(ValueError) -> T) throws(ImportError) -> T {
            do {
                return try body()
            } catch {
                throw ImportError(line: line, column: column(field), error.description)
            }
        }
        guard let rawName = name else { throw ImportError(line: line, column: column("name"), "the name is missing") }
        let name = try check("name") { () throws(ValueError) in try FieldRules.label(rawName, field: "name") }
        let minorUnits: Int
        switch amount {
        case .text(let text): minorUnits = try check("amount") { () throws(ValueError) in try money.parse(text.trimmingSpacesAndTabs) }
        case .minorUnits(let value):
            guard value >= 0 else { throw ImportError(line: line, column: column("amount"), "amounts cannot be negative") }
            minorUnits = value
        }
        let day = try date.flatMap { $0.isEmpty ? nil : $0 }.map { text throws(ImportError) in
            try check("date") { () throws(ValueError) in try FieldRules.isoDay(text) }
        } ?? today
        var categoryValue: String?
        if kind == .expense {
            let given = category.map(FieldRules.trimmed).flatMap { $0.isEmpty ? nil : $0 } ?? defaultCategory
            categoryValue = try check("category") { () throws(ValueError) in try FieldRules.label(given, field: "category") }
        }
        let noteValue = note.flatMap { $0.isEmpty ? nil : $0 }
        if let noteValue { _ = try check("note") { () throws(ValueError) in try FieldRules.note(noteValue) } }
        var tagValues: [String] = []
        for tag in tags { tagValues.append(try check("tags") { () throws(ValueError) in try FieldRules.tag(tag) }) }
        return ImportedRow(line: line, name: name, amount: minorUnits, date: day, category: categoryValue, note: noteValue, tags: Tags(tagValues))
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpacesAndTabs: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[start...end])
    }
}
