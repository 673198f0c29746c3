/// What reading a statement gave: the rows that become records, and the lines left out.
public struct StatementReading: Sendable {
    /// The rows that become records, in file order.
    public var entries = StatementEntries()
    /// Every line that became no record, in file order, with why.
    public var skipped: [SkippedLine] = []
    /// Entries whose dates had no year (`4月30日`), read as the latest such day on or before
    /// the statement's day.
    public var yearlessDates = 0

    /// Lines that are no transaction: totals, sections, notes, rows where nothing moved.
    public var nonTransactions: Int { skipped.count { $0.reason.isNoTransaction } }
    /// Rows that move money between one's own accounts (charges, top-ups, card payments).
    public var transfers: Int {
        skipped.count { if case .transfer = $0.reason { return true } else { return false } }
    }
    /// Rows the statement leaves out of its totals, or that its kind column says to skip.
    public var excluded: Int {
        skipped.count { if case .leftOut = $0.reason { return true } else { return false } }
    }
    /// Rows of the other kind, when one kind was asked for.
    public var otherKind: Int { skipped.count { $0.reason == .otherKind } }

    mutating func skip(_ line: Int, _ reason: SkippedLine.Reason, _ cells: [String]) {
        skipped.append(SkippedLine(line: line, reason: reason, cells: cells))
    }
}
