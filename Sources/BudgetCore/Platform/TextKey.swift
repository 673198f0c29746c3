/// A text as the key of a set or a dictionary, equal and hashed exactly as `String` is (under
/// canonical equivalence) but from its bytes when it is plain (`TextOrder.equal`,
/// `TextOrder.hash`): without the Unicode tables `String` looks each scalar of a Japanese
/// key up in.
struct TextKey: Hashable {
    let text: String

    static func == (lhs: TextKey, rhs: TextKey) -> Bool {
        TextOrder.equal(lhs.text, rhs.text)
    }

    func hash(into hasher: inout Hasher) {
        TextOrder.hash(text, into: &hasher)
    }
}
