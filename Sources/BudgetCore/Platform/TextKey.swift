/// A text as the key of a set or a dictionary, equal and hashed exactly as `String` is (under
/// canonical equivalence) but from its bytes when it is plain (`TextOrder.isPlain`, found once
/// when the key is made, not at each comparison of a lookup): without the Unicode tables
/// `String` looks each scalar of a Japanese key up in.
struct TextKey: Hashable {
    let text: String
    private let isPlain: Bool

    init(text: String) {
        self.init(text: text, plain: TextOrder.isPlain(text))
    }

    /// The key of a text whose plainness (`TextOrder.isPlain`) the caller found.
    init(text: String, plain: Bool) {
        self.text = text
        isPlain = plain
    }

    static func == (lhs: TextKey, rhs: TextKey) -> Bool {
        TextOrder.equal(lhs.text, plain: lhs.isPlain, rhs.text, plain: rhs.isPlain)
    }

    func hash(into hasher: inout Hasher) {
        TextOrder.hash(text, plain: isPlain, into: &hasher)
    }
}
