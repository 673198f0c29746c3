/// The `source` of a transfer a command works out from the budget itself: a settlement's
/// payment (`settle --record`) or a reconciliation's adjustment (`reconcile --adjust`):
///
/// - `精算 <first day>..<last day> #<n> <payer>→<payee> <amount> <view>`, a name's `%`, `→` and
///   spaces written `%25`, `%E2%86%92` and `%20`;
/// - `残高調整 <account> <day> <balance> #<n> <difference> <view>`.
///
/// The event is the period settled, or the account, day and balance checked; `n` is one more
/// than the highest of its live transfers (a month settled again after more expenses is `#2`);
/// `view` is a fingerprint of what it was worked out from: the records dated in the period, each
/// by its ID and what decides who owes whom (date, amount, name, category, payer, split and
/// parts; a transfer's ends), and the members' weights and the categories' shares; for an
/// adjustment, the account's records through the day.
///
/// The same payment worked out on two devices from the same records has one source, so the fold
/// (and a merge) makes the two one record, as it does one statement row imported on both
/// (`ReplicaFold`): it is counted once. Records of one event worked out from other records
/// (each device had expenses the other had not seen) all stay, each maybe paid: `twins` finds
/// them, for the fold, the merge and the commands to say so. Such a source is no statement
/// row's: deleting the record remembers nothing for imports (`isDerived`).
public enum DerivedSource {
    /// What a derived transfer records.
    public enum Event: Sendable, CaseIterable {
        /// A settlement's payment between two members.
        case settlement
        /// A reconciliation's adjustment of an account.
        case adjustment

        fileprivate var name: String {
            switch self {
            case .settlement: BudgetDocument.settlementName
            case .adjustment: BudgetDocument.adjustmentName
            }
        }
    }

    /// The source of the payment of `amount` from `from` to `to` that settles the days of
    /// `period`, worked out from the records `view` names (`BudgetDocument.recordsView`).
    static func settlement(
        period: DateRange, from: String, to: String, amount: Int, view: String, among transfers: RecordList<Transfer>
    ) -> String {
        let event = "\(Event.settlement.name) \(period.from?.iso ?? "")..\(period.to?.iso ?? "")"
        return "\(event) #\(nextOrdinal(of: event, among: transfers)) \(escaped(from))→\(escaped(to)) \(amount) \(view)"
    }

    /// The source of the adjustment by `difference` (the balance less what budget counted) that
    /// makes `account` agree with `balance` (in minor units) at the end of `day`, worked out from
    /// the records `view` names.
    static func adjustment(
        account: String, day: Day, balance: Int, difference: Int, view: String, among transfers: RecordList<Transfer>
    ) -> String {
        let event = "\(Event.adjustment.name) \(account) \(day.iso) \(balance)"
        return "\(event) #\(nextOrdinal(of: event, among: transfers)) \(difference) \(view)"
    }

    /// Whether a source is one of these, not a statement row's.
    public static func isDerived(_ source: String) -> Bool {
        Parts(source) != nil
    }

    // MARK: Twins

    /// The live transfers of each event (a period's settlements, a check's adjustments) of
    /// which some of one `n` were worked out on devices that had not seen the same records
    /// (their fingerprints differ, or one pair's amounts do): every transfer of such an event, in
    /// the table's order, for maybe only some of them were paid.
    public static func twins(of event: Event, among transfers: RecordList<Transfer>) -> [[Transfer]] {
        var groups: [String: [(transfer: Transfer, parts: Parts)]] = [:]
        var keys: [String] = []
        for transfer in transfers {
            guard let source = transfer.source, let parts = Parts(source), parts.event == event else { continue }
            let key = String(parts.subject)
            if groups[key] == nil { keys.append(key) }
            groups[key, default: []].append((transfer, parts))
        }
        return keys.compactMap { key in
            guard let group = groups[key], group.count > 1 else { return nil }
            var views: [Int: Set<Substring>] = [:]
            var sources: [String: Set<String>] = [:]
            for member in group {
                views[member.parts.ordinal, default: []].insert(member.parts.view)
                sources["\(member.parts.ordinal) \(member.parts.pair)", default: []].insert(member.parts.source)
            }
            let differ = views.values.contains { $0.count > 1 } || sources.values.contains { $0.count > 1 }
            return differ ? group.map(\.transfer) : nil
        }
    }

