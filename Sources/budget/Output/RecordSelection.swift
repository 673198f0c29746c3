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

    /// The records' columns, from their kinds' schemas.
    var columns: [RecordColumn] {
        RecordColumn.columns(incomes: self != .only(.expense), expenses: self != .only(.income))
    }

    /// The column names of the machine formats, in order.
    var fieldNames: [String] {
        (showsKind ? ["kind"] : []) + columns.map(\.key)
    }

    /// What the records are called in messages (`expenses`, `records`).
    var noun: String {
        switch self {
        case .only(let kind): return kind.plural
        case .all: return "records"
        }
    }
}
