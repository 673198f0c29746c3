/// How many rows of a statement so far had each identity (`StatementEntry.identity`) before its
/// occurrence: the statement's own ID, or a row's date, kind, amount and name. Kept without a
/// copy of any text (a name is held, not copied), in a table of four bytes a slot: a statement of
/// 100,000 rows costs about 5 MB here instead of the 16 MB a dictionary of identities took.
///
/// Texts are compared by their bytes, as identities always were (`ExactText`).
struct RowOccurrences {
    /// What rows are counted by.
    struct Key {
        /// The row's date, kind (a refund's is `income`: `StatementReader.entry`) and amount;
        /// `nil` for the statement's own ID.
        var content: (date: Day, kind: RecordKind, amount: Int)?
        /// The name, or the ID.
        var text: String

        static func id(_ text: String) -> Key { Key(content: nil, text: text) }

        fileprivate func hash() -> Int {
            var hasher = Hasher()
            if let content {
                hasher.combine(content.date)
                hasher.combine(content.kind)
                hasher.combine(content.amount)
            } else {
                hasher.combine(0 as UInt8)
            }
            ByteView.hash(utf8Of: text, into: &hasher)
            return hasher.finalize()
        }

        fileprivate func isSame(as other: Key) -> Bool {
            switch (content, other.content) {
            case (nil, nil): break
            case let (mine?, theirs?):
                guard mine.date == theirs.date, mine.kind == theirs.kind, mine.amount == theirs.amount else {
                    return false
                }
            default: return false
            }
            return ExactText(text) == ExactText(other.text)
        }
    }

    private struct Counted {
        var key: Key
        var hash: Int
        var count: Int
    }

    /// The keys seen, in the order they were first seen.
    private var counted: [Counted] = []
    /// Open addressing over `counted`: 0 is empty, else the position + 1. Never more than half full.
    private var slots: [Int32] = []

    /// A table with room for `rows` keys before it grows.
    init(roomFor rows: Int = 0) {
        counted.reserveCapacity(rows)
        slots = Array(repeating: 0, count: Self.slotCount(for: max(rows, 8)))
    }

    /// Counts one more row with `key`; its occurrence, from 1.
    mutating func count(_ key: Key) -> Int {
        let hash = key.hash()
        switch find(key, hash: hash) {
        case .found(let position):
            counted[position].count += 1
            return counted[position].count
        case .empty(let slot):
            counted.append(Counted(key: key, hash: hash, count: 1))
            // Positions fit: a statement's rows are far fewer than 2³¹.
            slots[slot] = Int32(truncatingIfNeeded: counted.count)
            if counted.count * 2 > slots.count { grow() }
            return 1
        }
    }

    /// The occurrence a row with `key` would have, counting nothing (a row read several ways
    /// to find which way reads: `StatementReader.rejoined`).
    func peek(_ key: Key) -> Int {
        if case .found(let position) = find(key, hash: key.hash()) { return counted[position].count + 1 }
        return 1
    }

    private enum Place {
        case found(Int)
        case empty(Int)
    }

    private func find(_ key: Key, hash: Int) -> Place {
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let held = Int(slots[slot])
            if held == 0 { return .empty(slot) }
            if counted[held - 1].hash == hash && counted[held - 1].key.isSame(as: key) { return .found(held - 1) }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (position, entry) in counted.enumerated() {
            var slot = entry.hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: position + 1)
        }
    }

    /// The fewest slots, a power of two, that hold `rows` keys at most half full.
    private static func slotCount(for rows: Int) -> Int {
        var count = 16
        while count < rows * 2 { count *= 2 }
        return count
    }
}
