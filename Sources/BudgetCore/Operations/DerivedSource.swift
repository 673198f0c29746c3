/// The `source` of a transfer a command derives from the budget itself: a settlement's payment
/// (`settle --record`) or a reconciliation's adjustment (`reconcile --adjust`), written
/// `<event> #<n> <amount>`. The event is the period and the two members (`精算 2026-11-01..2026-11-30
/// 妻→夫`), or the account, the day and the balance checked (`残高調整 財布 2026-12-31 8500`); `n`
/// is one more than the highest of the event's live transfers (a month settled again after more
/// expenses is `#2`); the amount is the payment, or the adjustment's signed difference.
///
/// The same payment recorded on two devices that had not seen each other's record has one
/// source, so the fold (and a merge) makes the two one record, as it does one statement row
/// imported on both (`ReplicaFold`): it is counted once. Two records of one event and `n` whose
/// amounts differ stay two, each money someone may have moved: `twins` finds them, for the
/// commands to say so. Such a source is no statement row's: deleting the record remembers
/// nothing for imports (`isDerived`).
public enum DerivedSource {
    /// What a derived transfer records.
    public enum Event: Sendable {
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

    /// The source of the payment of `amount` from `from` to `to` that settles the days of `period`.
    static func settlement(
        period: DateRange, from: String, to: String, amount: Int, among transfers: [Transfer]
    ) -> String {
        let days = "\(period.from?.iso ?? "")..\(period.to?.iso ?? "")"
        return numbered("\(Event.settlement.name) \(days) \(escaped(from))→\(escaped(to))", amount, among: transfers)
    }

    /// The source of the adjustment by `difference` (the balance less what budget counted) that
    /// makes `account` agree with `balance` (in minor units) at the end of `day`.
    static func adjustment(
        account: String, day: Day, balance: Int, difference: Int, among transfers: [Transfer]
    ) -> String {
        numbered("\(Event.adjustment.name) \(account) \(day.iso) \(balance)", difference, among: transfers)
    }

    /// Whether a source is one of these, not a statement row's.
    public static func isDerived(_ source: String) -> Bool {
        numberedEvent(of: source) != nil
    }

    /// The live transfers recorded as one event's same payment (one event and `n`) with other
    /// amounts, in groups of two or more, each group in the table's order: records made on
    /// devices that had not seen each other's, of which maybe only one was paid.
    public static func twins(of event: Event, among transfers: [Transfer]) -> [[Transfer]] {
        var groups: [String: [Transfer]] = [:]
        var keys: [String] = []
        for transfer in transfers {
            guard let source = transfer.source, source.hasPrefix(event.name + " "),
                  let key = numberedEvent(of: source).map(String.init) else { continue }
            if groups[key] == nil { keys.append(key) }
            groups[key, default: []].append(transfer)
        }
        return keys.compactMap { key in groups[key].flatMap { $0.count > 1 ? $0 : nil } }
    }

    /// What a group of `twins` is, in a line: `transfers 00000001 and 60000000 (妻 to 夫: 60,000
    /// and 50,000) were recorded as the same settlement on devices that had not seen each other's: …`.
    public static func twinsMessage(_ twins: [Transfer], of event: Event, money: MoneyFormat) -> String {
        let ids = twins.map(\.id), amounts = twins.map { money.display($0.amount) }
        func listed(_ items: [String]) -> String {
            items.count < 3 ? items.joined(separator: " and ")
                : items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
        let what: String
        switch event {
        case .settlement: what = "\(twins.first?.from ?? "") to \(twins.first?.to ?? "")"
        case .adjustment: what = twins.first.map { $0.from == Transfer.adjustment ? $0.to : $0.from } ?? ""
        }
        return "transfers \(listed(ids)) (\(what): \(listed(amounts))) were recorded as the same "
            + (event == .settlement ? "settlement" : "adjustment")
            + " on devices that had not seen each other's: if only one is right, delete the other"
    }

    /// `<event> #<n>` of a source `<event> #<n> <amount>`; `nil` for any other source.
    private static func numberedEvent(of source: String) -> Substring? {
        guard [Event.settlement, .adjustment].contains(where: { source.hasPrefix($0.name + " ") }),
              let space = source.lastIndex(of: " "), Int(source[source.index(after: space)...]) != nil,
              let mark = source[..<space].lastIndex(of: "#"), source[..<mark].hasSuffix(" "),
              let ordinal = Int(source[source.index(after: mark)..<space]), ordinal > 0 else { return nil }
        return source[..<space]
    }

    /// `<event> #<n> <amount>`, `n` one more than the highest among the transfers' sources.
    private static func numbered(_ event: String, _ amount: Int, among transfers: [Transfer]) -> String {
        let prefix = event + " #"
        let highest = transfers.reduce(0) { highest, transfer in
            guard let source = transfer.source, let numbered = numberedEvent(of: source), numbered.hasPrefix(prefix),
                  let ordinal = Int(numbered.dropFirst(prefix.count)), ordinal > highest else { return highest }
            return ordinal
        }
        return prefix + String(highest + 1) + " " + String(amount)
    }

    /// A member's name with `%` and `→` escaped, so that the pair reads one way only.
    private static func escaped(_ name: String) -> String {
        name.replacing("%", with: "%25").replacing("→", with: "%E2%86%92")
    }
}
