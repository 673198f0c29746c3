/// Labels the reader made lately, by where their bytes are: a category or an account repeats
/// across a million records, and the same bytes again give the same `String` without being
/// scanned, checked and decoded once more. A label found again earns its slot a few misses'
/// grace, so names, which rarely repeat, do not push out the labels that do.
///
/// Only labels read without escapes are kept, so equal bytes up to a closing quote are the
/// same label. Positions are in the one buffer the cursor reads.
struct RecentLabels: Sendable {
    private struct Slot: Sendable {
        var start: Int
        var count: Int
        var text: String
        /// Misses this slot's label survives: earned by being found again.
        var grace: Int
    }

    private static let slotCount = 32
    private var slots: [Slot] = []

    /// The label whose text starts at `start` (after its opening quote), when one with the
    /// same bytes up to a closing quote was made lately: its text and the quote's position.
    mutating func label(at start: Int, in bytes: ByteView) -> (text: String, end: Int)? {
        guard !slots.isEmpty else { return nil }
        let at = Self.slot(at: start, in: bytes)
        let count = slots[at].count, end = start + count
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\""),
              bytes.matches(count, at: start, as: slots[at].start) else { return nil }
        if slots[at].grace < 4 { slots[at].grace += 1 }
        return (slots[at].text, end)
    }

    /// Remembers the label made from `start..<end` (its text without escapes), unless its
    /// slot holds one found again lately.
    mutating func remember(_ text: String, _ range: Range<Int>, in bytes: ByteView) {
        if slots.isEmpty {
            slots = Array(repeating: Slot(start: 0, count: -1, text: "", grace: 0), count: Self.slotCount)
        }
        let at = Self.slot(at: range.lowerBound, in: bytes)
        if slots[at].grace > 0 {
            slots[at].grace -= 1
        } else {
            slots[at] = Slot(start: range.lowerBound, count: range.count, text: text, grace: 0)
        }
    }

    /// A slot chosen by the first bytes (a short label's closing quote and what follows are
    /// laid out alike each time).
    private static func slot(at start: Int, in bytes: ByteView) -> Int {
        let word = bytes.word(at: start) ?? UInt64(start < bytes.count ? bytes[start] : 0)
        let mixed = (word &* 0x9E37_79B9_7F4A_7C15) >> 59
        return Int(mixed) % slotCount
    }
}