    /// What each group of twins in `document` that `before` did not hold is, in a line: said
    /// when a fold or a merge brings them together.
    public static func newTwinsMessages(in document: BudgetDocument, since before: BudgetDocument) -> [String] {
        guard document.transfers != before.transfers else { return [] }
        var messages: [String] = []
        for event in Event.allCases {
            let known = Set(twins(of: event, among: before.transfers.records).map { $0.map(\.id) })
            for group in twins(of: event, among: document.transfers.records) where !known.contains(group.map(\.id)) {
                messages.append(twinsMessage(group, of: event, money: document.moneyFormat))
            }
        }
        return messages
    }

    /// A group of `twins`, in a line: `transfers 00000001 (#1, 妻 to 夫: 50,000) and 60000000 (#1,
    /// 妻 to 夫: 52,000) settle 2026-11-01..2026-11-30, worked out on devices that had not seen the
    /// same records: delete any that was not paid`.
    public static func twinsMessage(_ twins: [Transfer], of event: Event, money: MoneyFormat) -> String {
        var subject = Substring("")
        let items = twins.map { transfer -> String in
            guard let parts = transfer.source.flatMap(Parts.init) else { return transfer.id }
            subject = parts.subject
            switch event {
            case .settlement:
                return "\(transfer.id) (#\(parts.ordinal), \(transfer.from) to \(transfer.to): "
                    + "\(money.display(transfer.amount)))"
            case .adjustment:
                let difference = Int(parts.amount) ?? 0
                return "\(transfer.id) (#\(parts.ordinal), \(difference > 0 ? "+" : "")\(money.display(difference)))"
            }
        }
        let listed = items.count < 3
            ? items.joined(separator: " and ")
            : items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        let (verb, end) = event == .settlement ? ("settle", "was not paid") : ("adjust", "is not right")
        if subject == ".." { subject = "every day" }
        return "transfers \(listed) \(verb) \(subject), worked out on devices that had not seen the same records: "
            + "delete any that \(end)"
    }

    // MARK: Reading and writing

    /// A derived source, read.
    private struct Parts {
        let source: String
        let event: Event
        /// `<event> #<n>`.
        let numbered: Substring
        /// The event without its kind's name: the period, or the account, day and balance.
        let subject: Substring
        let ordinal: Int
        /// The payer and payee as written (empty for an adjustment).
        let pair: Substring
        /// The payment, or the adjustment's signed difference.
        let amount: Substring
        let view: Substring

        init?(_ source: String) {
            let tokens = source.split(separator: " ", omittingEmptySubsequences: false)
            guard let first = tokens.first, let view = tokens.last, view.utf8.count == 16,
                  view.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
            let count = tokens.count
            if first == Event.settlement.name {
                guard count == 6, tokens[1].contains(".."), let ordinal = Self.ordinal(tokens[2]),
                      Int(tokens[4]) != nil else { return nil }
                (event, self.ordinal, pair, amount) = (.settlement, ordinal, tokens[3], tokens[4])
                numbered = source[..<tokens[2].endIndex]
                subject = tokens[1]
            } else if first == Event.adjustment.name {
                guard count >= 7, let ordinal = Self.ordinal(tokens[count - 3]), Int(tokens[count - 2]) != nil,
                      Int(tokens[count - 4]) != nil, Day(iso: String(tokens[count - 5])) != nil else { return nil }
                (event, self.ordinal, pair, amount) = (.adjustment, ordinal, "", tokens[count - 2])
                numbered = source[..<tokens[count - 3].endIndex]
                subject = source[tokens[1].startIndex..<tokens[count - 4].endIndex]
            } else {
                return nil
            }
            self.source = source
            self.view = view
        }

