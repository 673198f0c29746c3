/// Reads a bank, card or household-app statement into entries (`StatementEntry`), by a layout
/// and, for a built-in export, its preset's rules for rows that are not transactions.
///
/// Every bad row is reported (`StatementProblems`), not only the first.
public struct StatementReader: Sendable {
    /// How the statement is laid out.
    public var layout: StatementLayout {
        didSet { kindMeanings = Self.meanings(of: layout) }
    }
    /// The kind column's values, folded, and what they mean (the first given wins).
    private var kindMeanings: [String: RowMeaning]
    /// The built-in export it is, if any (exclusions, the headerless card sections).
    public var preset: StatementPreset?
    /// Only this kind is imported (the others are counted); `nil`: both.
    public var kind: RecordKind?
    /// Whether the sign of the amount column decides the kind even when `kind` is given (a
    /// preset's or an explicit `sign`); otherwise amounts of `kind` are plain, never negative.
    public var signDecidesKind: Bool
    /// The currency's decimals.
    public var minorDigits: Int
    /// The budget's currency's symbols (`Currency.symbols`), which amounts may carry; empty:
    /// no currency, only the yen forms.
    public var currencySymbols: [String] = []
    /// Whether rows the statement marks transfers (a charge, money sent to one's bank) are kept
    /// as transfer entries with their amount and direction (an import into an account), instead
    /// of left out and counted.
    public var keepsTransfers = false
    /// The statement's day (the day it was downloaded): a date without a year is the latest
    /// such day on or before it.
    public var today: Day

    /// A reader of statements laid out so.
    public init(
        layout: StatementLayout, preset: StatementPreset?, kind: RecordKind?, signDecidesKind: Bool, minorDigits: Int,
        today: Day
    ) {
        self.layout = layout
        kindMeanings = Self.meanings(of: layout)
        self.preset = preset
        self.kind = kind
        self.signDecidesKind = signDecidesKind
        self.minorDigits = minorDigits
        self.today = today
    }

    /// The statement's entries, in file order.
    ///
    /// - Throws: `ImportError` when the file cannot be read as a table or its header lacks a
    ///   mapped column; `StatementProblems` with every bad row.
    public func read(_ text: String) throws -> StatementReading {
        // The lines before the header are left unread: `skipLines`, and a preset's preamble.
        var start = layout.skipLines
        if layout.hasHeader, let preset, preset.headerless == nil,
           let header = preset.headerLine(in: text, delimiter: layout.delimiter, from: start) {
            start = header
        }
        guard let body = StatementText.dropping(lines: start, of: text) else {
            throw ImportError(
                line: nil,
                "the statement has \(StatementText.leadingLines(text, count: start).count) lines, all of them skipped")
        }
        let rows = String(body)
        return try read(roomFor: DelimitedReader.rowBound(of: rows)) { take throws(ImportError) in
            try DelimitedReader.forEachRow(rows, by: layout.delimiter) { row throws(ImportError) in
                var row = row
                row.line += start
                try take(row)
            }
        }
    }

    /// The columns of the header row (or the first row): for messages that suggest `--map`.
    public static func headerCells(_ text: String, layout: StatementLayout) -> [String] {
        guard let rest = StatementText.dropping(lines: layout.skipLines, of: text) else { return [] }
        return DelimitedReader.firstRow(rest, by: layout.delimiter)?.fields ?? []
    }

