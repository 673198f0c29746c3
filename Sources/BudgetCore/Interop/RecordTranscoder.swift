/// Budget's own CSV of expenses (what `export` and `list` write) turned straight into the data
/// file's record bytes, without making a record of any row: an import of a hundred thousand
/// rows into a budget that has no expenses yet costs about what writing them costs.
///
/// It takes only what it is sure reads as the general import reads it (`RecordImporter`,
/// `ImportBatch`): each cell is checked over its bytes by the same rules (a label that
/// `FieldRules.label` keeps as it is, a day written as budget writes days, an amount of plain
/// digits), and each record is written as `Expense.schema.write` writes it. Anything else (a
/// note or tags, a quoted quote, an income's row, an option that changes rows, a currency with
/// decimals, a budget that has expenses or is kept on several devices) declines the whole file
/// (`nil`), and the general import reads it: nothing is ever imported in part by each.
struct RecordTranscoder {
    /// The expenses the rows make, in pages the writer copies (`EncodedPages`), each read into
    /// records only if something asks for one.
    let records: RecordList<Expense>
    /// The new records' ID numbers, in row order.
    let ids: ClosedRange<Int>

    /// The columns a row may have, and those whose cells must be empty.
    private static let readColumns: Set<String> = ["date", "name", "category", "amount"]
    private static let emptyColumns: Set<String> = ["note", "tags", "source", "schedule"]
    private static let ignoredColumns: Set<String> = ["kind", "id", "order"]

    /// The rows of `text` as the expenses of `document`, or `nil` when the file or the import
    /// is not one this reads (the general import then reads it).
    ///
    /// - Parameters:
    ///   - kinds: the kinds the import reads (expenses, and incomes when the file has a kind
    ///     column and none was named: the file must then hold no income).
    ///   - plainImport: no option that changes rows was given (`--skip-duplicates`,
    ///     `--account`, `--tag`).
    init?(_ text: String, format: ImportFormat, kinds: [RecordKind], plainImport: Bool, into document: BudgetDocument) {
        guard format == .csv, plainImport, kinds.contains(.expense), kinds.allSatisfy({ $0 != .transfer }),
              document.expenses.count == 0, document.expenses.ownIDs == nil, document.sync == nil,
              (document.moneyFormat.currency?.minorDigits ?? 0) == 0 else { return nil }
        let first = document.expenses.lastID + 1
        guard let parts = Self.transcode(text, firstID: first, kindColumnRequired: kinds != [.expense]),
              let table = TranscodedTable(parts) else { return nil }
        records = RecordList(
            deferred: DeferredPages(
                summaries: table.layout.summaries, blank: Expense.schema.blank(RecordID.string(for: 0)),
                encoded: table, readPrefix: { page, count in table.stamped?.readPrefix(page, count) },
                read: { page in table.stamped?.read(page) }))
        ids = first...(first + records.count - 1)
    }

    /// A part of the table `transcode` makes: its bytes (the first part's start with the table's
    /// `{`, the last's end with its closing line), where each of its pages' first record starts
    /// in them (the quote before its ID) and what each page holds.
    struct Transcoded: Sendable {
        var bytes: [UInt8]
        var pageStarts: [Int] = []
        var summaries: [PageSummary] = []
    }

