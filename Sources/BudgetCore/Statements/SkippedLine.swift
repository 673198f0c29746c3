/// A line of a statement that became no record, and why: what `--dry-run` lists and the
/// confirmation counts, so that nothing is left out unseen.
public struct SkippedLine: Equatable, Sendable {
    /// Why a line became no record.
    public enum Reason: Equatable, Sendable {
        /// No date where the statement's dates are: a total (`【合計】`, `ショッピング合計`), a
        /// section's or card holder's line, a note (`※…`), a title or a text line.
        case noDate
        /// A dated line with no amount (a charge shown without one).
        case noAmount
        /// An amount of 0, or nothing in both the out and in columns.
        case nothingMoved
        /// A card's section line (the holder, the card's masked number and its name).
        case section
        /// A move between one's own accounts: a charge, a top-up, a card payment or funding
        /// row. The text says what marked it (`利用区分 オートチャージ`).
        case transfer(String)
        /// A row the statement leaves out (outside its totals) or the kind column says to skip.
        case leftOut(String)
        /// A row of the other kind, when one kind was asked for.
        case otherKind

        /// Whether the line holds no transaction at all (as opposed to one left out).
        public var isNoTransaction: Bool {
            switch self {
            case .noDate, .noAmount, .nothingMoved, .section: return true
            case .transfer, .leftOut, .otherKind: return false
            }
        }

        /// The reason in a few words (`no date: a total, a section or a note`).
        public var description: String {
            switch self {
            case .noDate: return "no date (a total, a section, a note or a title)"
            case .noAmount: return "no amount"
            case .nothingMoved: return "nothing moved (an amount of 0)"
            case .section: return "a card's section line"
            case .transfer(let mark): return "a transfer (\(mark))"
            case .leftOut(let mark): return "left out (\(mark))"
            case .otherKind: return "of the other kind"
            }
        }
    }

    /// Where the line starts in the file.
    public var line: Int
    /// Why it became no record.
    public var reason: Reason
    /// Its fields, as read.
    public var cells: [String]

    /// A line skipped for `reason`.
    public init(line: Int, reason: Reason, cells: [String]) {
        self.line = line
        self.reason = reason
        self.cells = cells
    }
}
