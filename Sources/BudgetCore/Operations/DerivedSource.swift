/// The `source` of a transfer a command derives from the budget itself: a settlement's payment
/// (`settle --record`) or a reconciliation's adjustment (`reconcile --adjust`). One event
/// recorded on two devices that had not seen each other's record gets one source, so the fold
/// (and a merge) makes the two one record, as it does one statement row imported on both
/// (`ReplicaFold`): the payment is counted once. Another record of the same event on one
/// device (a month settled again after more expenses) is told apart by its ordinal, one more
/// than the highest of the live transfers'. Such a source is no statement row's: deleting
/// the record remembers nothing for imports (`isDerived`).
public enum DerivedSource {
    /// The source of the payment from `from` to `to` that settles the days of `period`.
    static func settlement(period: DateRange, from: String, to: String, among transfers: [Transfer]) -> String {
        let days = "\(period.from?.iso ?? "")..\(period.to?.iso ?? "")"
        return numbered("\(BudgetDocument.settlementName) \(days) \(from)→\(to)", among: transfers)
    }

    /// The source of the adjustment that makes `account` agree with `balance` (in minor units)
    /// at the end of `day`.
    static func adjustment(account: String, day: Day, balance: Int, among transfers: [Transfer]) -> String {
        numbered("\(BudgetDocument.adjustmentName) \(account) \(day.iso) \(balance)", among: transfers)
    }

    /// Whether a source is one of these (`精算 … #1`, `残高調整 … #1`), not a statement row's.
    public static func isDerived(_ source: String) -> Bool {
        let events = [BudgetDocument.settlementName, BudgetDocument.adjustmentName]
        guard events.contains(where: { source.hasPrefix($0 + " ") }), let mark = source.lastIndex(of: "#"),
              source[..<mark].hasSuffix(" "), let ordinal = Int(source[source.index(after: mark)...]) else {
            return false
        }
        return ordinal > 0
    }

    /// `event`, then ` #` and its ordinal among the transfers' sources.
    private static func numbered(_ event: String, among transfers: [Transfer]) -> String {
        let prefix = event + " #"
        let highest = transfers.reduce(0) { highest, transfer in
            guard let source = transfer.source, source.hasPrefix(prefix),
                  let ordinal = Int(source.dropFirst(prefix.count)), ordinal > highest else { return highest }
            return ordinal
        }
        return prefix + String(highest + 1)
    }
}
