/// Reads the fields of one JSON object strictly: each expected field once, with the right
/// type, and nothing else (an unknown field would be dropped by the next write).
struct JSONObjectReader {
    private let members: [JSONMember]
    private let offset: Int
    private let context: String
    private var consumed = Set<String>()

    init(_ node: JSONNode, context: String) throws(DataFileProblem) {
        guard case .object(let members) = node.value else {
            throw DataFileProblem(offset: node.offset, "\(context) must be an object, not \(node.typeName)")
        }
        self.members = members
        self.offset = node.offset
        self.context = context
    }

    /// The raw node of a field, or `nil` when it is absent.
    mutating func optionalNode(_ key: String) -> JSONNode? {
        consumed.insert(key)
        return members.first { $0.key == key }?.node
    }

    mutating func node(_ key: String) throws(DataFileProblem) -> JSONNode {
        guard let node = optionalNode(key) else {
            throw DataFileProblem(offset: offset, "\(context) is missing the field \"\(key)\"")
        }
        return node
    }

    mutating func string(_ key: String) throws(DataFileProblem) -> String {
        let field = try node(key)
        return try Self.string(field, key: key, context: context)
    }

    mutating func optionalString(_ key: String) throws(DataFileProblem) -> String? {
        guard let field = optionalNode(key) else { return nil }
        return try Self.string(field, key: key, context: context)
    }

    mutating func integer(_ key: String) throws(DataFileProblem) -> Int {
        try Self.integer(try node(key), key: key, context: context)
    }

    /// A field's node as a whole number that fits in 64 bits.
    static func integer(_ field: JSONNode, key: String, context: String) throws(DataFileProblem) -> Int {
        guard case .number(let text) = field.value else {
            throw DataFileProblem(offset: field.offset, "\"\(key)\" of \(context) must be a whole number, not \(field.typeName)")
        }
        guard let value = Int(text) else {
            throw DataFileProblem(offset: field.offset, "\"\(key)\" of \(context) must be a whole number that fits in 64 bits, not \(text)")
        }
        return value
    }

    /// Fails on the first field that was never asked for.
    func finish() throws(DataFileProblem) {
        if let unknown = members.first(where: { !consumed.contains($0.key) }) {
            throw DataFileProblem(
                offset: unknown.keyOffset,
                "\(context) has the unknown field \"\(unknown.key)\" (was it written by a newer budget?)")
        }
    }

    /// A field's node as a string.
    static func string(_ node: JSONNode, key: String, context: String) throws(DataFileProblem) -> String {
        guard case .string(let text) = node.value else {
            throw DataFileProblem(offset: node.offset, "\"\(key)\" of \(context) must be a string, not \(node.typeName)")
        }
        return text
    }
}
