extension BudgetDocument {
    /// Appends imported rows of one kind in file order, as one change (one undo step).
    ///
    /// - Parameter skipDuplicates: leave out rows equal (date, name, amount, category) to an
    ///   existing record or to an earlier row.
    /// - Returns: the new IDs and the number of rows skipped as duplicates.
    /// - Throws: `BudgetError.idSpaceExhausted` when the IDs run out, `ImportError` (naming the
    ///   row) when the kind's amounts would add up to more than `maximumTotal`; nothing is
    ///   added then.
    public mutating func importRows(_ rows: [ImportedRow], kind: RecordKind, skipDuplicates: Bool) throws -> (ids: [String], skipped: Int) {
        var seen = Set<String>()
        if skipDuplicates {
            switch kind {
            case .income: seen = Set(incomes.records.map { Self.key($0, category: nil) })
            case .expense: seen = Set(expenses.records.map { Self.key($0, category: $0.category) })
            }
        }
        var ids: [String] = []
        var skipped = 0
        var draft = self
        var total = kind == .income ? Self.total(of: incomes.records.lazy.map(\.amount)) : Self.total(of: expenses.records.lazy.map(\.amount))
        for row in rows {
            if skipDuplicates && !seen.insert(row.duplicateKey).inserted {
                skipped += 1
                continue
            }
            let sum = total.map { $0.addingReportingOverflow(row.amount) }
            total = sum?.partialValue
            guard let sum, !sum.overflow else {
                throw ImportError(line: row.line, column: "amount",
                                  "the \(kind.plural) would add up to more than \(AmountParser.grouped(Self.maximumTotal)), the largest total budget can compute")
            }
            switch kind {
            case .income:
                ids.append(try draft.incomes.add { Income(id: $0, name: row.name, amount: row.amount, date: row.date, note: row.note) }.id)
            case .expense:
                ids.append(try draft.expenses.add {
                    Expense(id: $0, name: row.name, amount: row.amount, category: row.category ?? Expense.defaultCategory, date: row.date, note: row.note)
                }.id)
            }
        }
        self = draft
        return (ids, skipped)
    }

    private static func key(_ record: some BaseModel, category: String?) -> String {
        ImportedRow(line: 0, name: record.name, amount: record.amount, date: record.date, category: category, note: nil).duplicateKey
    }
}
