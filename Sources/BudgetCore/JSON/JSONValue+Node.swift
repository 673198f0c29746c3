extension JSONValue {
    /// The value a parsed node holds, for writing back; `nil` for a number that is not a whole
    /// number of `Int`'s range (the data file holds no other).
    init?(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text):
            guard let number = Int(text) else { return nil }
            self = .int(number)
        case .string(let text): self = .string(text)
        case .array(let elements):
            var values: [JSONValue] = []
            for element in elements {
                guard let value = JSONValue(element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case .object(let members):
            var values: [(String, JSONValue)] = []
            for member in members {
                guard let value = JSONValue(member.node) else { return nil }
                values.append((member.key, value))
            }
            self = .object(values)
        }
    }
}
