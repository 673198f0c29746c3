import FoundationEssentials

/// Rows of one kind added to a budget as an import reads them, one at a time, by the rules of
/// `BudgetDocument.importRows`: duplicates skipped when asked, the kind's amounts kept within
/// the largest total, each row's account and members checked.
struct ImportBatch {
    let kind: RecordKind
    let skipDuplicates: Bool
    /// The account of the rows that name none (`import --account`).
    let account: String?
    /// The tags of the records whose rows have none (`import --tag`).
    let defaultTags: Tags
    /// How many records of each duplicate key the budget held and no row has matched yet.
    private var existing: [String: Int] = [:]
    /// The kind's amounts so far, counted by their size (`checkTotals`); `nil` past the largest.
    private var total: Int? = 0
    private let accounts: Settings<AccountKeys>
    private let members: MemberCheck
    /// The IDs of the records added, in the order of their rows.
    private(set) var ids: [String] = []
    /// How many rows were left out as duplicates.
    private(set) var skipped = 0
    /// How many rows to make room for in the table, at the first (`DelimitedReader.rowBound`).
    var rowBound = 0

    /// A batch adding rows of `kind` to `document` (as it is before the first row).
    init(
        into document: BudgetDocument, kind: RecordKind, skipDuplicates: Bool, account: String?,
        defaultTags: Tags = Tags()
    ) {
        self.kind = kind
        self.skipDuplicates = skipDuplicates
        self.account = account
        self.defaultTags = defaultTags
        accounts = document[settings: AccountKeys.self]
        members = MemberCheck(document)
        if skipDuplicates {
            switch kind {
            case .income:
                for record in document.incomes.records { existing[Self.key(record, category: nil), default: 0] += 1 }
            case .expense:
                for record in document.expenses.records {
                    existing[Self.key(record, category: record.category), default: 0] += 1
                }
            case .transfer:
                for record in document.transfers.records {
                    existing[Self.key(record, category: record.from + "\u{1F}" + record.to), default: 0] += 1
                }
            }
        }
        // The totals rule (`checkTotals`), checked row by row so the error names the row.
        // Amounts count by their size (a refund's too), as `checkTotals` counts them.
        let amounts: [Int]
        switch kind {
        case .income: amounts = document.incomes.records.map(\.amount)
        case .expense: amounts = document.expenses.records.map(\.amount)
        case .transfer: amounts = document.transfers.records.map(\.amount)
        }
        for amount in amounts {
            let size = amount == Int.min ? Int.max : abs(amount)
            total = total.flatMap { $0.addingReportingOverflow(size).overflow ? nil : $0 + size }
        }
    }

    /// Adds the next row's record to `document`, unless it is a duplicate to skip.
    ///
    /// - Throws: `BudgetError.idSpaceExhausted` when the IDs run out; `ImportError` at the row
    ///   when the kind's amounts would add up to more than the largest total, or its account or
    ///   a member it names is not the budget's. `document` is then left part-way: drop it.
    mutating func add(_ row: ImportedRow, to document: inout BudgetDocument) throws {
        if skipDuplicates, let count = existing[row.duplicateKey], count > 0 {
            existing[row.duplicateKey] = count - 1
            skipped += 1
            return
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
        let account = try Self.account(of: row, in: accounts, into: self.account)
        let members = self.members
        let defaultTags = self.defaultTags
        /// A row's record with the batch's tags if it has none and its members checked, an
        /// error naming the row else.
        func checked<Record: BaseModel>(_ record: Record) throws -> Record {
            var record = record
            if record.tags.isEmpty { record.tags = defaultTags }
            do throws(MemberError) {
                return try record.checkedMembers(members)
            } catch {
                throw ImportError(line: row.line, column: "paid_by", error.errorDescription ?? "unknown member")
            }
        }
        document.makeRoom(forMore: rowBound, of: kind)
        rowBound = 0
        switch kind {
        case .income:
            ids.append(try document.incomes.add { id in
                var income = row.income(id: id)
                income.account = account
                return try checked(income)
            }.id)
        case .expense:
            ids.append(try document.expenses.add { id in
                var expense = row.expense(id: id)
                expense.account = account
                return try checked(expense)
            }.id)
        case .transfer:
            guard let read = row.transfer(id: "") else { return }
            let transfer: Transfer
            do {
                transfer = try document.checkedAccounts(of: read)
            } catch let error as LocalizedError {
                throw ImportError(line: row.line, column: "from", error.errorDescription ?? "an unknown account")
            }
            ids.append(try document.transfers.add { id in Transfer.schema.copy(of: transfer, id: id) }.id)
        }
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
