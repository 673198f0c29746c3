/// How many rows of a statement so far had each identity (`StatementEntry.identity`) before its
/// occurrence: the statement's own ID, or a row's date, kind, amount and name. Kept without a
/// copy of any text (a name is held, not copied), in a `PositionTable`: a statement of
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

    /// The keys seen, in the order they were first seen, and where to find them.
    private var counted: [Counted] = []
    private var table: PositionTable

    /// A table with room for `rows` keys before it grows.
    init(roomFor rows: Int = 0) {
        counted.reserveCapacity(rows)
        table = PositionTable(roomFor: rows)
    }

    /// Counts one more row with `key`; its occurrence, from 1.
    mutating func count(_ key: Key) -> Int {
        let hash = key.hash()
        if let position = find(key, hash: hash) {
            counted[position].count += 1
            return counted[position].count
        }
        counted.append(Counted(key: key, hash: hash, count: 1))
        table.add(hash: hash) { counted[$0].hash }
        return 1
    }

    /// The occurrence a row with `key` would have, counting nothing (a row read several ways
    /// to find which way reads: `StatementReader.rejoined`).
    func peek(_ key: Key) -> Int {
        find(key, hash: key.hash()).map { counted[$0].count + 1 } ?? 1
    }

    private func find(_ key: Key, hash: Int) -> Int? {
        var found: Int?
        table.forEach(hash: hash) { position in
            if counted[position].hash == hash && counted[position].key.isSame(as: key) { found = position }
            return found == nil
        }
        return found
    }
}
