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
        var widths = columns.map { DisplayWidth.of($0.title) }
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], DisplayWidth.of(cell)) }
        }
        for footer in footers { widths[footer.column] = max(widths[footer.column], DisplayWidth.of(footer.value)) }
        var lines = [painter.paint(line(columns.map(\.title), widths: widths), .bold)]
        lines += rows.map { line($0, widths: widths) }
        for footer in footers {
            let valueEnd = widths[...footer.column].reduce(0, +) + 2 * footer.column
            let valueStart = valueEnd - DisplayWidth.of(footer.value)
            let gap = max(2, valueStart - DisplayWidth.of(footer.label))
            lines.append(painter.paint(footer.label + String(repeating: " ", count: gap) + footer.value, .bold))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    private func line(_ cells: [String], widths: [Int]) -> String {
        var text = ""
        for (index, cell) in cells.enumerated() {
            if index > 0 { text += "  " }
            text += columns[index].alignment == .right
                ? DisplayWidth.padLeft(cell, to: widths[index])
                : DisplayWidth.padRight(cell, to: widths[index])
        }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