    /// The entries of the rows `forEachRow` hands on, in order: each row is read as it comes,
    /// the rows are never all held at once. (`forEachRow` is asked twice for a statement with
    /// neither a header nor a preset's layout: the first time for the rows' widths.)
    /// `rowCount`: how many rows to make room for at once (`DelimitedReader.rowBound`).
    func read(
        roomFor rowCount: Int,
        rows forEachRow: ((DelimitedReader.Row) throws(ImportError) -> Void) throws(ImportError) -> Void
    ) throws -> StatementReading {
        var widths: [Int] = []
        if !layout.hasHeader && preset?.headerless == nil {
            try forEachRow { row throws(ImportError) in widths.append(row.fields.count) }
        }
        var reading = StatementReading()
        var problems: [ImportError] = []
        var problemCount = 0
        func problem(_ error: ImportError) {
            problemCount += 1
            if problems.count < StatementProblems.shownLimit { problems.append(error) }
        }
        var occurrences = RowOccurrences(roomFor: rowCount)
        // The date of the last dated row, for a preset whose undated rows follow the row above.
        var dateAbove: String?
        // The mark of the table that ended the statement's rows, once one did.
        var endedBy: String?
        // Rows with an ID, in file order: their occurrences are counted by date (below).
        var identified: [(id: String, date: Day, entry: Int?)] = []
        func take(_ row: DelimitedReader.Row, _ shape: RowShape) {
            let (columns, exclusions, width) = (shape.columns, shape.exclusions, shape.width)
            let (widthWord, read, lastRead, needed) = (shape.widthWord, shape.read, shape.lastRead, shape.needed)
            var cells = row.fields
            if let headerless = preset?.headerless {
                // A card's first line, and a total (no date), whatever their fields.
                if headerless.isSectionLine(cells) {
                    reading.skip(row.line, .section, cells)
                    return
                }
                if FieldRules.trimmed(cells.first ?? "").isEmpty {
                    reading.skip(row.line, .noDate, cells)
                    return
                }
            }
            // After a preset's last table (AEON's 分割・ボーナス払い明細, a table of its own
            // columns): left out, and said.
            if let endedBy {
                reading.skip(row.line, .leftOut("after " + endedBy), cells)
                return
            }
            if let mark = endMark(cells) {
                endedBy = mark
                reading.skip(row.line, .noDate, cells)
                return
            }
            if !isDated(cells, columns: columns) {
                // A line with no date where the dates are and no amount, or the mark of a total or
                // a note: a total, a section, a note, a text line.
                if !hasAmount(cells, columns: columns) || cells.contains(where: Self.hasTotalMark) {
                    reading.skip(row.line, .noDate, cells)
                    return
                }
                // A preset's undated row with an amount (a discount) takes the date of the row
                // above; any other such row looks like a transaction, and is read (and refused
                // for its missing date).
                if preset?.undatedRowsFollow == true, let dateAbove, let dateIndex = columns[.date]?.first,
                   dateIndex < cells.count {
                    cells[dateIndex] = dateAbove
                }
            } else if let dateIndex = columns[.date]?.first, dateIndex < cells.count {
                dateAbove = cells[dateIndex]
            }
            if cells.count < width {
                if let missing = needed.filter({ $0 >= cells.count }).min() {
                    // Fields lost on the way: the mapped ones would be read from the wrong columns.
                    problem(ImportError(
                        line: row.line,
                        "the row has \(cells.count) field\(cells.count == 1 ? "" : "s") where \(widthWord) \(width), "
                            + "so it has no column \(missing + 1)"))
                    return
                }
                // Only a trailing note (a memo) or the like is missing: it is empty.
                cells += Array(repeating: "", count: width - cells.count)
            }
            if cells.count > width {
                switch rejoined(
                    cells, width: width, lastRead: lastRead, read: read, line: row.line, columns: columns,
                    occurrences: occurrences
                ) {
                case .one(let joined):
                    cells = joined
                case .noTransaction(let reason):
                    reading.skip(row.line, reason, cells)
                    return
                case .none:
                    // SMBC's other Vpass layout: the card's user and the payment after the shop.
                    let otherLayout = preset?.headerless != nil && cells.count > 2
                        && ["本人", "ご本人", "家族", "ご家族"].contains(FieldRules.trimmed(cells[2]))
                    let hint = otherLayout
                        ? "; it looks like SMBC's other Vpass layout (the user and the payment after the shop, "
                            + "the amount in column 7), which the smbc-card-nonfixed preset reads"
                        : ""
                    problem(ImportError(
                        line: row.line,
                        "the row has \(cells.count) fields where \(widthWord) \(width), and no way of joining "
                            + "neighbouring fields back (a comma in a name, or in an amount like 95,000) "
                            + "reads as a transaction" + hint))
                    return
                case .many:
                    problem(ImportError(
                        line: row.line,
                        "the row has \(cells.count) fields where \(widthWord) \(width), and more than one way "
                            + "of joining neighbouring fields back reads as a transaction "
                            + "(its fields with commas need quotes)"))
                    return
                case .tooMany:
                    problem(ImportError(
                        line: row.line,
                        "the row has \(cells.count) fields where \(widthWord) \(width): too many fields to join back"))
                    return
                }
            }
            if let headerless = preset?.headerless,
               !headerless.isPurchase(cells, decimalMark: layout.decimalMark, minorDigits: minorDigits) {
                problem(ImportError(line: row.line, "the row does not read as a purchase (\(headerless.shape))"))
                return
            }
            if let (index, exclusion) = exclusions.first(where: { index, exclusion in
                index < cells.count && exclusion.marks(ColumnReference.folded(cells[index]).lowercased())
            }) {
                let mark = exclusion.column + " " + FieldRules.trimmed(cells[index])
                reading.skip(row.line, exclusion.meaning == .transfer ? .transfer(mark) : .leftOut(mark), cells)
                return
            }
            do {
                switch try entry(cells, line: row.line, columns: columns, occurrences: { occurrences.count($0) }) {
                case .skipped(let reason):
                    reading.skip(row.line, reason, cells)
                case .entry(let entry):
                    let isOtherKind = kind.map { entry.kind != $0 } ?? false
                    if let id = entry.identityParts.statementID {
                        identified.append((id, entry.date, isOtherKind ? nil : reading.entries.count))
                    }
                    if isOtherKind {
                        reading.skip(row.line, .otherKind, cells)
                        return
                    }
                    reading.entries.append(entry)
                    if !entry.dateHasYear { reading.yearlessDates += 1 }
                }
            } catch {
                problem(error)
            }
        }
        // The header (or, without one, the first row) sets the columns. A header that cannot
        // be read is said once the whole file has been: a file that is no CSV is said as such
        // first, as when the file was read before its header.
        var shape: RowShape?
        var headerFailure: ImportError?
        try forEachRow { row throws(ImportError) in
            if let shape {
                take(row, shape)
                return
            }
            guard headerFailure == nil else { return }
            do throws(ImportError) {
                let first = try rowShape(header: layout.hasHeader ? row.fields : [], line: row.line, widths: widths)
                shape = first
                if !layout.hasHeader { take(row, first) }
            } catch {
                headerFailure = error
            }
        }
        if let headerFailure { throw headerFailure }
        if shape == nil {
            if layout.hasHeader {
                throw ImportError(line: nil, "the statement is empty; expected a header row naming the columns")
            }
            _ = try rowShape(header: [], line: nil, widths: widths)
        }
        if problemCount > 0 { throw StatementProblems(problems: problems, total: problemCount) }
        Self.numberByDate(identified, in: &reading.entries)
        return reading
    }

