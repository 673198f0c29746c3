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
        guard let read = Self.transcode(text, firstID: first, kindColumnRequired: kinds != [.expense]) else {
            return nil
        }
        let table = TranscodedTable(bytes: read.bytes, pageStarts: read.pageStarts, summaries: read.summaries)
        guard let stamped = StampedTable<Expense>(table.contents, table.layout) else { return nil }
        records = RecordList(
            deferred: DeferredPages(
                summaries: read.summaries, blank: Expense.schema.blank(RecordID.string(for: 0)), encoded: table,
                readPrefix: { page, count in stamped.readPrefix(page, count) }, read: { page in stamped.read(page) }))
        ids = first...(first + records.count - 1)
    }

    /// What `transcode` makes: the table's bytes (`{`, the records, `\n  }`), where each page's
    /// first record starts (the quote before its ID) and what each page holds.
    private struct Transcoded: Sendable {
        var bytes: [UInt8]
        var pageStarts: [Int] = []
        var summaries: [PageSummary] = []
    }

    /// The table the rows make, IDs from `firstID` on; `nil` for anything not sure. A large
    /// file's later pages are written on a thread of their own meanwhile.
    private static func transcode(_ text: String, firstID: Int, kindColumnRequired: Bool) -> Transcoded? {
        guard let plan = ByteView.withBytes(utf8Of: text, { Plan($0, kindColumnRequired: kindColumnRequired) }),
              firstID - 1 + plan.rows <= RecordID.maximum else { return nil }
        let pages = plan.pageLines.count, half = pages / 2
        let pageSize = RecordList<Expense>.pageSize
        @Sendable func part(_ pages: Range<Int>, opening: Bool) -> Transcoded? {
            let lines = plan.pageLines[pages.lowerBound]..<(pages.upperBound < plan.pageLines.count
                ? plan.pageLines[pages.upperBound] : plan.end)
            let expected = min(pages.count * pageSize, plan.rows - pages.lowerBound * pageSize)
            // The first part has room for the others' records after its own, and the end.
            let capacity = opening
                ? plan.rows * Row.writtenBound(ofLine: 0) + 2 * plan.end + 8
                : expected * Row.writtenBound(ofLine: 0) + 2 * lines.count
            return ByteView.withBytes(utf8Of: text) { bytes in
                plan.transcode(
                    bytes, lines: lines, firstOrder: pages.lowerBound * pageSize + 1, firstID: firstID,
                    expected: expected, opening: opening, capacity: capacity)
            }
        }
        guard half > 0 else { return part(0..<pages, opening: true).map { closed($0) } }
        let later = BackgroundWork { part(half..<pages, opening: false) }
        guard var out = part(0..<half, opening: true), let second = later.result() else { return nil }
        let offset = out.bytes.count
        out.bytes.append(contentsOf: second.bytes)
        out.pageStarts += second.pageStarts.map { $0 + offset }
        out.summaries += second.summaries
        return closed(out)
    }

    /// The table's bytes closed.
    private static func closed(_ transcoded: Transcoded) -> Transcoded {
        var transcoded = transcoded
        transcoded.bytes += [UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: " "), UInt8(ascii: "}")]
        return transcoded
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
        /// `firstOrder`), the table's opening brace first when `opening`, in bytes with room
        /// for `capacity` (more than the rows' records need, to append the others').
        func transcode(
            _ bytes: ByteView, lines: Range<Int>, firstOrder: Int, firstID: Int, expected: Int, opening: Bool,
            capacity: Int
        ) -> Transcoded? {
            var pageStarts: [Int] = [], summaries: [PageSummary] = []
            let written = [UInt8].written(capacity: capacity) { space in
                let room = space.room
                if opening { space.put(byte: UInt8(ascii: "{")) }
                var cells = [Range<Int>](repeating: 0..<0, count: columns.count)
                var cursor = lines.lowerBound
                var order = firstOrder
                var page = Page()
                let pageSize = RecordList<Expense>.pageSize
                while cursor < lines.upperBound {
                    guard let row = line(bytes, from: &cursor), row.lineBreak == nil || row.lineBreak == lineBreak,
                          RecordTranscoder.cells(of: row.range, in: bytes, into: &cells),
                          let record = Row(cells, columns: columns, in: bytes),
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
                guard let summary = page.summary, order - firstOrder == expected else { return false }
                summaries.append(summary)
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

        /// The row of `cells`; `nil` when a cell breaks a rule (or is not one this reads).
        init?(_ cells: [Range<Int>], columns: [Column], in bytes: ByteView) {
            for (column, cell) in zip(columns, cells) {
                switch column {
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
            guard FieldRules.isPlainLabel(bytes.slice(name)), FieldRules.isPlainLabel(bytes.slice(category)) else {
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

    /// Splits a line into exactly `cells.count` cells: unquoted ones holding no quote, quoted
    /// ones (`"a, b"`) holding none either, and no `\r` in any; `false` for anything else.
    private static func cells(of line: Range<Int>, in bytes: ByteView, into cells: inout [Range<Int>]) -> Bool {
        var position = line.lowerBound
        for index in cells.indices {
            let cell: Range<Int>
            if position < line.upperBound, bytes[position] == UInt8(ascii: "\"") {
                guard let close = bytes.firstIndex(of: UInt8(ascii: "\""), from: position + 1), close < line.upperBound
                else { return false }
                cell = position + 1..<close
                guard !bytes.slice(cell).contains(UInt8(ascii: "\r")) else { return false }
                position = close + 1
                guard position == line.upperBound || bytes[position] == UInt8(ascii: ",") else { return false }
            } else {
                var end = position
                while end < line.upperBound, bytes[end] != UInt8(ascii: ",") {
                    if bytes[end] == UInt8(ascii: "\"") || bytes[end] == UInt8(ascii: "\r") { return false }
                    end += 1
                }
                cell = position..<end
                position = end
            }
            cells[index] = cell
            if index < cells.count - 1 {
                guard position < line.upperBound else { return false }
                position += 1  // the comma
            }
        }
        return position == line.upperBound
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

/// The table an import transcoded, held in memory: its pages' bytes for the writer to copy, and
/// read as a stamped file's table is (`StampedTable`) when a record of them is needed.
final class TranscodedTable: EncodedPages {
    let contents: FileContents
    let layout: WriteStamp.Table

    init(bytes: [UInt8], pageStarts: [Int], summaries: [PageSummary]) {
        contents = FileContents(bytes: bytes)
        layout = WriteStamp.Table(open: 0, end: bytes.count - 4, pageStarts: pageStarts, summaries: summaries)
    }

    func withBytes<Result, Failure: Error>(
        ofPage page: Int, _ body: (ByteView) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // A page starts at the line break before its first record (a comma first, but the first
        // page's), and ends where the next starts, or before the table's closing line.
        let start = layout.pageStarts[page] - (page > 0 ? 6 : 5)
        let end = page + 1 < layout.pageStarts.count ? layout.pageStarts[page + 1] - 6 : layout.end
        return try contents.withBytes { bytes throws(Failure) in try body(bytes.slice(start..<end)) }
    }
}