    /// The table the rows make, IDs from `firstID` on, in one or two parts (the first opening
    /// the table, the last closing it); `nil` for anything not sure. A large file's later
    /// pages are written on a thread of their own meanwhile.
    private static func transcode(_ text: String, firstID: Int, kindColumnRequired: Bool) -> [Transcoded]? {
        guard let plan = ByteView.withBytes(utf8Of: text, { Plan($0, kindColumnRequired: kindColumnRequired) }),
              firstID - 1 + plan.rows <= RecordID.maximum else { return nil }
        let pages = plan.pageLines.count, half = pages / 2
        let pageSize = RecordList<Expense>.pageSize
        @Sendable func part(_ pages: Range<Int>) -> Transcoded? {
            let lines = plan.pageLines[pages.lowerBound]..<(pages.upperBound < plan.pageLines.count
                ? plan.pageLines[pages.upperBound] : plan.end)
            let expected = min(pages.count * pageSize, plan.rows - pages.lowerBound * pageSize)
            let opening = pages.lowerBound == 0, closing = pages.upperBound == plan.pageLines.count
            return ByteView.withBytes(utf8Of: text) { bytes in
                plan.transcode(
                    bytes, lines: lines, firstOrder: pages.lowerBound * pageSize + 1, firstID: firstID,
                    expected: expected, opening: opening, closing: closing,
                    capacity: expected * Row.writtenBound(ofLine: 0) + 2 * lines.count + 8)
            }
        }
        let parts: [Transcoded]
        if half > 0 {
            let later = BackgroundWork { part(half..<pages) }
            guard let first = part(0..<half), let second = later.result() else { return nil }
            parts = [first, second]
        } else {
            guard let only = part(0..<pages) else { return nil }
            parts = [only]
        }
        // The amounts' sizes add up within `Int.max` over the whole file, as `ImportBatch` counts
        // them (each page's do, checked as it was written).
        var total = 0
        for summary in parts.flatMap(\.summaries) {
            let (sum, overflow) = total.addingReportingOverflow(summary.sizes.all)
            if overflow { return nil }
            total = sum
        }
        return parts
    }

    /// What a file's header says, and where each page's rows start: what the parts of the table
    /// are written from.
    private struct Plan: Sendable {
        var columns: [Column] = []
        /// The header's line break (`\n` or `\r\n`), which every row must end with.
        var lineBreak = 0
        /// Where the first row of each page starts, and where the rows end.
        var pageLines: [Int] = []
        var end = 0
        var rows = 0

        /// The header read; `nil` for one the transcoder does not read (an unknown column, one
        /// twice, a read column missing, or no kind column when rows must say their kind).
        init?(_ bytes: ByteView, kindColumnRequired: Bool) {
            var cursor = 0
            guard let header = line(bytes, from: &cursor), let lineBreak = header.lineBreak else { return nil }
            self.lineBreak = lineBreak
            var names: Set<String> = []
            var start = header.range.lowerBound
            while start <= header.range.upperBound {
                let end = bytes.firstIndex(of: UInt8(ascii: ","), from: start).map { min($0, header.range.upperBound) }
                    ?? header.range.upperBound
                let name = bytes.string(start..<end)
                guard names.insert(name).inserted,
                      readColumns.contains(name) || emptyColumns.contains(name) || ignoredColumns.contains(name)
                else { return nil }
                columns.append(Column(name))
                start = end + 1
            }
            guard readColumns.isSubset(of: names), !kindColumnRequired || names.contains("kind") else { return nil }
            // Each page's first row, found by its line breaks (every row is a line: a quoted
            // cell holding a line break is declined).
            let pageSize = RecordList<Expense>.pageSize
            while cursor < bytes.count {
                if rows & (pageSize - 1) == 0 { pageLines.append(cursor) }
                rows += 1
                cursor = bytes.firstIndex(of: UInt8(ascii: "\n"), from: cursor).map { $0 + 1 } ?? bytes.count
            }
            end = bytes.count
            guard rows > 0 else { return nil }
        }

        /// The records of the rows in `lines` (`expected` of them, the first of order
        /// `firstOrder`), the table's opening brace first when `opening` and its closing line
        /// last when `closing`, written into room for `capacity` bytes.
        func transcode(
            _ bytes: ByteView, lines: Range<Int>, firstOrder: Int, firstID: Int, expected: Int, opening: Bool,
            closing: Bool, capacity: Int
        ) -> Transcoded? {
            var pageStarts: [Int] = [], summaries: [PageSummary] = []
            let written = [UInt8].written(capacity: capacity) { space in
                let room = space.room
                if opening { space.put(byte: UInt8(ascii: "{")) }
                var cursor = lines.lowerBound
                var order = firstOrder
                var page = Page()
                let pageSize = RecordList<Expense>.pageSize
                while cursor < lines.upperBound {
                    guard let row = line(bytes, from: &cursor), row.lineBreak == nil || row.lineBreak == lineBreak,
                          let record = Row(row.range, columns: columns, in: bytes),
                          space.room >= Row.writtenBound(ofLine: row.range.count) else { return false }
                    let id = firstID + order - 1
                    if (order - 1) & (pageSize - 1) == 0 {
                        if let summary = page.summary { summaries.append(summary) }
                        pageStarts.append(room - space.room + (order > 1 ? 1 : 0) + 5)
                        page = Page(firstID: id)
                    }
                    guard page.add(record.amount, id: id) else { return false }
                    record.write(id: id, order: order, from: bytes, into: &space)
                    order += 1
                }
                guard let summary = page.summary, order - firstOrder == expected, space.room >= 4 else { return false }
                summaries.append(summary)
                if closing { space.put("\n  }") }
                return true
            }
            return written.map { Transcoded(bytes: $0, pageStarts: pageStarts, summaries: summaries) }
        }
    }