    /// What the header (or its absence) says of every row: where the mapped columns are, how
    /// many fields a row has, which it cannot do without.
    private struct RowShape {
        var columns: StatementColumns
        var exclusions: [(index: Int, exclusion: StatementPreset.Exclusion)]
        /// How many fields a row has.
        var width: Int
        /// What sets the width, for messages: `the header has`.
        var widthWord: String
        /// The fields something reads, and the last of them: the fields after it may take a
        /// row's surplus any way.
        var read: Set<Int>
        var lastRead: Int
        /// The columns a row cannot do without (a missing note, tags or category is empty).
        var needed: [Int]
    }

    /// The shape of the rows under `header` (empty: the statement has none; `widths`: then
    /// each row's number of fields, unless a preset knows them).
    private func rowShape(header: [String], line: Int?, widths: [Int]) throws(ImportError) -> RowShape {
        let columns = try resolve(header: header, line: line)
        let exclusions: [(index: Int, exclusion: StatementPreset.Exclusion)] =
            (preset?.exclusions ?? []).compactMap { exclusion in
                header.firstIndex { ColumnReference.folded($0) == exclusion.column }.map { ($0, exclusion) }
            }
        let mapped = columns.columns()
        // The header's width, a headerless preset's purchase rows', or (a statement without a
        // header) the fewest at which every mapped column exists: longer rows are joined back
        // like any row with surplus fields (`1`,`500`).
        let width = layout.hasHeader
            ? header.count
            : preset?.headerless?.fieldCount ?? Self.shortestCount(of: widths, reaching: mapped.max() ?? 0)
        let widthWord = layout.hasHeader
            ? "the header has" : preset?.headerless != nil ? "a purchase has" : "a row needs"
        let read = preset?.headerless != nil ? Set(0..<width) : Set(mapped + exclusions.map(\.index))
        let optional: Set<StatementField> = [.note, .tags, .category, .balance]
        return RowShape(
            columns: columns, exclusions: exclusions, width: width, widthWord: widthWord, read: read,
            lastRead: preset?.headerless != nil ? width - 1 : read.max() ?? width - 1,
            needed: columns.columns { !optional.contains($0) && $0.declared == nil } + exclusions.map(\.index))
    }

