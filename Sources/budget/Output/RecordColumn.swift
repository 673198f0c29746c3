import BudgetCore

/// A column of a listing: a field of the records' schemas, by key. A listing of several kinds
/// has the columns of each; a record of a kind without the field leaves its cell empty (`null`
/// in JSON).
struct RecordColumn {
    /// The field's key: the column's name in TSV, CSV and JSON.
    let key: String
    let income: RecordField<Income>?
    let expense: RecordField<Expense>?
    let transfer: RecordField<Transfer>?

    /// Whether tables align the column to the right.
    var isNumeric: Bool { income?.isNumeric ?? expense?.isNumeric ?? transfer?.isNumeric ?? false }

    /// When tables show the column (as any kind declares the field).
    var listing: FieldListing { expense?.listing ?? income?.listing ?? transfer?.listing ?? .always }

    /// The columns for these kinds, in the schemas' order (expense fields first, then any field
    /// only incomes have, then those only transfers have).
    static func columns(incomes: Bool, expenses: Bool, transfers: Bool = false) -> [RecordColumn] {
        let incomeFields = incomes ? Income.schema.fields : []
        let expenseFields = expenses ? Expense.schema.fields : []
        let transferFields = transfers ? Transfer.schema.fields : []
        var keys = expenseFields.map(\.key)
        for field in incomeFields where !keys.contains(field.key) { keys.append(field.key) }
        for field in transferFields where !keys.contains(field.key) { keys.append(field.key) }
        return keys.map { key in
            RecordColumn(
                key: key, income: incomeFields.first { $0.key == key }, expense: expenseFields.first { $0.key == key },
                transfer: transferFields.first { $0.key == key })
        }
    }

    /// The row's value in this column; `nil` when its kind has no such field.
    func value(of row: RecordRow) -> FieldValue? {
        switch row.record {
        case .income(let income): return self.income?.value(income)
        case .expense(let expense): return self.expense?.value(expense)
        case .transfer(let transfer): return self.transfer?.value(transfer)
        }
    }
}