    /// What a column of the header is to the transcoder.
    private enum Column: Sendable {
        case kind, ignored, empty, name, category, date, amount

        init(_ name: String) {
            switch name {
            case "kind": self = .kind
            case "name": self = .name
            case "category": self = .category
            case "date": self = .date
            case "amount": self = .amount
            case "id", "order": self = .ignored
            default: self = .empty
            }
        }
    }

    /// A row's cells, where they lie, each checked by its column's rule.
    private struct Row {
        var name = 0..<0, category = 0..<0, date = 0..<0
        var amount = 0

        /// The row a line holds, a cell for each column; `nil` when a cell breaks a rule (or is
        /// not one this reads).
        init?(_ line: Range<Int>, columns: [Column], in bytes: ByteView) {
            var position = line.lowerBound
            for index in columns.indices {
                guard let cell = RecordTranscoder.cell(
                    in: bytes, at: &position, line: line, last: index == columns.count - 1) else { return nil }
                switch columns[index] {
                case .kind: guard cell.count == 7, bytes.matches("expense", at: cell.lowerBound) else { return nil }
                case .ignored: guard bytes.slice(cell).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
                case .empty: guard cell.isEmpty else { return nil }
                case .name: name = cell
                case .category: category = cell
                case .date:
                    // As `Day(iso:)` reads it, the day written back the same.
                    guard cell.count == 10, let day = dayParts(bytes, cell),
                          Day(year: day.year, month: day.month, day: day.day) != nil else { return nil }
                    date = cell
                case .amount:
                    guard let amount = RecordTranscoder.amount(bytes, cell) else { return nil }
                    self.amount = amount
                }
            }
            // A text starting with `'` may be a formula guarded by an export (`FormulaGuard`),
            // which the general import unguards.
            guard FieldRules.isPlainLabel(bytes.slice(name)), FieldRules.isPlainLabel(bytes.slice(category)),
                  bytes[name.lowerBound] != UInt8(ascii: "'"), bytes[category.lowerBound] != UInt8(ascii: "'") else {
                return nil
            }
        }

        /// The most a row's record takes written, its line being `count` bytes: the keys and
        /// the ID twice (under 200 bytes), the texts at most twice their size (escaped).
        static func writtenBound(ofLine count: Int) -> Int { 200 + 2 * count }

        /// The record as `Expense.schema.write` writes it: its fields in sorted order
        /// (`amount`, `category`, `date`, `id`, `name`, `order`), its texts quoted (a label
        /// holds no control character: only `"` and `\` are escaped).
        func write(id: Int, order: Int, from bytes: ByteView, into space: inout ByteSpace) {
            space.put(order == 1 ? "\n    \"" : ",\n    \"")
            space.put(digits: id, count: 8)
            space.put("\" : {\n      \"amount\" : ")
            space.put(amount)
            space.put(",\n      \"category\" : \"")
            Self.put(bytes.slice(category), into: &space)
            space.put("\",\n      \"date\" : \"")
            space.put(bytes.slice(date))
            space.put("\",\n      \"id\" : \"")
            space.put(digits: id, count: 8)
            space.put("\",\n      \"name\" : \"")
            Self.put(bytes.slice(name), into: &space)
            space.put("\",\n      \"order\" : ")
            space.put(order)
            space.put("\n    }")
        }