    /// The ID of an identity written from one (`id=X`, `id#2=X`), else `nil`.
    static func plainID(of identity: String) -> String? {
        if identity.hasPrefix("id=") { return String(identity.dropFirst(3)) }
        guard identity.hasPrefix("id#"), let equals = identity.firstIndex(of: "=") else { return nil }
        return String(identity[identity.index(after: equals)...])
    }

    /// Rows sharing an ID (a payment and its refund, both halves of a split payment) numbered
    /// by date, then file order: the earliest keeps `id=X`, so a later download that lists a
    /// refund first (PayPay lists the newest first) does not take the refund for the payment
    /// imported before, nor the payment for a new row.
    static func numberByDate(_ identified: [(id: String, date: Day, entry: Int?)], in entries: inout StatementEntries) {
        var groups: [String: [Int]] = [:]
        for (position, row) in identified.enumerated() { groups[row.id, default: []].append(position) }
        for (id, positions) in groups where positions.count > 1 {
            let ordered = positions.sorted { (identified[$0].date, $0) < (identified[$1].date, $1) }
            for (occurrence, position) in ordered.enumerated() {
                guard let entry = identified[position].entry else { continue }
                entries[entry].identityParts = .statementID(id, occurrence: occurrence + 1)
            }
        }
    }

    /// The mark of a preset's table that ends its rows, when a cell of the row starts with one.
    private func endMark(_ cells: [String]) -> String? {
        guard let marks = preset?.endMarks, !marks.isEmpty else { return nil }
        for cell in cells {
            let folded = TextFolding.folded(cell)
            if let mark = marks.first(where: { folded.hasPrefix(TextFolding.folded($0)) }) { return mark }
        }
        return nil
    }

    /// The fewest fields a row of a statement without a header has with the column at
    /// `lastMapped` in it; without such a row, the most any row has.
    private static func shortestCount(of counts: [Int], reaching lastMapped: Int) -> Int {
        counts.filter { $0 > lastMapped }.min() ?? counts.max() ?? 0
    }

    /// Whether a row has a date (or what reads as an attempt at one) where the statement's
    /// dates are. A row without one is a line without a transaction when it has no amount or
    /// the mark of a total or a note (`合計`, `小計`, `※…`, `【…】`, `Total`); a row with an
    /// amount and no such mark looks like a transaction and is no line to pass over.
    func isDated(_ cells: [String], columns: StatementColumns) -> Bool {
        guard let dates = columns[.date] else { return true }
        return dates.contains { $0 < cells.count && looksLikeDate(cells[$0]) }
    }

    /// Whether a row has a number other than 0 in an amount column (or what tries to be one).
    private func hasAmount(_ cells: [String], columns: StatementColumns) -> Bool {
        let amounts = (columns[.amount] ?? []) + (columns[.out] ?? []) + (columns[.in] ?? [])
        return amounts.contains { index in
            guard index < cells.count else { return false }
            switch StatementAmount.parse(
                cells[index], decimalMark: layout.decimalMark, minorDigits: minorDigits,
                currencySymbols: currencySymbols) {
            case .success(let value?): return value != 0
            case .success(nil): return false
            case .failure:
                // Text that is no amount counts when it holds a digit: it tries to be one.
                return HalfWidth.plain(cells[index]).unicodeScalars.contains { ("0"..."9").contains($0) }
            }
        }
    }

