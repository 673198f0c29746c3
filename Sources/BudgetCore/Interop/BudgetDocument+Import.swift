import FoundationEssentials

extension BudgetDocument {
    /// Appends imported rows of one kind in file order, as one change (one undo step).
    ///
    /// - Parameters:
    ///   - skipDuplicates: leave out rows equal (date, name, amount, category) to an existing
    ///     record, as many of them as there are such records: two identical coffees in the file
    ///     and one in the budget add one.
    ///   - into: the account of the rows that name none (`import --account`); an owned
    ///     account's rows are paid by its owner.
    /// - Returns: the new IDs and the number of rows skipped as duplicates.
    /// - Throws: `BudgetError.idSpaceExhausted` when the IDs run out; `ImportError` naming the
    ///   first row after which the kind's amounts would add up to more than the largest total
    ///   (`checkTotals`); nothing is added then.
    public mutating func importRows(
        _ rows: [ImportedRow], kind: RecordKind, skipDuplicates: Bool, into: String? = nil
    ) throws -> (ids: [String], skipped: Int) {
        var existing: [String: Int] = [:]
        if skipDuplicates {
            switch kind {
            case .income: for record in incomes.records { existing[Self.key(record, category: nil), default: 0] += 1 }
            case .expense:
                for record in expenses.records {
                    existing[Self.key(record, category: record.category), default: 0] += 1
                }
            case .transfer:
                for record in transfers.records {
                    existing[Self.key(record, category: record.from + "\u{1F}" + record.to), default: 0] += 1
                }
            }
        }
        var ids: [String] = []
        var skipped = 0
        var draft = self
        // The totals rule (`checkTotals`), checked row by row so the error names the row.
        // Amounts count by their size (a refund's too), as `checkTotals` counts them.
        var total: Int? = 0
        let amounts: [Int]
        switch kind {
        case .income: amounts = incomes.records.map(\.amount)
        case .expense: amounts = expenses.records.map(\.amount)
        case .transfer: amounts = transfers.records.map(\.amount)
        }
        for amount in amounts {
            let size = amount == Int.min ? Int.max : abs(amount)
            total = total.flatMap { $0.addingReportingOverflow(size).overflow ? nil : $0 + size }
        }
        let accounts = self[settings: AccountKeys.self]
        let members = MemberCheck(self)
        /// A row's record with its members checked, an error naming the row else.
        func checked<Record: BaseModel>(_ record: Record, line: Int) throws -> Record {
            do throws(MemberError) {
                return try record.checkedMembers(members)
            } catch {
                throw ImportError(line: line, column: "paid_by", error.errorDescription ?? "unknown member")
            }
        }
        // Room for every row at once: the table grows once, not by doubling.
        switch kind {
        case .income: draft.incomes.records.reserveCapacity(draft.incomes.count + rows.count)
        case .expense: draft.expenses.records.reserveCapacity(draft.expenses.count + rows.count)
        case .transfer: draft.transfers.records.reserveCapacity(draft.transfers.count + rows.count)
        }
        for row in rows {
            if skipDuplicates, let count = existing[row.duplicateKey], count > 0 {
                existing[row.duplicateKey] = count - 1
                skipped += 1
                continue
            }
            if let sum = total {
                let (next, overflow) = sum.addingReportingOverflow(row.amount == Int.min ? Int.max : abs(row.amount))
                if overflow {
                    throw ImportError(
                        line: row.line, column: "amount",
                        "the \(kind.plural) would add up to more than \(AmountParser.grouped(Int.max)), "
                            + "the largest total budget can compute")
                }
                total = next
            }
            // A row's account is one of the budget's, spelt as it is (`recordAccount`).
            let account = try Self.account(of: row, in: accounts, into: into)
            switch kind {
            case .income:
                ids.append(try draft.incomes.add { id in
                    var income = row.income(id: id)
                    income.account = account
                    return try checked(income, line: row.line)
                }.id)
            case .expense:
                ids.append(try draft.expenses.add { id in
                    var expense = row.expense(id: id)
                    expense.account = account
                    return try checked(expense, line: row.line)
                }.id)
            case .transfer:
                guard let read = row.transfer(id: "") else { continue }
                let transfer: Transfer
                do {
                    transfer = try draft.checkedAccounts(of: read)
                } catch let error as LocalizedError {
                    throw ImportError(line: row.line, column: "from", error.errorDescription ?? "an unknown account")
                }
                ids.append(try draft.transfers.add { id in Transfer.schema.copy(of: transfer, id: id) }.id)
            }
        }
        self = draft
        return (ids, skipped)
    }

    /// The account a row names, as the budget spells it; `nil` when it names none.
    ///
    /// - Throws: `ImportError` at the row's account when no account has the name, or the
    ///   account was closed before the row's date.
    private static func account(
        of row: ImportedRow, in accounts: Settings<AccountKeys>, into: String?
    ) throws(ImportError) -> String? {
        let typed: String?, date: Day
        switch row.record {
        case .income(let income): (typed, date) = (income.account ?? into, income.date)
        case .expense(let expense): (typed, date) = (expense.account ?? into, expense.date)
        case .transfer: return nil
        }
        guard let typed else { return nil }
        do {
            return try accounts.recordAccount(typed, on: date)
        } catch {
            throw ImportError(line: row.line, column: "account", error.errorDescription ?? "an unknown account")
        }
    }

    private static func key(_ record: some BaseModel, category: String?) -> String {
        ImportedRow.duplicateKey(date: record.date, name: record.name, amount: record.amount, category: category)
    }
}
