/// A spending limit (`budget.limit.<category>`, `budget.total-limit`): an amount per budget
/// month or per calendar year, and what happens to what a period leaves unspent or spends
/// beyond it.
///
/// - `rollover` `none`: every period has the amount, as limits always had.
/// - `surplus`: what a period leaves unspent is added to the next one.
/// - `all`: an overspend is carried too: it takes from the next period, which can then have
///   less than nothing available.
///
/// Carrying starts at `since`, never earlier: that period has the amount alone, and each period
/// after it adds what the one before it carries. A limit without rollover has no `since`.
/// Every period from `since` on is counted with the amount the limit has now: changing the
/// amount changes what was carried too.
///
/// ```swift
/// let limit = try SpendingLimit(
///     amount: 40_000, rollover: .surplus, since: SpendingLimit.start("2026-10", per: .month))
/// ```
public struct SpendingLimit: Hashable, Sendable {
    /// How long a period of the limit is.
    public enum Period: String, CaseIterable, Sendable {
        /// A budget month (`period.month-start`).
        case month
        /// A calendar year.
        case year
    }

    /// What a period passes on to the next.
    public enum Rollover: String, CaseIterable, Sendable {
        /// Nothing.
        case none
        /// What it left unspent.
        case surplus
        /// What it left unspent, or what it spent beyond what it had (a negative amount).
        case all
    }

    /// The amount per period, in the currency's minor unit; never negative.
    public let amount: Int
    /// A budget month or a calendar year.
    public let per: Period
    /// What is carried from one period to the next.
    public let rollover: Rollover
    /// The first period of the carrying, when there is rollover: a budget month as
    /// `year × 12 + month − 1` (2026-10 is 24_321, `start("2026-10", per: .month)`), a year as
    /// itself.
    public let since: Int?

    /// Months and years a limit may start carrying at: 0001-01 to 9999-12, 1 to 9999.
    static let months = 12...(9999 * 12 + 11)
    static let years = 1...9999

    /// A limit.
    ///
    /// - Parameters:
    ///   - amount: in minor units, not negative (at most `BudgetDocument.maximumLimit`, which the store checks).
    ///   - per: a budget month or a calendar year.
    ///   - rollover: what carries from one period to the next.
    ///   - since: with rollover, the first period of the carrying (see `since`); without it, nothing.
    /// - Throws: `ValueError` for a negative amount, or a `since` missing, out of range or given without rollover.
    public init(amount: Int, per: Period = .month, rollover: Rollover = .none, since: Int? = nil) throws(ValueError) {
        if amount < 0 { throw .invalidAmount(String(amount), reason: "amounts cannot be negative") }
        switch (rollover, since) {
        case (.none, nil): break
        case (.none, .some):
            throw .invalidSetting(
                "since", expected: "it only with rollover=surplus or rollover=all: without rollover nothing is carried")
        case (_, nil):
            throw .invalidSetting(
                "rollover=\(rollover.rawValue)", expected: "since= with it: the period the carrying starts at")
        case (_, let start?):
            guard (per == .month ? Self.months : Self.years).contains(start) else {
                throw .invalidSetting(
                    String(start),
                    expected: per == .month ? "a month from 0001-01 to 9999-12" : "a year from 1 to 9999")
            }
        }
        self.amount = amount
        self.per = per
        self.rollover = rollover
        self.since = since
    }

    /// A monthly limit without rollover: what a plain amount means.
    public init(monthly amount: Int) throws(ValueError) {
        try self.init(amount: amount)
    }

    /// Whether the limit is a plain monthly amount, which the file stores as a number.
    public var isPlain: Bool { per == .month && rollover == .none }

    /// The same limit with another amount (a currency rescale).
    public func with(amount: Int) throws(ValueError) -> SpendingLimit {
        try SpendingLimit(amount: amount, per: per, rollover: rollover, since: since)
    }

    // MARK: Periods by name

    /// The period a text names for a limit of `per`: `YYYY-MM` (a budget month) or `YYYY`
    /// (a year, four digits), as `since` holds it; `nil` when the text is not one.
    public static func start(_ text: String, per: Period) -> Int? {
        switch per {
        case .month:
            // Named like a budget month (`BudgetCalendar.period(named:)`), numbered as its index.
            guard text.utf8.count == 7, let first = Day(iso: text + "-01"), years.contains(first.year) else {
                return nil
            }
            return first.year * 12 + first.month - 1
        case .year:
            let digits = Array(text.utf8)
            guard digits.count == 4, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let year = Int(text), years.contains(year) else { return nil }
            return year
        }
    }

    /// The name of a period of a limit of `per`: `2026-10` or `2026`.
    public static func name(of period: Int, per: Period) -> String {
        switch per {
        case .month:
            let year = period / 12, month = period % 12 + 1
            return Day(year: year, month: month, day: 1)?.monthText ?? "\(year)-\(month)"
        case .year:
            return Day(year: period, month: 1, day: 1).map { String($0.iso.prefix(4)) } ?? String(period)
        }
    }

    /// `since` as a name (`2026-10`, `2026`), when there is rollover.
    public var sinceName: String? { since.map { Self.name(of: $0, per: per) } }

    // MARK: Describing

    /// The limit in words, amounts shown in `money`: `¥40,000 a month`,
    /// `¥200,000 a year (rollover surplus since 2026)`.
    public func description(_ money: MoneyFormat) -> String {
        var text = money.display(amount) + (per == .month ? " a month" : " a year")
        if rollover != .none, let sinceName { text += " (rollover \(rollover.rawValue) since \(sinceName))" }
        return text
    }
}