    /// Whether a cell is a date, or reads as an attempt at one (a date that is wrong stays an
    /// error): it starts with a digit or an era's name.
    func looksLikeDate(_ cell: String) -> Bool {
        let plain = FieldRules.trimmed(HalfWidth.plain(cell))
        guard let first = plain.unicodeScalars.first, plain != "-" else { return false }
        if ("0"..."9").contains(first) { return true }
        if ["令和", "平成", "昭和"].contains(where: plain.hasPrefix) { return true }
        if let era = plain.first, "RHSrhs".contains(era), plain.dropFirst().first?.isNumber == true { return true }
        return StatementDate.read(plain, pattern: layout.dateFormat, asOf: today) != nil
    }

    /// Whether a cell carries the mark of a total, a subtotal or a note: `合計` or `小計` in it,
    /// `※` or `【` at its start, or the word `total` or `subtotal` (not `TotalEnergies`).
    static func hasTotalMark(_ cell: String) -> Bool {
        let folded = TextFolding.folded(cell)
        if folded.contains("合計") || folded.contains("小計") { return true }
        if folded.hasPrefix("※") || folded.hasPrefix("【") { return true }
        let words = folded.split { !$0.isLetter }
        return words.contains { $0 == "total" || $0 == "subtotal" || $0 == "totals" }
    }

    // MARK: Columns

    /// Each mapped field's column indices, in order of preference.
    private func resolve(header: [String], line: Int?) throws(ImportError) -> StatementColumns {
        let folded = header.map(ColumnReference.folded)
        var columns = StatementColumns()
        // In the fields' order, so that of several missing columns the first is named, always.
        for (field, references) in layout.columns.sorted(by: { $0.key.ordinal < $1.key.ordinal }) {
            var indices: [Int] = []
            for reference in references {
                switch reference {
                case .position(let number):
                    // A header names every column there is: a position past it is a mistake.
                    if layout.hasHeader && number > header.count {
                        throw ImportError(
                            line: line,
                            "the header has no column \(number) (for \(field.rawValue)): "
                                + "it has \(header.count) column\(header.count == 1 ? "" : "s")",
                            reason: .statementColumn)
                    }
                    indices.append(number - 1)
                case .name(let name):
                    guard layout.hasHeader else {
                        throw ImportError(
                            line: nil,
                            "the statement has no header row, so '\(name)' (for \(field.rawValue)) names no column; "
                                + "give its position",
                            reason: .statementColumn)
                    }
                    let matches = folded.indices.filter { folded[$0] == ColumnReference.folded(name) }
                    if matches.count > 1 {
                        throw ImportError(
                            line: line,
                            "the header has \(matches.count) columns '\(name)' "
                                + "(\(matches.map { String($0 + 1) }.joined(separator: ", "))); "
                                + "map \(field.rawValue) to one of them by its position (a number from 1)")
                    }
                    if let index = matches.first { indices.append(index) }
                }
            }
            if indices.isEmpty {
                // A preset's column for an optional field (a memo) that this download lacks.
                if let preset, [.note, .tags, .category, .balance].contains(field), references == preset.layout[field] {
                    continue
                }
                let names = references.map { "'\($0.text)'" }.joined(separator: " or ")
                throw ImportError(
                    line: line,
                    "the header has no column \(names) for \(field.rawValue); "
                        + "its columns are \(header.map { "'\($0)'" }.joined(separator: ", "))",
                    reason: .statementColumn)
            }
            columns[field] = indices
        }
        return columns
    }

    // MARK: Rows

    /// What a row reads as: an entry, or why it is none.
    enum RowReading: Equatable {
        /// The row becomes this entry.
        case entry(StatementEntry)
        /// The row becomes no record: a line with no transaction, a transfer, a row left out.
        case skipped(SkippedLine.Reason)
    }

