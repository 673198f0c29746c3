/// Reads the fields of one JSON object strictly: each expected field once, with the right
/// type, and nothing else (an unknown field would be dropped by the next write).
///
/// The object is a parsed node (a record), or a span of a large document (its top level, a
/// history entry), whose fields are parsed only when asked for.
struct JSONObjectReader<Value: JSONLocated> {
    private let members: [(key: String, keyOffset: Int, value: Value)]
    private let offset: Int
    private let context: String
    /// The fields asked for (a few: a list is quicker than a set).
    private var consumed: [String] = []

    private init(members: [(key: String, keyOffset: Int, value: Value)], offset: Int, context: String) {
        self.members = members
        self.offset = offset
        self.context = context
    }

    /// A field's value, or `nil` when it is absent.
    mutating func optionalValue(_ key: String) -> Value? {
        if !consumed.contains(key) { consumed.append(key) }
        return members.first { $0.key == key }?.value
    }

    /// Whether the object has a field (not marking it read).
    func has(_ key: String) -> Bool {
        members.contains { $0.key == key }
    }

    /// A field's value.
    ///
    /// - Throws: when the object does not have it.
    mutating func value(_ key: String) throws(DataFileProblem) -> Value {
        guard let value = optionalValue(key) else {
            throw DataFileProblem(offset: offset, "\(context) is missing the field \"\(key)\"")
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
}

// MARK: A parsed object

extension JSONObjectReader where Value == JSONNode {
    init(_ node: JSONNode, context: String) throws(DataFileProblem) {
        guard case .object(let members) = node.value else {
            throw DataFileProblem(offset: node.offset, "\(context) must be an object, not \(node.typeName)")
        }
        self.init(members: members.map { ($0.key, $0.keyOffset, $0.node) }, offset: node.offset, context: context)
    }

    /// The raw node of a field, or `nil` when it is absent.
    mutating func optionalNode(_ key: String) -> JSONNode? {
        optionalValue(key)
    }

    mutating func node(_ key: String) throws(DataFileProblem) -> JSONNode {
        try value(key)
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
            throw DataFileProblem(
                offset: field.offset, "\"\(key)\" of \(context) must be a whole number, not \(field.typeName)")
        }
        guard let value = Int(text) else {
            throw DataFileProblem(
                offset: field.offset,
                "\"\(key)\" of \(context) must be a whole number that fits in 64 bits, not \(text)")
        }
        return value
    }

    /// A field's node as a string.
    static func string(_ node: JSONNode, key: String, context: String) throws(DataFileProblem) -> String {
        guard case .string(let text) = node.value else {
            throw DataFileProblem(
                offset: node.offset, "\"\(key)\" of \(context) must be a string, not \(node.typeName)")
        }
        return text
    }
}

// MARK: An object in a large document

extension JSONObjectReader {
    /// Reads the object at `span`, locating its fields without parsing them.
    init<Bytes>(_ span: JSONSpan<Bytes>, context: String) throws(DataFileProblem) where Value == JSONSpan<Bytes> {
        guard span.isObject else {
            throw DataFileProblem(offset: span.offset, "\(context) must be an object, not \(span.typeName)")
        }
        var members: [(key: String, keyOffset: Int, value: Value)] = []
        try span.forEachMember { member throws(DataFileProblem) in
            members.append((member.key, member.keyOffset, member.value))
        }
        self.init(members: members, offset: span.offset, context: context)
    }

    /// A field's value, parsed (a small one: a counter, the settings).
    mutating func node<Bytes>(_ key: String) throws(DataFileProblem) -> JSONNode where Value == JSONSpan<Bytes> {
        try value(key).parsed()
    }

    /// A field's value as a string.
    mutating func string<Bytes>(_ key: String) throws(DataFileProblem) -> String where Value == JSONSpan<Bytes> {
        try JSONObjectReader<JSONNode>.string(try node(key), key: key, context: context)
    }
}
