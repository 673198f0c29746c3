import BudgetCore

/// Which records a listing covers: one kind, incomes and expenses, or every kind.
enum RecordSelection: Sendable, Equatable {
    case only(RecordKind)
    /// Incomes and expenses: what `all` is in a budget without transfers.
    case all
    /// Incomes, expenses and transfers: what `all` is in a budget with transfers.
    case everything

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

    /// `all` over `document`: with transfers when it has any, so that a listing of a budget
    /// without them is what it always was.
    func over(_ document: BudgetDocument) -> RecordSelection {
        self == .all && document.transfers.count > 0 ? .everything : self
    }

    /// Whether records of `kind` are listed.
    func includes(_ kind: RecordKind) -> Bool {
        switch self {
        case .only(let only): return only == kind
        case .all: return kind != .transfer
        case .everything: return true
        }
    }

    var hasCategory: Bool { includes(.expense) }
    var showsKind: Bool { self == .all || self == .everything }

    /// The records' columns, from their kinds' schemas.
    var columns: [RecordColumn] {
        RecordColumn.columns(incomes: includes(.income), expenses: includes(.expense), transfers: includes(.transfer))
    }

    /// The column names of the machine formats, in order.
    var fieldNames: [String] {
        (showsKind ? ["kind"] : []) + columns.map(\.key)
    }

    /// What the records are called in messages (`expenses`, `records`).
    var noun: String {
        switch self {
        case .only(let kind): return kind.plural
        case .all, .everything: return "records"
        }
    }
}