    /// A row's entry, why it is none (no date and no name: a total; nothing moved: an amount
    /// of 0; a transfer by the kind column), or the row's first problem. `occurrences` gives the
    /// row's occurrence among the rows with its identity (and counts it, when it is read for good).
    func entry(
        _ cells: [String], line: Int, columns: StatementColumns,
        occurrences: (RowOccurrences.Key) -> Int
    ) throws(ImportError) -> RowReading {
        func text(_ field: StatementField) -> (text: String, column: String)? {
            for index in columns[field] ?? [] where index < cells.count {
                // Statements write `-` (or its full-width form) for "nothing".
                let value = FieldRules.trimmed(cells[index])
                if !value.isEmpty && value != "-" && value != "－" { return (value, column(index)) }
            }
            return nil
        }
        func column(_ index: Int) -> String { String(index + 1) }
        func columnOf(_ field: StatementField) -> String { (columns[field]?.first).map(column) ?? field.rawValue }

        let dateText = text(.date)
        let nameText = text(.name)
        guard let dateText else {
            if nameText == nil { return .skipped(.noDate) }
            throw ImportError(line: line, column: columnOf(.date), "the row has no date")
        }
        guard let (date, hasYear) = StatementDate.read(dateText.text, pattern: layout.dateFormat, asOf: today) else {
            if layout.dateFormat == nil, let why = StatementDate.outsideEra(dateText.text) {
                throw ImportError(
                    line: line, column: dateText.column, "'\(dateText.text)' is no day: \(why)", reason: .statementDate)
            }
            let expected = layout.dateFormat.map { "the date format '\($0)'" }
                ?? "a date such as 2026/11/24, 20261124, 2026年11月24日 or 令和8年11月24日"
            throw ImportError(
                line: line, column: dateText.column, "'\(dateText.text)' is not \(expected)", reason: .statementDate)
        }
        // A row where nothing moved (zero, or nothing in both out and in) is no transaction.
        let kind: RecordKind, signedAmount: Int
        switch try kindAndAmount(text, line: line, columnOf: columnOf) {
        case .moved(let movedKind, let amount): (kind, signedAmount) = (movedKind, amount)
        case .none(let reason): return .skipped(reason)
        }
        // A negative expense is a refund (a card's negative amount), of that size.
        let isRefund = signedAmount < 0 && kind != .transfer
        let amount = signedAmount.magnitude > UInt(Int.max) ? Int.max : abs(signedAmount)
        guard let nameText else { throw ImportError(line: line, column: columnOf(.name), "the row has no name") }
        func rule<Value>(_ column: String, _ body: () throws(ValueError) -> Value) throws(ImportError) -> Value {
            do { return try body() } catch { throw ImportError(line: line, column: column, error.description) }
        }
        let name = try rule(nameText.column) { () throws(ValueError) in
            try FieldRules.label(nameText.text, field: "name")
        }
        var category: String?
        if kind == .expense, let given = text(.category) {
            category = try rule(given.column) { () throws(ValueError) in
                try FieldRules.label(given.text, field: "category")
            }
        }
        var note: String?
        if let given = text(.note) {
            note = try rule(given.column) { () throws(ValueError) in try FieldRules.note(given.text) }
        }
        var tags = Tags()
        if let given = text(.tags) {
            var list: [String] = []
            for item in given.text.split(separator: ",") {
                list.append(try rule(given.column) { () throws(ValueError) in try FieldRules.tag(String(item)) })
            }
            tags = Tags(list)
        }
        var values = RecordValues()
        for (field, declared) in columns.declared {
            guard declared.applies(to: kind), let given = text(field) else { continue }
            values[declared.key] = try rule(given.column) { () throws(ValueError) in
                try declared.value(typed: given.text)
            }
        }
        let identity: StatementIdentity
        if let id = text(.id) {
            // A repeated ID (an anonymised column, both halves of a split payment) is kept
            // apart by its occurrence; the first keeps the form earlier versions wrote.
            let plain = HalfWidth.plain(id.text)
            identity = .statementID(plain, occurrence: occurrences(.id(plain)))
        } else {
            // A refund keeps the identity it had when refunds were read as incomes, so a
            // statement imported then is still recognised.
            let kindWord = isRefund ? RecordKind.income : kind
            let occurrence = occurrences(RowOccurrences.Key(content: (date, kindWord, amount), text: name))
            identity = .content(
                amount: amount, name: name, date: date, occurrence: Int32(truncatingIfNeeded: occurrence),
                kind: kindWord)
        }
        var entry = StatementEntry(
            line: line, kind: kind, date: date, name: name, amount: amount, isRefund: isRefund, category: category,
            note: note, tags: tags, identityParts: identity, dateHasYear: hasYear)
        entry.values = values
        entry.isIncoming = kind == .transfer && signedAmount > 0
        if let given = text(.balance) {
            switch StatementAmount.parse(
                given.text, decimalMark: layout.decimalMark, minorDigits: minorDigits, currencySymbols: currencySymbols
            ) {
            case .success(let value?) where value != Int.min: entry.balance = value
            case .success(nil): entry.balance = nil
            case .success: throw ImportError(line: line, column: given.column, "'\(given.text)' is too large a balance")
            // A balance the bank masks (`XXX`, `***`) is no balance to check, not a bad row.
            case .failure where given.text.unicodeScalars.allSatisfy({ "*＊XxＸｘ#".unicodeScalars.contains($0) }):
                entry.balance = nil
            case .failure:
                throw ImportError(line: line, column: given.column, "'\(given.text)' is not a balance")
            }
        }
        return .entry(entry)
    }

