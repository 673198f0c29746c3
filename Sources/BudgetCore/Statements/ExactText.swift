/// Text compared and hashed by its UTF-8 bytes, not by canonical equivalence: what a row's
/// identity and a record's source need (exactly the text written), and several times faster
/// than `String`'s hashing on Japanese text, which normalises every string it hashes.
struct ExactText: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    /// The bytes, eight at a time, then their count.
    func hash(into hasher: inout Hasher) {
        var word: UInt64 = 0
        var count = 0
        for byte in text.utf8 {
            word = word << 8 | UInt64(byte)
            count += 1
            if count & 7 == 0 {
                hasher.combine(word)
                word = 0
            }
        }
        hasher.combine(word)
        hasher.combine(count)
    }
}
