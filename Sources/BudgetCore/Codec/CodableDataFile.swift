/// The data file through `Codable`, `JSONEncoder` and `JSONDecoder`: the reference that the
/// fast codec is tested against (same records, byte-identical output). It covers records,
/// counters and settings; the undo history has its own tests.
public struct CodableDataFile: Codable, Equatable, Sendable {
    public var format: Int
    public var income_unique_id: String
    public var expense_unique_id: String
    public var incomes: [String: Income]
    public var expenses: [String: Expense]
    public var settings: [String: CodableSetting]?

    /// A setting value as JSON: a string, a whole number or a boolean.
    public enum CodableSetting: Codable, Equatable, Sendable {
        case string(String), int(Int), bool(Bool)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
            else if let number = try? container.decode(Int.self) { self = .int(number) }
            else { self = .string(try container.decode(String.self)) }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .int(let number): try container.encode(number)
            case .bool(let flag): try container.encode(flag)
            }
        }
    }

    /// The reference form of a document (which must have no history).
    public init(_ document: BudgetDocument) {
        format = BudgetDocument.formatVersion
        income_unique_id = RecordID.string(for: document.incomes.lastID)
        expense_unique_id = RecordID.string(for: document.expenses.lastID)
        incomes = Dictionary(uniqueKeysWithValues: document.incomes.records.map { ($0.id, $0) })
        expenses = Dictionary(uniqueKeysWithValues: document.expenses.records.map { ($0.id, $0) })
        let values = document.settingsValues.values
        settings = values.isEmpty ? nil : values.mapValues { stored in
            switch stored {
            case .string(let text): return .string(text)
            case .int(let number): return .int(number)
            case .bool(let flag): return .bool(flag)
            }
        }
    }
}