    /// What a row's amounts say.
    private enum Movement {
        /// Money of this kind moved, this much (negative for a refund).
        case moved(RecordKind, Int)
        /// No money moved, or the kind column says the row is no record of either kind.
        case none(SkippedLine.Reason)
    }

    /// Which kind a row is and its amount: from a kind column, from out and in columns, or
    /// from the sign of the amount column; negative for a refund (a card's negative amount).
    private func kindAndAmount(
        _ text: (StatementField) -> (text: String, column: String)?, line: Int, columnOf: (StatementField) -> String
    ) throws(ImportError) -> Movement {
        let movement = try amountsMovement(text, line: line, columnOf: columnOf)
        // On a transit or e-money card's history only a charge brings money in.
        if preset?.moneyInIsTransfer == true, case .moved(let kind, let amount) = movement,
           kind == .income || amount < 0 {
            // Into an account, the charge is kept: money in.
            guard keepsTransfers else { return .none(.transfer("money in: a charge")) }
            return .moved(.transfer, amount == Int.min ? Int.max : abs(amount))
        }
        return movement
    }

    /// What the kind column and the amounts say.
    private func amountsMovement(
        _ text: (StatementField) -> (text: String, column: String)?, line: Int, columnOf: (StatementField) -> String
    ) throws(ImportError) -> Movement {
        // A row the kind column marks a transfer, kept (into an account): its amount, signed by
        // its direction (positive: into the statement's account; a refund's sign is money in).
        var transferMark: String?
        func marked(_ movement: Movement) -> Movement {
            guard transferMark != nil, case .moved(let kind, let amount) = movement else { return movement }
            let size = amount == Int.min ? Int.max : abs(amount)
            return .moved(.transfer, kind == .income || amount < 0 ? size : -size)
        }
        func amount(_ field: StatementField) throws(ImportError) -> (value: Int, column: String)? {
            guard let given = text(field) else { return nil }
            switch StatementAmount.parse(
                given.text, decimalMark: layout.decimalMark, minorDigits: minorDigits,
                currencySymbols: currencySymbols) {
            case .success(let value?): return (value, given.column)
            case .success(nil): return nil
            case .failure(.notANumber):
                throw ImportError(
                    line: line, column: given.column, "'\(given.text)' is not an amount", reason: .statementAmount)
            case .failure(.tooLarge):
                throw ImportError(line: line, column: given.column, "'\(given.text)' is too large an amount")
            case .failure(.tooManyDecimals(let allowed)):
                throw ImportError(
                    line: line, column: given.column,
                    allowed == 0
                        ? "'\(given.text)' has decimals, but the budget's amounts have none (set its currency)"
                        : "'\(given.text)' has more than the currency's \(allowed) decimals")
            }
        }
        var kindWord: RecordKind?
        if let given = text(.kind) {
            if let meaning = kindMeanings[TextFolding.folded(given.text)] {
                switch meaning {
                case .income: kindWord = .income
                case .expense: kindWord = .expense
                // Into an account, a transfer's amount and direction are read like any row's, where
                // the amounts say the direction: out and in columns, or a transit card's signed
                // amounts (WAON's unsigned 移行 out and back in cannot be told apart: left out).
                case .transfer where keepsTransfers && directionIsKnown:
                    transferMark = given.text
                case .transfer: return .none(.transfer(given.text))
                case .skip: return .none(.leftOut(given.text))
                }
            } else if layout.kindValues.isEmpty,
                      let word = Self.kindWords[ColumnReference.folded(given.text).lowercased()] {
                kindWord = word
            } else if !layout.kindFallsBackToAmounts {
                let known = layout.kindValues.isEmpty ? ["income", "expense"] : layout.kindValues.map(\.text)
                throw ImportError(
                    line: line, column: given.column,
                    "unknown kind '\(given.text)' (known: \(known.joined(separator: ", ")))", reason: .statementKind)
            }
        }
        let out = try amount(.out).flatMap { $0.value == 0 ? nil : $0 }
        let `in` = try amount(.in).flatMap { $0.value == 0 ? nil : $0 }
        if out != nil || `in` != nil {
            if out != nil && `in` != nil {
                throw ImportError(line: line, column: columnOf(.out), "the row has both an amount out and an amount in")
            }
            let (kind, given) = out.map { (RecordKind.expense, $0) } ?? (.income, `in` ?? (0, ""))
            if given.value < 0 {
                // A card's cancellation written negative among its purchases is a refund; any
                // other negative amount in a column of one direction cannot be told apart from
                // the other direction.
                if kind == .expense && kindWord == nil && preset != nil && layout.sign == .expensePositive {
                    let size = try magnitude(given.value, line: line, column: given.column)
                    return marked(.moved(.expense, -size))
                }
                throw ImportError(
                    line: line, column: given.column,
                    "the amount is negative (\(given.value)) in a column of money \(kind == .expense ? "out" : "in"): "
                        + "which way it moved cannot be told")
            }
            let size = try magnitude(given.value, line: line, column: given.column)
            // A card's money back in a column of its own (View Card's 払戻額) is a refund.
            if kindWord == nil && out == nil && preset != nil && layout.sign == .expensePositive {
                return marked(.moved(.expense, -size))
            }
            return marked(.moved(kindWord ?? kind, size))
        }
        guard let signed = try amount(.amount) else {
            // A dated row with no amount at all (a charge shown without one); or zero, or
            // nothing in both the out and in columns: nothing moved.
            if !(columns(.out) && columns(.in)) && text(.amount) == nil && text(.out) == nil && text(.in) == nil {
                return .none(.noAmount)
            }
            return .none(.nothingMoved)
        }
        if signed.value == 0 { return .none(.nothingMoved) }
        if let kindWord { return .moved(kindWord, try magnitude(signed.value, line: line, column: signed.column)) }
        if !signDecidesKind, let kind {
            guard signed.value >= 0 else {
                throw ImportError(
                    line: line, column: signed.column, ValueError.negativeAmount(signed.value).description,
                    reason: .statementNegative)
            }
            return marked(.moved(kind, signed.value))
        }
        let size = try magnitude(signed.value, line: line, column: signed.column)
        // A card's negative amount is a refund: an expense taken back (negative here). A
        // layout of one's own keeps reading it as an income (a Suica charge is no refund).
        if preset != nil && layout.sign == .expensePositive && signed.value < 0 {
            return marked(.moved(.expense, -size))
        }
        let spending = layout.sign == .expenseNegative ? signed.value < 0 : signed.value >= 0
        return marked(.moved(spending ? .expense : .income, size))
    }

    private func columns(_ field: StatementField) -> Bool { !layout[field].isEmpty }

    /// Whether a transfer row's amounts say which way the money went: out and in columns, or a
    /// transit card's signed amounts (money in is a charge).
    private var directionIsKnown: Bool {
        columns(.out) || columns(.in) || preset?.moneyInIsTransfer == true
    }

    /// A layout's kind values by their folded text, the first given winning.
    private static func meanings(of layout: StatementLayout) -> [String: RowMeaning] {
        var meanings: [String: RowMeaning] = [:]
        for value in layout.kindValues where meanings[TextFolding.folded(value.text)] == nil {
            meanings[TextFolding.folded(value.text)] = value.meaning
        }
        return meanings
    }

    private func magnitude(_ value: Int, line: Int, column: String) throws(ImportError) -> Int {
        guard value != Int.min else { throw ImportError(line: line, column: column, "the amount is too large") }
        return abs(value)
    }

    /// The words of a kind column.
    static let kindWords: [String: RecordKind] = [
        "income": .income, "incomes": .income, "収入": .income, "入金": .income, "in": .income,
        "expense": .expense, "expenses": .expense, "支出": .expense, "出金": .expense, "out": .expense, "payment": .expense,
    ]
}
