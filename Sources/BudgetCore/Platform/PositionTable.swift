/// An open-addressing table over positions 0, 1, 2… in an array its owner keeps, by a hash the
/// owner gives: four bytes a slot (0 empty, else the position + 1), never more than half full.
/// Positions with one hash are met in the order they were added. For tables of many keys
/// that would cost a copy of their text in a dictionary (`RowOccurrences`, `KnownRows`).
struct PositionTable: Sendable {
    private var slots: [Int32]
    /// How many positions were added: they are `0..<count`.
    private(set) var count = 0

    /// A table with room for `positions` before it grows.
    init(roomFor positions: Int = 0) {
        var size = 16
        while size < positions * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
    }

    /// Calls `body` with each position added under `hash`, in the order they were added (and
    /// with other positions whose hash shares their slots: `body` compares), until it returns
    /// `false`.
    func forEach(hash: Int, _ body: (Int) -> Bool) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            guard body(Int(slots[slot]) - 1) else { return }
            slot = (slot + 1) & mask
        }
    }

    /// Adds the next position (`count`) under `hash`; `hashOf` gives the hash of any position
    /// added before, for when the table grows.
    mutating func add(hash: Int, hashOf: (Int) -> Int) {
        place(count, hash: hash)
        count += 1
        guard count * 2 > slots.count else { return }
        slots = Array(repeating: 0, count: slots.count * 2)
        for position in 0..<count { place(position, hash: hashOf(position)) }
    }

    private mutating func place(_ position: Int, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        // Positions fit: an array of 2³¹ keys would not fit in memory first.
        slots[slot] = Int32(truncatingIfNeeded: position + 1)
    }
}
