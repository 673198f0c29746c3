/// Each account's balance on a day, from its opening balance and every record that names it:
/// incomes in, expenses out (a refund back in), transfers from and to it. The answer to "does
/// `budget` agree with the bank?", and the household's net worth.
///
/// Balances are as the bank or the card shows them: money held, or for a card what is owed.
/// Records dated before an account's `asOf` are in its opening balance and not counted again.
public struct AccountBalances: Sendable {
    /// One account's balance.
    public struct Row: Sendable, Equatable {
        /// The account as it stood at the end of the day asked for: a reconciliation or a
        /// closing dated after that day is not there yet.
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
        let tally = try Tally(document, endingOn: day.map { [$0] })
        try self.init(document.accounts, tally, through: 0, endOf: day)
    }

    /// The balances at the end of each of `days` (in any order), from one pass over the records.
    ///
    /// - Throws: `BudgetError.totalOverflow` when a balance or a total does not fit in 64 bits.
    public static func at(_ days: [Day], in document: BudgetDocument) throws(BudgetError) -> [AccountBalances] {
        let sorted = days.sorted()
        let tally = try Tally(document, endingOn: sorted)
        var byDay: [Day: AccountBalances] = [:]
        for (index, day) in sorted.enumerated() where byDay[day] == nil {
            byDay[day] = try AccountBalances(document.accounts, tally, through: index, endOf: day)
        }
        return days.compactMap { byDay[$0] }
    }

