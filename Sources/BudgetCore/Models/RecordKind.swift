/// The kinds of record a budget holds: money in, money out, and money moved between the
/// household's own accounts.
public enum RecordKind: String, CaseIterable, Sendable, Codable {
    case income
    case expense
    case transfer

    /// The singular noun, as used in messages (`income`, `expense`).
    public var singular: String { rawValue }

    /// The plural noun (`incomes`, `expenses`).
    public var plural: String { rawValue + "s" }

    /// The noun with its indefinite article: `an income`, `an expense`, `a transfer`.
    public var withArticle: String {
        (self == .transfer ? "a " : "an ") + singular
    }

    /// A count with the noun it needs: `1 expense`, `2 expenses`, `0 incomes`.
    public func counted(_ count: Int) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }

    /// Accepts `income`, `expense` or `transfer`, singular or plural.
    public init?(argument: String) {
        switch argument {
        case "income", "incomes": self = .income
        case "expense", "expenses": self = .expense
        case "transfer", "transfers": self = .transfer
        default: return nil
        }
    }
}
