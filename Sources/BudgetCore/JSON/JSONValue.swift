/// A JSON value to be written, with object members in the order given.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// The same value, written on one line without spaces (`{"a":1,"b":[2,3]}`) whatever the
    /// serializer's style, objects' members ordered as the style orders them: the data file's
    /// history writes its records so. Only the layout differs: it equals the value it wraps.
    indirect case compact(JSONValue)

    /// Equal values, object members compared in order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.compact(a), b): return a == b
        case let (a, .compact(b)): return a == b
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }
}
