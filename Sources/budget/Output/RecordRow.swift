import BudgetCore

/// One record of any kind, as listings hold it; its cells come from the kind's schema
/// (`RecordColumn`).
struct RecordRow: Sendable {
    enum Record: Sendable {
        case income(Income)
        case expense(Expense)
        case transfer(Transfer)
    }

    var record: Record

    var kind: RecordKind {
        switch record {
        case .income: return .income
        case .expense: return .expense
        case .transfer: return .transfer
        }
    }

    var id: String {
        switch record {
        case .income(let income): return income.id
        case .expense(let expense): return expense.id
        case .transfer(let transfer): return transfer.id
        }
    }

    var date: Day {
        switch record {
        case .income(let income): return income.date
        case .expense(let expense): return expense.date
        case .transfer(let transfer): return transfer.date
        }
    }

    var name: String {
        switch record {
        case .income(let income): return income.name
        case .expense(let expense): return expense.name
        case .transfer(let transfer): return transfer.name
        }
    }

    var amount: Int {
        switch record {
        case .income(let income): return income.amount
        case .expense(let expense): return expense.amount
        case .transfer(let transfer): return transfer.amount
        }
    }

    /// The records of `selection` that `query` matches, incomes first, then expenses, then
    /// transfers, each kind in its order (a category filter leaves incomes and transfers out:
    /// they have none).
    static func matching(_ query: RecordQuery, in document: BudgetDocument, selection: RecordSelection) -> [RecordRow] {
        let incomes = selection.includes(.income) && query.categories.isEmpty ? query.incomes(in: document) : []
        let expenses = selection.includes(.expense) ? query.expenses(in: document) : []
        let transfers = selection.includes(.transfer) && query.categories.isEmpty ? query.transfers(in: document) : []
        var rows: [RecordRow] = []
        rows.reserveCapacity(incomes.count + expenses.count + transfers.count)
        for income in incomes { rows.append(RecordRow(income)) }
        for expense in expenses { rows.append(RecordRow(expense)) }
        for transfer in transfers { rows.append(RecordRow(transfer)) }
        return rows
    }

    init(_ income: Income) {
        record = .income(income)
    }

    init(_ expense: Expense) {
        record = .expense(expense)
    }

    init(_ transfer: Transfer) {
        record = .transfer(transfer)
    }
}
