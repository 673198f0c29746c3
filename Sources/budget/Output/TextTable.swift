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
        // Each cell's width is measured once: a listing may have 100,000 rows.
        let titleWidths = columns.map { DisplayWidth.of($0.title) }
        let cellWidths = rows.map { $0.map(DisplayWidth.of) }
        var widths = titleWidths
        for row in cellWidths {
            for (index, width) in row.enumerated() { widths[index] = max(widths[index], width) }
        }
        for footer in footers { widths[footer.column] = max(widths[footer.column], DisplayWidth.of(footer.value)) }
        var text = ""
        text.reserveCapacity((rows.count + footers.count + 1) * (widths.reduce(0, +) + 2 * widths.count + 1))
        text += painter.paint(line(columns.map(\.title), cellWidths: titleWidths, widths: widths), .bold) + "\n"
        for (row, rowWidths) in zip(rows, cellWidths) {
            text += line(row, cellWidths: rowWidths, widths: widths)
            text += "\n"
        }
        for footer in footers {
            let valueEnd = widths[...footer.column].reduce(0, +) + 2 * footer.column
            let valueStart = valueEnd - DisplayWidth.of(footer.value)
            let gap = max(2, valueStart - DisplayWidth.of(footer.label))
            text += painter.paint(footer.label + String(repeating: " ", count: gap) + footer.value, .bold) + "\n"
        }
        return text
    }

    private func line(_ cells: [String], cellWidths: [Int], widths: [Int]) -> String {
        var text = ""
        var pending = 0  // spaces owed before the next text: none trail a line
        for (index, cell) in cells.enumerated() {
            if index > 0 { pending += 2 }
            let padding = max(0, widths[index] - cellWidths[index])
            if columns[index].alignment == .right { pending += padding }
            if !cell.isEmpty {
                text += String(repeating: " ", count: pending)
                text += cell
                pending = 0
            }
            if columns[index].alignment == .left { pending += padding }
        }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
