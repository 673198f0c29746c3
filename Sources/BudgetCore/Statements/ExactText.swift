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
        var left = lhs.text, right = rhs.text
        return left.withUTF8 { a in right.withUTF8 { b in a.elementsEqual(b) } }
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
