/// The changes `undo` can revert, oldest first.
///
/// Entries read from a data file are kept as the bytes the file holds them in, when those are
/// exactly what the writer writes (`FastDocumentCodec.skimEntry` checked them, every value
/// included): reading such a history costs a skim, writing it a copy, and an entry is decoded
/// only when it is needed (`undo`). A history holding a bulk change (a deleted table) then
/// costs little more than its bytes. Entries are decoded on access; `summary(at:)` and
/// `time(at:)` need no decoding.
public struct UndoHistory: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    /// One entry: made in memory, or kept as a data file's bytes.
    enum Entry: Sendable {
        case change(ChangeRecord)
        case stored(StoredHistoryEntry)

        var summary: String {
            switch self {
            case .change(let change): return change.summary
            case .stored(let stored): return stored.summary
            }
        }

        var time: String {
            switch self {
            case .change(let change): return change.time
            case .stored(let stored): return stored.time
            }
        }

        /// The change, decoded when kept as bytes; `nil` if those could not be read (the skim
        /// that kept them accepts only what the reader reads, so only a bug gets here).
        var change: ChangeRecord? {
            switch self {
            case .change(let change): return change
            case .stored(let stored): return FastDocumentCodec.decodeStoredEntry(stored.bytes)
            }
        }

        /// Whether this is the same entry as `other` without decoding either: equal changes,
        /// or equal bytes. An entry made in memory is never the same as one kept as bytes
        /// (their contents may still be equal: `==` decides that).
        func isSame(as other: Entry) -> Bool {
            switch (self, other) {
            case (.change(let a), .change(let b)): return a == b
            case (.stored(let a), .stored(let b)): return a.bytes == b.bytes
            default: return false
            }
        }
    }

    private(set) var entries: [Entry]

    init(entries: [Entry]) {
        self.entries = entries
    }

    /// A history of changes made in memory.
    public init(_ changes: [ChangeRecord] = []) {
        entries = changes.map(Entry.change)
    }

    /// A history of changes made in memory.
    public init(arrayLiteral changes: ChangeRecord...) {
        self.init(changes)
    }

    /// The first position.
    public var startIndex: Int { entries.startIndex }
    /// The position after the last entry.
    public var endIndex: Int { entries.endIndex }

    /// The change at `position`, decoded if it was kept as the file's bytes (which costs what
    /// reading its records costs). An entry that cannot be decoded, which the reader rules
    /// out, comes back with its summary and time and nothing to revert; `undo` refuses it.
    public subscript(position: Int) -> ChangeRecord {
        let entry = entries[position]
        return entry.change
            ?? ChangeRecord(
                summary: entry.summary, time: entry.time, incomes: TableChange(), expenses: TableChange(),
                transfers: TableChange(), settings: [])
    }

    /// What the change at `position` was, for people, without decoding it.
    public func summary(at position: Int) -> String {
        entries[position].summary
    }

    /// When the change at `position` was made (`YYYY-MM-DDTHH:MM:SSZ`), without decoding it.
    public func time(at position: Int) -> String {
        entries[position].time
    }

    /// Equal changes, entry by entry (entries kept as bytes are compared as bytes when both
    /// are, and decoded otherwise).
    public static func == (lhs: UndoHistory, rhs: UndoHistory) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { a, b in
                if a.isSame(as: b) { return true }
                guard let change = a.change else { return false }
                return change == b.change
            }
    }

    /// Whether both hold the same entries, found without decoding any: a document and the copy
    /// it was changed from share them. (`false` can still mean equal contents.)
    func hasSameEntries(as other: UndoHistory) -> Bool {
        entries.count == other.entries.count && zip(entries, other.entries).allSatisfy { $0.isSame(as: $1) }
    }

    /// Whether this is `other` without its last entry, found without decoding any.
    func isWithoutLast(of other: UndoHistory) -> Bool {
        entries.count + 1 == other.entries.count && zip(entries, other.entries).allSatisfy { $0.isSame(as: $1) }
    }

    mutating func append(_ change: ChangeRecord) {
        entries.append(.change(change))
    }

    mutating func removeLast() {
        entries.removeLast()
    }

    mutating func removeFirst(_ count: Int) {
        entries.removeFirst(count)
    }

    mutating func removeAll() {
        entries.removeAll()
    }
}

/// A history entry kept as the bytes a data file holds it in (`{` to `}`, four spaces deep,
/// exactly as the writer writes it), with what listing it needs.
struct StoredHistoryEntry: Sendable {
    /// The entry's bytes, in the file's bytes (or a copy), shared by its entries.
    var bytes: HistoryBytes
    var summary: String
    var time: String
}
