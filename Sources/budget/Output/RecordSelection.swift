import BudgetCore

/// Which records a listing covers: one kind, or both.
enum RecordSelection: Sendable, Equatable {
    case only(RecordKind)
    case all

    /// Accepts what `<kind>` accepts, plus `all`.
    init?(argument: String) {
        if argument == "all" {
            self = .all
        } else if let kind = RecordKind(argument: argument) {
            self = .only(kind)
        } else {
            return nil
        }
    }

    var hasCategory: Bool { self != .only(.income) }
    var showsKind: Bool { self == .all }

    /// The column names of the machine formats, in order.
    var fieldNames: [String] {
        (showsKind ? ["kind"] : []) + ["id", "order", "date", "name"] + (hasCategory ? ["category"] : []) + ["amount", "note"]
    }

    /// What the records are called in messages (`expenses`, `records`).
    var noun: String {
        switch self {
        case .only(let kind): return kind.plural
        case .all: return "records"
        }
    }
}
