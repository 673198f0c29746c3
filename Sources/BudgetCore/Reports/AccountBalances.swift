/// Each account's balance on a day, from its opening balance and every record that names it:
/// incomes in, expenses out (a refund back in), transfers from and to it. The answer to "does
/// `budget` agree with the bank?", and the household's net worth.
///
/// Balances are as the bank or the card shows them: money held, or for a card what is owed.
/// Records dated before an account's `asOf` are in its opening balance and not counted again.
public struct AccountBalances: Sendable {
    /// One account's balance.
    public struct Row: Sendable, Equatable {
        /// The account.
        public var account: Account
        /// Money held, or for a card what is owed, at the end of the day asked for.
        public var balance: Int
        /// How many records moved its money through that day (since its opening day).
        public var records: Int

        /// The balance as an asset: money held, or minus what a card owes.
        public var asset: Int { account.type.isLiability ? -balance : balance }
    }

    /// Every account, by name.
    public let rows: [Row]
    /// What the accounts that are not cards hold together (savings too).
    public let assets: Int
    /// What the cards owe together.
    public let owed: Int
    /// `assets - owed`.
    public let netWorth: Int
    /// Records that name no account (they are in no balance), by kind.
    public let withoutAccount: [RecordKind: Int]
    /// Names records give that are no account of the budget, with how many records give each.
    public let unknownAccounts: [String: Int]

    /// The balances at the end of `day` (`nil`: every record counts).
    ///
    /// - Throws: `BudgetError.totalOverflow` when a balance or a total does not fit in 64 bits.
    public init(_ document: BudgetDocument, through day: Day? = nil) throws(BudgetError) {
        let accounts = document.accounts
        // Each account's change as an asset, and its records.
        var change = [Int](repeating: 0, count: accounts.count)
        var counts = [Int](repeating: 0, count: accounts.count)
        var unknown: [String: Int] = [:]
        var without: [RecordKind: Int] = [:]
        let last = day?.dayNumber ?? Int.max
        var overflow = false
        // The names as bytes: comparing bytes needs no Unicode normalisation, which hashing a
        // Japanese name for a dictionary does (a million records name a few accounts).
        let names = NameLookup(accounts.map(\.name))
        // Names spelt otherwise (a hand-edited file), resolved once each: an account's position, or nil.
        var otherSpellings: [String: Int?] = [:]
        /// Which account a record's name means: spelt as the account is, or folding alike.
        func position(of name: String) -> Int? {
            if let spelt = names.index(of: name) { return spelt }
            let found = otherSpellings[name] ?? document.account(named: name).flatMap { account in
                accounts.firstIndex { $0.name == account.name }
            }
            otherSpellings[name] = found
            if found == nil { unknown[name, default: 0] += 1 }
            return found
        }
        func move(_ amount: Int, _ name: String, date: Day) {
            guard let at = position(of: name) else { return }
            if let asOf = accounts[at].asOf, date < asOf { return }
            let (sum, over) = change[at].addingReportingOverflow(amount)
            overflow = overflow || over
            change[at] = sum
            counts[at] += 1
        }
        // Each record's fields read in place: a loop over the records would copy every one.
        let incomes = document.incomes.records
        for at in incomes.indices where incomes[at].date.dayNumber <= last {
            guard let account = incomes[at].account else {
                without[.income, default: 0] += 1
                continue
            }
            move(incomes[at].amount, account, date: incomes[at].date)
        }
        let expenses = document.expenses.records
        for at in expenses.indices where expenses[at].date.dayNumber <= last {
            guard let account = expenses[at].account else {
                without[.expense, default: 0] += 1
                continue
            }
            // `Int.min` has no negation; no file holds it (amounts are at most `Int.max` in size).
            let amount = expenses[at].amount
            move(amount == Int.min ? Int.max : -amount, account, date: expenses[at].date)
        }
        let transfers = document.transfers.records
        // A settlement between two members (`Settlement`) moves no account's money.
        let members = NameLookup(document[settings: MemberKeys.self].memberNames)
        for at in transfers.indices where transfers[at].date.dayNumber <= last {
            if members.index(of: transfers[at].from) != nil, members.index(of: transfers[at].to) != nil { continue }
            let amount = transfers[at].amount, date = transfers[at].date
            move(-amount, transfers[at].from, date: date)
            move(amount, transfers[at].to, date: date)
        }
        guard !overflow else { throw .totalOverflow }
        var rows: [Row] = []
        var assets = 0, owed = 0
        for (at, account) in accounts.enumerated() {
            let opening = account.type.isLiability ? -account.opening : account.opening
            let (asset, over) = opening.addingReportingOverflow(change[at])
            guard !over, asset != Int.min else { throw .totalOverflow }
            let row = Row(account: account, balance: account.type.isLiability ? -asset : asset, records: counts[at])
            rows.append(row)
            if account.type.isLiability {
                let (sum, over) = owed.addingReportingOverflow(row.balance)
                guard !over else { throw .totalOverflow }
                owed = sum
            } else {
                let (sum, over) = assets.addingReportingOverflow(row.balance)
                guard !over else { throw .totalOverflow }
                assets = sum
            }
        }
        let (worth, over) = assets.subtractingReportingOverflow(owed)
        guard !over else { throw .totalOverflow }
        self.rows = rows
        self.assets = assets
        self.owed = owed
        netWorth = worth
        withoutAccount = without
        unknownAccounts = unknown.filter { name, _ in name != Transfer.adjustment }
    }

    /// The row of an account, by its stored name.
    public func row(_ name: String) -> Row? {
        rows.first { $0.account.name == name }
    }
}
