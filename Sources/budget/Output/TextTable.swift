import BudgetCore

/// A table for people: columns aligned by display width, numbers right-aligned, two spaces
/// between columns, no trailing spaces, and footer lines whose label may span columns.
struct TextTable {
    enum Alignment { case left, right }

    struct Column {
        var title: String
        var alignment: Alignment
    }

    /// A line under the rows: a label from the left edge and a value in one column.
    struct Footer {
        var label: String
        var value: String
        var column: Int
    }

    var columns: [Column]
    var rows: [[String]] = []
    var footers: [Footer] = []

    init(columns: [Column]) {
        self.columns = columns
    }

    /// The table as lines of text, each ending with a newline; the header and footers in bold
    /// when the painter colours.
    func render(painter: Painter = .plain) -> String {
        let table = escaped()
        return table.renderEscaped(painter: painter)
    }

    private func renderEscaped(painter: Painter) -> String {
        let widths = columnWidths()
        let lines = measuredLines(widths)
        var text: [UInt8] = []
        let lineLength = widths.columns.reduce(0, +) + 2 * widths.columns.count + 1
        text.reserveCapacity((rows.count + footers.count + 1) * lineLength)
        text.append(contentsOf: painter.paint(lines.text(0), .bold).utf8)
        text.append(UInt8(ascii: "\n"))
        for index in 1..<lines.count {
            text.append(contentsOf: lines.bytes(index))
            text.append(UInt8(ascii: "\n"))
        }
        for footer in footers {
            let valueEnd = widths.columns[...footer.column].reduce(0, +) + 2 * footer.column
            let valueStart = valueEnd - DisplayWidth.of(footer.value)
            let gap = max(2, valueStart - DisplayWidth.of(footer.label))
            let line = footer.label + String(repeating: " ", count: gap) + footer.value
            text.append(contentsOf: painter.paint(line, .bold).utf8)
            text.append(UInt8(ascii: "\n"))
        }
        return String(joinedUTF8: text)
    }

    /// Lines of text kept in one buffer, each with the columns it takes.
    struct MeasuredLines {
        /// The lines' bytes, one after another, without newlines.
        fileprivate(set) var buffer: [UInt8] = []
        /// Where each line ends in `buffer`.
        fileprivate(set) var ends: [Int] = []
        /// The columns each line takes.
        fileprivate(set) var widths: [Int] = []

        /// How many lines there are.
        var count: Int { ends.count }

        /// A line's bytes.
        func bytes(_ index: Int) -> ArraySlice<UInt8> {
            buffer[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
        }

        /// A line's text.
        func text(_ index: Int) -> String { String(decoding: bytes(index), as: UTF8.self) }

        /// Every line's text.
        var texts: [String] { (0..<count).map(text) }
    }

    /// The header's line, then each row's, without newlines or paint, each with the columns it
    /// takes (known from its cells' widths, so a caller adding to the lines measures nothing
    /// again). Footers are not among them.
    func measuredLines() -> MeasuredLines {
        let table = escaped()
        return table.measuredLines(table.columnWidths())
    }

    /// The table with its titles, cells and footers safe to print (`TerminalText.escapedInTable`):
    /// a category from a file edited by hand may hold a control or a bidirectional override,
    /// which would drive or reorder what the terminal shows. Rows with nothing to escape stay
    /// the same arrays.
    private func escaped() -> TextTable {
        var table = self
        for index in columns.indices { table.columns[index].title = TerminalText.escapedInTable(columns[index].title) }
        if rows.contains(where: { $0.contains(where: TerminalText.needsEscaping) }) {
            table.rows = rows.map { row in
                row.contains(where: TerminalText.needsEscaping) ? row.map(TerminalText.escapedInTable) : row
            }
        }
        for index in footers.indices {
            table.footers[index].label = TerminalText.escapedInTable(footers[index].label)
            table.footers[index].value = TerminalText.escapedInTable(footers[index].value)
        }
        return table
    }

    private func measuredLines(_ widths: (titles: [Int], cells: [[Int]], columns: [Int])) -> MeasuredLines {
        var lines = MeasuredLines()
        let lineLength = widths.columns.reduce(0, +) + 2 * widths.columns.count
        lines.buffer.reserveCapacity((rows.count + 1) * lineLength)
        lines.ends.reserveCapacity(rows.count + 1)
        lines.widths.reserveCapacity(rows.count + 1)
        append(columns.map(\.title), cellWidths: widths.titles, widths: widths.columns, to: &lines)
        for (row, rowWidths) in zip(rows, widths.cells) {
            append(row, cellWidths: rowWidths, widths: widths.columns, to: &lines)
        }
        return lines
    }

    /// Each title's and cell's width, measured once (a listing may have 100,000 rows), and each
    /// column's: its widest title, cell or footer value.
    private func columnWidths() -> (titles: [Int], cells: [[Int]], columns: [Int]) {
        let titleWidths = columns.map { DisplayWidth.of($0.title) }
        let cellWidths = rows.map { $0.map(DisplayWidth.of) }
        var widths = titleWidths
        for row in cellWidths {
            for (index, width) in row.enumerated() { widths[index] = max(widths[index], width) }
        }
        for footer in footers { widths[footer.column] = max(widths[footer.column], DisplayWidth.of(footer.value)) }
        return (titleWidths, cellWidths, widths)
    }

    /// Adds a line of cells and the columns it takes: no trailing spaces.
    private func append(_ cells: [String], cellWidths: [Int], widths: [Int], to lines: inout MeasuredLines) {
        let start = lines.buffer.count
        var width = 0
        var pending = 0  // spaces owed before the next text: none trail a line
        for (index, cell) in cells.enumerated() {
            if index > 0 { pending += 2 }
            let padding = max(0, widths[index] - cellWidths[index])
            if columns[index].alignment == .right { pending += padding }
            if !cell.isEmpty {
                lines.buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: pending))
                lines.buffer.append(contentsOf: cell.utf8)
                width += pending + cellWidths[index]
                pending = 0
            }
            if columns[index].alignment == .left { pending += padding }
        }
        // A cell may end in spaces of its own.
        while lines.buffer.count > start, lines.buffer.last == UInt8(ascii: " ") {
            lines.buffer.removeLast()
            width -= 1
        }
        lines.ends.append(lines.buffer.count)
        lines.widths.append(width)
    }
}