    /// The balances from a tally's periods up to `last`, which ends with `day` (`nil`: every day).
    private init(_ accounts: [Account], _ tally: Tally, through last: Int, endOf day: Day?) throws(BudgetError) {
        var change = [Int](repeating: 0, count: accounts.count)
        var counts = [Int](repeating: 0, count: accounts.count)
        var unknown: [String: Int] = [:]
        var without: [RecordKind: Int] = [:]
        for period in 0...last {
            for at in accounts.indices {
                let (sum, over) = change[at].addingReportingOverflow(tally.change[period][at])
                guard !over else { throw .totalOverflow }
                change[at] = sum
                counts[at] += tally.counts[period][at]
            }
            unknown.merge(tally.unknown[period], uniquingKeysWith: +)
            without.merge(tally.without[period], uniquingKeysWith: +)
        }
        var rows: [Row] = []
        var assets = 0, owed = 0
        for (at, stored) in accounts.enumerated() {
            var account = stored
            if let day, let reconciled = account.reconciled, reconciled.day > day { account.reconciled = nil }
            if let day, let closed = account.closed, closed > day { account.closed = nil }
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

    /// What the records moved through each account in each period: up to the first of the days
    /// asked for, then from the day after it to the next, and so on (records after the last
    /// day count in none); every record in one period when no day is asked for.
    private struct Tally: Sendable {
        /// By period, each account's change as an asset.
        private(set) var change: [[Int]]
        /// By period, how many records moved each account's money.
        private(set) var counts: [[Int]]
        /// By period, names that are no account, with how many records give each.
        private(set) var unknown: [[String: Int]]
        /// By period, records that name no account, by kind.
        private(set) var without: [[RecordKind: Int]]
        private var overflow = false
        private let accounts: [Account]
        /// The periods' last days as day numbers (`nil`: one period).
        private let ends: [Int]?
        // The names as bytes: comparing bytes needs no Unicode normalisation, which hashing a
        // Japanese name for a dictionary does (a million records name a few accounts).
        private let names: NameLookup
        /// Names spelt otherwise (a hand-edited file), resolved once each: an account's position, or nil.
        private var otherSpellings: [String: Int?] = [:]

        /// From this many expenses on, half of them are added up on another thread.
        static let concurrentCount = 100_000

        /// - Parameter days: the periods' last days, ascending (`nil`: one period, every day).
        init(_ document: BudgetDocument, endingOn days: [Day]?) throws(BudgetError) {
            accounts = document.accounts
            let periods = max(days?.count ?? 1, 1)
            change = Array(repeating: [Int](repeating: 0, count: accounts.count), count: periods)
            counts = change
            unknown = Array(repeating: [:], count: periods)
            without = Array(repeating: [:], count: periods)
            ends = days?.map(\.dayNumber)
            names = NameLookup(accounts.map(\.name))
            let empty = self
            // Each record's fields read in place: a loop over the records would copy every one.
            let incomes = document.incomes.records.whollyRead
            for at in incomes.indices {
                guard let period = period(of: incomes[at].date) else { continue }
                guard let account = incomes[at].account else {
                    without[period][.income, default: 0] += 1
                    continue
                }
                move(incomes[at].amount, account, date: incomes[at].date, in: period, document)
            }
            let expenses = document.expenses.records.whollyRead
            if expenses.count >= Self.concurrentCount {
                // Half the expenses on another thread, from a tally with nothing in it yet.
                let middle = expenses.count / 2
                let second = BackgroundWork {
                    var tally = empty
                    tally.addExpenses(expenses[middle...], document)
                    return tally
                }
                addExpenses(expenses[..<middle], document)
                join(second.result())
            } else {
                addExpenses(expenses[...], document)
            }
            let transfers = document.transfers.records.whollyRead
            // A settlement between two members (`Settlement`) moves no account's money.
            let members = NameLookup(document[settings: MemberKeys.self].memberNames)
            for at in transfers.indices {
                guard let period = period(of: transfers[at].date) else { continue }
                if members.index(of: transfers[at].from) != nil, members.index(of: transfers[at].to) != nil { continue }
                let amount = transfers[at].amount, date = transfers[at].date
                move(-amount, transfers[at].from, date: date, in: period, document)
                move(amount, transfers[at].to, date: date, in: period, document)
            }
            guard !overflow else { throw .totalOverflow }
        }

        /// Adds what the expenses of `run` took from their accounts.
        private mutating func addExpenses(_ run: Slice<RecordList<Expense>>, _ document: BudgetDocument) {
            for at in run.indices {
                guard let period = period(of: run[at].date) else { continue }
                guard let account = run[at].account else {
                    without[period][.expense, default: 0] += 1
                    continue
                }
                // `Int.min` has no negation; no file holds it (amounts are at most `Int.max` in size).
                let amount = run[at].amount
                move(amount == Int.min ? Int.max : -amount, account, date: run[at].date, in: period, document)
            }
        }

        /// Adds another tally's sums to these.
        private mutating func join(_ other: Tally) {
            for period in change.indices {
                for at in accounts.indices {
                    let (sum, over) = change[period][at].addingReportingOverflow(other.change[period][at])
                    overflow = overflow || over
                    change[period][at] = sum
                    counts[period][at] += other.counts[period][at]
                }
                unknown[period].merge(other.unknown[period], uniquingKeysWith: +)
                without[period].merge(other.without[period], uniquingKeysWith: +)
            }
            overflow = overflow || other.overflow
        }

        /// The period a day is in, or `nil` after the last.
        private func period(of date: Day) -> Int? {
            guard let ends else { return 0 }
            let number = date.dayNumber
            var low = 0, high = ends.count
            while low < high {
                let middle = (low + high) / 2
                if ends[middle] < number { low = middle + 1 } else { high = middle }
            }
            return low < ends.count ? low : nil
        }

        /// Which account a record's name means: spelt as the account is, or folding alike.
        private mutating func position(of name: String, in period: Int, _ document: BudgetDocument) -> Int? {
            if let spelt = names.index(of: name) { return spelt }
            let found = otherSpellings[name] ?? document.account(named: name).flatMap { account in
                accounts.firstIndex { $0.name == account.name }
            }
            otherSpellings[name] = found
            if found == nil { unknown[period][name, default: 0] += 1 }
            return found
        }

        private mutating func move(
            _ amount: Int, _ name: String, date: Day, in period: Int, _ document: BudgetDocument
        ) {
            guard let at = position(of: name, in: period, document) else { return }
            if let asOf = accounts[at].asOf, date < asOf { return }
            let (sum, over) = change[period][at].addingReportingOverflow(amount)
            overflow = overflow || over
            change[period][at] = sum
            counts[period][at] += 1
        }
    }

    /// The row of an account, by its stored name.
    public func row(_ name: String) -> Row? {
        rows.first { $0.account.name == name }
    }
}
