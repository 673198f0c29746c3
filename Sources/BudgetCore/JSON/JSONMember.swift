/// One `"key": value` pair of a JSON object.
struct JSONMember: Sendable {
    /// The key, unescaped.
    var key: String
    /// Where the key's opening quote is in the source.
    var keyOffset: Int
    /// The value.
    var node: JSONNode
}