        private static func put(_ text: ByteView, into space: inout ByteSpace) {
            guard text.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                space.put(text)
                return
            }
            for byte in text {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { space.put(byte: UInt8(ascii: "\\")) }
                space.put(byte: byte)
            }
        }
    }

    /// The page being written: how many records, its first and last IDs, its amounts' sizes.
    private struct Page {
        var firstID = 0, lastID = 0, count = 0
        var all = 0, refunds = 0

        init(firstID: Int = 0) {
            self.firstID = firstID
        }

        /// Counts a record; `false` when the amounts' sizes pass `Int.max`.
        mutating func add(_ amount: Int, id: Int) -> Bool {
            let size = amount.magnitude
            guard size <= UInt(Int.max) else { return false }
            let (sum, overflow) = all.addingReportingOverflow(Int(size))
            if overflow { return false }
            all = sum
            if amount < 0 { refunds += Int(size) }
            lastID = id
            count += 1
            return true
        }

        var summary: PageSummary? {
            count == 0 ? nil : PageSummary(count: count, firstID: firstID, lastID: lastID, sizes: (all, refunds))
        }
    }

    /// The next line from `cursor` (without its line break) and its line break, `\n` or `\r\n`
    /// (`nil` at the end of the text); `nil` for an empty line. A `\r` elsewhere is left in
    /// the line (`cells` refuses it).
    private static func line(_ bytes: ByteView, from cursor: inout Int) -> (range: Range<Int>, lineBreak: Int?)? {
        let start = cursor
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n"), from: start) else {
            cursor = bytes.count
            guard start < bytes.count else { return nil }
            return (start..<bytes.count, nil)
        }
        cursor = newline + 1
        let crlf = newline > start && bytes[newline - 1] == UInt8(ascii: "\r")
        let end = crlf ? newline - 1 : newline
        guard end > start else { return nil }
        return (start..<end, crlf ? 2 : 1)
    }

    /// The next cell of a line from `position` (left past its comma, or at the line's end for
    /// the `last`): an unquoted one holding no quote, or a quoted one (`"a, b"`) holding none
    /// either, and no `\r` in any; `nil` for anything else.
    private static func cell(
        in bytes: ByteView, at position: inout Int, line: Range<Int>, last: Bool
    ) -> Range<Int>? {
        let cell: Range<Int>
        if position < line.upperBound, bytes[position] == UInt8(ascii: "\"") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "\""), from: position + 1), close < line.upperBound
            else { return nil }
            cell = position + 1..<close
            guard !bytes.slice(cell).contains(UInt8(ascii: "\r")) else { return nil }
            position = close + 1
        } else {
            var end = position
            while end < line.upperBound {
                let byte = bytes[end]
                if byte == UInt8(ascii: ",") { break }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r") { return nil }
                end += 1
            }
            cell = position..<end
            position = end
        }
        if last { return position == line.upperBound ? cell : nil }
        guard position < line.upperBound, bytes[position] == UInt8(ascii: ",") else { return nil }
        position += 1
        return cell
    }

    /// A `YYYY-MM-DD` cell's numbers, `nil` for anything else.
    private static func dayParts(_ bytes: ByteView, _ cell: Range<Int>) -> (year: Int, month: Int, day: Int)? {
        var numbers = (year: 0, month: 0, day: 0)
        for index in cell {
            let byte = bytes[index], offset = index - cell.lowerBound
            if offset == 4 || offset == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let digit = Int(byte - 0x30)
            switch offset {
            case 0..<4: numbers.year = numbers.year * 10 + digit
            case 5..<7: numbers.month = numbers.month * 10 + digit
            default: numbers.day = numbers.day * 10 + digit
            }
        }
        return numbers
    }

    /// An amount as an export of a budget without decimals writes it: digits (1 to 18, as
    /// `MoneyFormat.parse` reads them at once), a minus before them for a refund; `nil` for
    /// anything else, and for zero (left to the general import's rules).
    fileprivate static func amount(_ bytes: ByteView, _ cell: Range<Int>) -> Int? {
        var digits = cell
        let negative = !cell.isEmpty && bytes[cell.lowerBound] == UInt8(ascii: "-")
        if negative { digits = cell.lowerBound + 1..<cell.upperBound }
        guard (1...18).contains(digits.count) else { return nil }
        var value = 0
        for index in digits {
            let byte = bytes[index]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        guard value != 0 else { return nil }
        return negative ? -value : value
    }
}
