/// A statement's entries in file order, kept in blocks so that an import lets each block go once
/// its rows are records (`BudgetDocument.importStatement`): a statement of 100,000 rows is never
/// held whole twice over, as entries and as records.
public struct StatementEntries: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral, Equatable,
    Sendable {
    /// Entries a block holds: 4,096 (about 500 KB).
    static let blockShift = 12
    private static let blockMask = (1 << blockShift) - 1

    private var blocks: [[StatementEntry]] = []
    /// How many entries there are (the released ones too).
    private var total = 0
    /// The blocks before this one have been let go.
    private var released = 0

    /// No entries.
    public init() {}

    /// These entries.
    public init(_ entries: some Sequence<StatementEntry>) {
        for entry in entries { append(entry) }
    }

    /// These entries.
    public init(arrayLiteral entries: StatementEntry...) {
        self.init(entries)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { total }

    /// The entry at `position`, which must not have been let go (`release(before:)`).
    public subscript(position: Int) -> StatementEntry {
        get {
            precondition(position >> Self.blockShift >= released, "a statement entry read after it was let go")
            return blocks[position >> Self.blockShift][position & Self.blockMask]
        }
        set {
            precondition(position >> Self.blockShift >= released, "a statement entry written after it was let go")
            blocks[position >> Self.blockShift][position & Self.blockMask] = newValue
        }
    }

    /// Adds an entry at the end.
    public mutating func append(_ entry: StatementEntry) {
        if total & Self.blockMask == 0 {
            // The first block grows as a small statement needs; the others are made whole.
            var block: [StatementEntry] = []
            if !blocks.isEmpty { block.reserveCapacity(1 << Self.blockShift) }
            blocks.append(block)
        }
        blocks[blocks.count - 1].append(entry)
        total += 1
    }

    /// Lets go of every block that ends at or before `position`: their entries are not read
    /// again (doing so is a programming error).
    mutating func release(before position: Int) {
        let end = Swift.min(position >> Self.blockShift, blocks.count)
        while released < end {
            blocks[released] = []
            released += 1
        }
    }

    public static func == (lhs: StatementEntries, rhs: StatementEntries) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