        /// `n` of `#<n>`, when it is at least 1.
        private static func ordinal(_ token: Substring) -> Int? {
            guard token.first == "#", let ordinal = Int(token.dropFirst()), ordinal > 0 else { return nil }
            return ordinal
        }
    }

    /// One more than the highest `n` of the event's live transfers.
    private static func nextOrdinal(of event: String, among transfers: RecordList<Transfer>) -> Int {
        let prefix = event + " #"
        let highest = transfers.reduce(0) { highest, transfer in
            guard let source = transfer.source, source.hasPrefix(prefix), let parts = Parts(source),
                  parts.numbered == event + " #\(parts.ordinal)" else { return highest }
            return max(highest, parts.ordinal)
        }
        return highest + 1
    }

    /// A member's name with `%`, `→` and spaces escaped, so that the pair is one word read one way.
    private static func escaped(_ name: String) -> String {
        name.replacing("%", with: "%25").replacing("→", with: "%E2%86%92").replacing(" ", with: "%20")
    }
}

extension DerivedSource {
    /// A fingerprint of items (records and settings, each a few fields) in any order, the same on
    /// every machine: each item's fields hashed with FNV-1a, the items' hashes added up (so neither
    /// an array of the items nor sorting them: a settlement of every day of a million records).
    struct View {
        private static let offset: UInt64 = 0xcbf2_9ce4_8422_2325, prime: UInt64 = 0x100_0000_01b3
        private var total: UInt64 = 0

        /// Adds an item: its fields, in order.
        mutating func add(_ fields: String...) {
            var item = Self.offset
            for field in fields {
                for byte in field.utf8 { item = (item ^ UInt64(byte)) &* Self.prime }
                item = (item ^ 0x1F) &* Self.prime
            }
            total = total &+ item
        }

        /// The fingerprint: 16 hexadecimal digits.
        var text: String {
            let digits = String(total, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }
}

extension BudgetDocument {
    /// The fingerprint (`DerivedSource`'s view) of what a settlement of `period` is worked out
    /// from: each record dated in it by its ID and what decides who owes whom, the members'
    /// weights and the categories' shares.
    func recordsView(in period: DateRange) -> String {
        var view = DerivedSource.View()
        for income in incomes.records where period.contains(income.date) { Self.add(income, to: &view) }
        for expense in expenses.records where period.contains(expense.date) { Self.add(expense, to: &view) }
        for transfer in transfers.records where period.contains(transfer.date) { Self.add(transfer, to: &view) }
        for member in self[settings: MemberKeys.self].members { view.add("member", member.name, String(member.weight)) }
        for (category, split) in self[settings: ShareKeys.self].shares { view.add("share", category, split.text) }
        return view.text
    }

    /// The fingerprint (`DerivedSource`'s view) of the records of the account through `day`.
    func recordsView(ofAccount name: String, through day: Day) -> String {
        var view = DerivedSource.View()
        for income in incomes.records where income.account == name && income.date <= day {
            Self.add(income, to: &view)
        }
        for expense in expenses.records where expense.account == name && expense.date <= day {
            Self.add(expense, to: &view)
        }
        for transfer in transfers.records where (transfer.from == name || transfer.to == name) && transfer.date <= day {
            Self.add(transfer, to: &view)
        }
        return view.text
    }

    /// A record as a fingerprint takes it: its ID and the fields that decide who owes whom.
    private static func add(_ income: Income, to view: inout DerivedSource.View) {
        view.add("income", income.id, income.date.iso, String(income.amount), income.name, income.paidBy ?? "")
    }

    private static func add(_ expense: Expense, to view: inout DerivedSource.View) {
        view.add(
            "expense", expense.id, expense.date.iso, String(expense.amount), expense.name, expense.category,
            expense.paidBy ?? "", expense.split ?? "", expense.parts ?? "")
    }

    private static func add(_ transfer: Transfer, to view: inout DerivedSource.View) {
        view.add("transfer", transfer.id, transfer.date.iso, String(transfer.amount), transfer.from, transfer.to)
    }
}
