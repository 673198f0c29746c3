/// Text compared and hashed by its UTF-8 bytes, not by canonical equivalence: what a row's
/// identity and a record's source need (exactly the text written), and several times faster
/// than `String`'s hashing on Japanese text, which normalises every string it hashes.
struct ExactText: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
    }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        guard lhs.text.utf8.count == rhs.text.utf8.count else { return false }
        return ByteView.withBytes(utf8Of: lhs.text) { left in
            ByteView.withBytes(utf8Of: rhs.text) { right in ByteView.equal(left, right) }
        }
    }

    func hash(into hasher: inout Hasher) {
        ByteView.hash(utf8Of: text, into: &hasher)
    }
}
