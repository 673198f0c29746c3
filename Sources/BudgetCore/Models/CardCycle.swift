/// A card's billing cycle (issue #29): the purchases from the day after one closing day through
/// the next are billed together and taken from the bank on the withdrawal day of the month after
/// the closing month (clamped to that month's last day).
///
/// Closing `last`, withdrawal 27: purchases 11-01…11-30 are withdrawn on 12-27. Closing 15,
/// withdrawal 10: purchases 10-16…11-15 are withdrawn on 12-10. A pure value: no document.
public struct CardCycle: Hashable, Sendable {
    /// One statement of the card: its purchases' days and the day they are withdrawn.
    public struct Statement: Hashable, Sendable {
        /// The first day whose purchases it holds (the day after the previous closing day).
        public let start: Day
        /// The closing day: the last day whose purchases it holds.
        public let closing: Day
        /// The day the statement's total is taken from the funding account.
        public let withdrawal: Day

        /// Whether a purchase on `day` belongs to the statement.
        public func contains(_ day: Day) -> Bool { start <= day && day <= closing }
    }

    /// The statement's closing day of the month.
    public let closing: CardDay
    /// The day of the month after the closing month that the bill is withdrawn, 1…31 (a
    /// shorter month's last day for a larger number).
    public let withdrawal: Int

    /// A cycle closing on `closing` and withdrawn on `withdrawal` (1…31, clamped to 1…31).
    public init(closing: CardDay, withdrawal: Int) {
        self.closing = closing
        self.withdrawal = min(31, max(1, withdrawal))
    }

    /// The cycle of a card account with both a closing and a withdrawal day; `nil` for any other
    /// account.
    public init?(_ account: Account) {
        guard account.type == .card, let closing = account.closing, let withdrawal = account.withdrawal else {
            return nil
        }
        self.init(closing: closing, withdrawal: withdrawal)
    }

    /// The statement a purchase on `day` falls in: the one whose closing day is the first on or
    /// after `day`.
    public func statement(containing day: Day) -> Statement {
        let thisMonth = closing.day(inMonthOf: day)
        let closingDay = day <= thisMonth ? thisMonth : closing.day(inMonthOf: day.firstOfNextMonth)
        return statement(closingOn: closingDay)
    }

    /// The statement whose closing day is `closingDay` (a closing day of this cycle).
    private func statement(closingOn closingDay: Day) -> Statement {
        let previous = closing.day(inMonthOf: closingDay.firstOfPreviousMonth)
        let start = previous < closingDay ? (previous.advanced(byDays: 1) ?? previous) : closingDay.firstOfMonth
        let paid = CardDay.day(withdrawal).day(inMonthOf: closingDay.firstOfNextMonth)
        return Statement(start: start, closing: closingDay, withdrawal: paid)
    }

    /// The statement after `statement`.
    public func statement(after statement: Statement) -> Statement {
        self.statement(containing: statement.closing.advanced(byDays: 1) ?? statement.closing)
    }

    /// The day a purchase on `day` is withdrawn from the funding account.
    public func withdrawalDay(ofPurchaseOn day: Day) -> Day {
        statement(containing: day).withdrawal
    }

    /// The statements withdrawn after `day` and on or before `end`, in order.
    public func statements(withdrawnAfter day: Day, through end: Day) -> [Statement] {
        // A withdrawal is at most two months (and a day) after its purchases.
        let earlier = day.firstOfPreviousMonth.firstOfPreviousMonth.firstOfPreviousMonth
        var current = statement(containing: earlier)
        var found: [Statement] = []
        while current.withdrawal <= end {
            if current.withdrawal > day { found.append(current) }
            let next = statement(after: current)
            guard next.closing > current.closing else { break }
            current = next
        }
        return found
    }

    /// The statement whose withdrawal day is nearest `day`, when it is at most `days` days away
    /// (the earlier one on a tie).
    public func statement(withdrawnNear day: Day, within days: Int) -> Statement? {
        let from = day.advanced(byDays: -days - 1) ?? day
        let to = day.advanced(byDays: days) ?? day
        let distance = { (statement: Statement) in abs(statement.withdrawal.dayNumber - day.dayNumber) }
        return statements(withdrawnAfter: from, through: to).min { distance($0) < distance($1) }
    }
}
