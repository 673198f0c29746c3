import BudgetCore

/// One record of either kind, as listings hold it; its cells come from the kind's schema
/// (`RecordColumn`).
struct RecordRow: Sendable {
    enum Record: Sendable {
        case income(Income)
        case expense(Expense)
    }

    var record: Record

    var kind: RecordKind {
        switch record {
        case .income: return .income
        case .expense: return .expense
        }
    }

    var id: String {
        switch record {
        case .income(let income): return income.id
        case .expense(let expense): return expense.id
        }
    }

    var date: Day {
        switch record {
        case .income(let income): return income.date
        case .expense(let expense): return expense.date
        }
    }

    var name: String {
        switch record {
        case .income(let income): return income.name
        case .expense(let expense): return expense.name
        }
    }

    var amount: Int {
        switch record {
        case .income(let income): return income.amount
        case .expense(let expense): return expense.amount
        }
    }

    /// The records of `selection` that `query` matches, incomes first, each kind in its order
    /// (a category filter leaves incomes out: they have none).
    static func matching(_ query: RecordQuery, in document: BudgetDocument, selection: RecordSelection) -> [RecordRow] {
        let incomes = selection != .only(.expense) && query.categories.isEmpty ? query.incomes(in: document) : []
        let expenses = selection != .only(.income) ? query.expenses(in: document) : []
        var rows: [RecordRow] = []
        rows.reserveCapacity(incomes.count + expenses.count)
        for income in incomes { rows.append(RecordRow(income)) }
        for expense in expenses { rows.append(RecordRow(expense)) }
        return rows
    }

    init(_ income: Income) {
        record = .income(income)
    }

    init(_ expense: Expense) {
        record = .expense(expense)
    }
}
