/// A statement's column, named by its header or by its 1-based position.
public enum ColumnReference: Hashable, Sendable {
    /// The column whose header reads this (compared folded: full-width forms made plain,
    /// trimmed, quotes aside).
    case name(String)
    /// The column at this position, counted from 1.
    case position(Int)

    /// `3` is a position, anything else a header name; `nil` for empty text or position 0.
    public init?(text: String) {
        // A header's name by the rules of a label: no control characters or bidi controls.
        guard let trimmed = try? FieldRules.label(text, field: "column") else { return nil }
        if trimmed.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            guard trimmed.utf8.count <= 4, let number = Int(trimmed), number > 0 else { return nil }
            self = .position(number)
        } else {
            self = .name(trimmed)
        }
    }

    /// As `init(text:)` reads it back.
    public var text: String {
        switch self {
        case .name(let name): return name
        case .position(let number): return String(number)
        }
    }

    /// A header cell as columns are compared: full-width forms plain, trimmed.
    static func folded(_ header: String) -> String {
        FieldRules.trimmed(HalfWidth.plain(header))
    }
}
