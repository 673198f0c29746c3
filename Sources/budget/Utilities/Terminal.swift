/// Facts about the terminal.
enum Terminal {
    /// The widest layout drawn: a `COLUMNS` beyond it is taken as this, so a huge value
    /// cannot make a bar of millions of cells.
    static let maximumWidth = 1_000

    /// The width to lay out for: `COLUMNS` when it is a positive number, else the terminal's
    /// width when stdout is one, else 80; never more than `maximumWidth`.
    static func width(environment: [String: String]) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return min(columns, maximumWidth) }
        // Digits too many for an Int: as wide as we draw.
        if let text = environment["COLUMNS"], Int(text) == nil, !text.isEmpty,
           text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return maximumWidth
        }
        if let columns = FileDescriptor.standardOutput.terminalColumns { return min(columns, maximumWidth) }
        return 80
    }
}
