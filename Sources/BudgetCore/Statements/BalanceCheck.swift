/// A statement's balance column checked against the budget (`import --account`): each row's
/// stated balance must follow from the row above's and the row's amount (a row missing from
/// the file shows at once), and at the end of each day the account's balance in the budget,
/// the rows just imported included, must be the one the statement states (a doubled import, a
/// row left out, a wrong opening balance show at once). Banks print a balance on every row
/// (`取引後残高(円)`, `残高`, `差引残高`).
struct BalanceCheck {
    /// One row with a stated balance, in the statement's order, with its effect as an asset.
    struct Row {
        var line: Int
        var date: Day
        /// What the row did to the account, as an asset (money in positive).
        var change: Int
        /// The stated balance after it, as an asset (a card's owed amount negated).
        var balance: Int
    }

    /// An entry's row when it states a balance, with its effect on an account as an asset
    /// (`sign`: -1 for a liability, whose stated balance is what is owed).
    static func row(_ entry: StatementEntry, sign: Int) -> Row? {
        guard let balance = entry.balance, balance != Int.min else { return nil }
        let change: Int
        switch entry.kind {
        case .income: change = entry.amount
        case .transfer: change = entry.isIncoming ? entry.amount : -entry.amount
        case .expense: change = entry.recordedAmount == Int.min ? Int.max : -entry.recordedAmount
        }
        // (`balance` is never `Int.min`: the reader refuses it, so the negation fits.)
        return Row(line: entry.line, date: entry.date, change: change, balance: sign * balance)
    }

    /// The sign of an account's balances as an asset: -1 for a liability.
    static func sign(of account: Account) -> Int { account.type.isLiability ? -1 : 1 }

    /// A statement's rows (`row(_:sign:)`, in its order) oldest first: a statement listed
    /// newest first is turned round.
    static func oldestFirst(_ rows: [Row]) -> [Row] {
        if let first = rows.first, let last = rows.last, first.date > last.date { return rows.reversed() }
        return rows
    }

    /// The opening balance a statement gives an account that has none: the first row's balance
    /// before it, at the start of its day.
    static func opening(_ rows: [Row], account: Account) -> Reconciliation? {
        guard let first = rows.first else { return nil }
        let (before, overflow) = first.balance.subtractingReportingOverflow(first.change)
        guard !overflow, before != Int.min else { return nil }
        return Reconciliation(day: first.date, balance: account.type.isLiability ? -before : before)
    }

    /// Checks the rows against each other, then each day's last against the budget.
    ///
    /// - Parameters:
    ///   - rows: the statement's rows with a balance, oldest first (`oldestFirst(_:)`).
    ///   - leftOut: the lines the import left out although money moved (a rule's `--skip`), by
    ///     day, for the message.
    /// - Throws: `ImportError` at the first line that disagrees, with the difference.
    static func check(
        _ rows: [Row], account: Account, in document: BudgetDocument, leftOut: [Day: [Int]], money: MoneyFormat,
        column: String
    ) throws(ImportError) {
        guard let first = rows.first, let last = rows.last else { return }
        let sign = account.type.isLiability ? -1 : 1
        func shown(_ asset: Int) -> String {
            asset == Int.min ? "more than budget can compute" : money.display(sign * asset)
        }
        /// `stated - counted` as the bank shows it, or words when it does not fit in 64 bits.
        func difference(_ stated: Int, _ counted: Int) -> String {
            let (value, overflow) = stated.subtractingReportingOverflow(counted)
            return overflow || value == Int.min ? "more than budget can compute" : money.display(sign * value)
        }
        for (above, row) in zip(rows, rows.dropFirst()) {
            let (expected, overflow) = above.balance.addingReportingOverflow(row.change)
            if overflow || expected != row.balance {
                throw ImportError(
                    line: row.line, column: column,
                    "the balance after this row is \(shown(row.balance)), but the balance above (line "
                        + "\(above.line), \(shown(above.balance))) and this row's amount make \(shown(expected)): "
                        + "a row of \(difference(row.balance, expected)) between them is missing from "
                        + "the "
                        + "statement; --no-balance-check imports it anyway")
            }
        }
        // The account's balance in the budget at the end of each day of the statement.
        let dayBefore = first.date.advanced(byDays: -1)
        var running: Int
        do {
            running = try dayBefore.flatMap { try AccountBalances(document, through: $0).row(account.name)?.asset }
                ?? (account.type.isLiability ? -account.opening : account.opening)
        } catch {
            throw ImportError(line: first.line, column: column, "the account's balance is too large to check")
        }
        if let asOf = account.asOf, asOf >= first.date {
            running = account.type.isLiability ? -account.opening : account.opening
        }
        var changes: [Int: Int] = [:]
        var overflow = false
        func note(_ amount: Int, _ date: Day) {
            guard date >= first.date, date <= last.date else { return }
            if let asOf = account.asOf, date < asOf { return }
            let (sum, over) = changes[date.dayNumber, default: 0].addingReportingOverflow(amount)
            overflow = overflow || over
            changes[date.dayNumber] = sum
        }
        for income in document.incomes.records where income.account == account.name {
            note(income.amount, income.date)
        }
        for expense in document.expenses.records where expense.account == account.name {
            note(expense.amount == Int.min ? Int.max : -expense.amount, expense.date)
        }
        for transfer in document.transfers.records {
            if transfer.from == account.name { note(-transfer.amount, transfer.date) }
            if transfer.to == account.name { note(transfer.amount, transfer.date) }
        }
        guard !overflow else { throw ImportError(line: first.line, column: column, "the balances are too large") }
        var lastOfDay: [Int: Row] = [:]
        for row in rows { lastOfDay[row.date.dayNumber] = row }
        var day = first.date.dayNumber
        while day <= last.date.dayNumber {
            let (sum, over) = running.addingReportingOverflow(changes[day] ?? 0)
            guard !over else { throw ImportError(line: first.line, column: column, "the balances are too large") }
            running = sum
            if let row = lastOfDay[day], row.balance != running {
                var message = "the balance after this row is \(shown(row.balance)), but budget counts "
                    + "\(shown(running)) for \(account.name) at the end of \(row.date.iso) (a difference of "
                    + "\(difference(row.balance, running)))"
                if let lines = leftOut[row.date], !lines.isEmpty {
                    message += "; line\(lines.count == 1 ? "" : "s") \(lines.map(String.init).joined(separator: ", ")) "
                        + "of that day \(lines.count == 1 ? "was" : "were") left out (by a rule's --skip, or a "
                        + "transfer from an account not known: --transfer-to, or the account's --from, records it)"
                } else {
                    message += ": a row imported twice, a record of the account the bank does not have, or a wrong "
                        + "opening balance"
                }
                throw ImportError(line: row.line, column: column, message + "; --no-balance-check imports it anyway")
            }
            day += 1
        }
    }
}
