import BudgetCore

/// The filter options `list` (all of them) and `summary` (the period ones) share, checked and
/// turned into a `RecordQuery`.
///
/// `--month` and `--months` are checked here but resolved only against the loaded budget
/// (`query(for:)`): which days a month holds depends on its `period` settings (`BudgetCalendar`).
struct QueryOptions {
    /// A month as `--month` names it, before the budget says which days it holds.
    enum MonthRequest: Equatable {
        /// `YYYY-MM`: the budget month of that name.
        case named(year: Int, month: Int)
        /// `this`: the budget month that holds today.
        case this
        /// `last`: the budget month before it.
        case last

        /// The budget month's days, by `calendar`, with `today` as today.
        func period(in calendar: BudgetCalendar, today: Day) -> BudgetPeriod? {
            switch self {
            case let .named(year, month): return calendar.period(year: year, month: month)
            case .this: return calendar.period(containing: today)
            case .last:
                let current = calendar.period(containing: today)
                return calendar.period(before: current) ?? current
            }
        }
    }

    static let category = OptionSpec(
        long: "category", valueName: "name", help: "Only expenses in this category (repeat for several).",
        isRepeatable: true)
    static let tag = OptionSpec(
        long: "tag", valueName: "tag", help: "Only records with this tag (repeat for any of several).",
        isRepeatable: true)
    static let account = OptionSpec(
        long: "account", valueName: "account", help: "Only records of this account (repeat for several).",
        isRepeatable: true)
    static let month = OptionSpec(
        long: "month", valueName: "month", help: "A budget month: YYYY-MM, this or last (see period.month-start).",
        conflicts: ["year", "from", "to"])
    static let months = OptionSpec(
        long: "months", valueName: "n", help: "The last n budget months, this one included.",
        conflicts: ["month", "year", "from", "to"])
    static let year = OptionSpec(
        long: "year", valueName: "year", help: "A calendar year: YYYY.", conflicts: ["from", "to"])
    static let from = OptionSpec(
        long: "from", valueName: "day", help: "From this day on (YYYY-MM-DD, today or yesterday).")
    static let to = OptionSpec(long: "to", valueName: "day", help: "Up to and including this day.")
    static let search = OptionSpec(
        long: "search", valueName: "text",
        help: "Name or note contains this text, folded as rules fold it (width, kana, case, spaces).")
    static let min = OptionSpec(long: "min", valueName: "amount", help: "Amounts of at least this much.")
    static let max = OptionSpec(long: "max", valueName: "amount", help: "Amounts of at most this much.")
    static let sort = OptionSpec(
        long: "sort", valueName: "key", help: "order, date, amount or name (default: order).",
        choices: RecordQuery.SortKey.allCases.map(\.rawValue))
    static let reverse = OptionSpec(long: "reverse", help: "Reverse the order.")
    static let limit = OptionSpec(long: "limit", valueName: "n", help: "At most this many records.")

    static let periodSpecs = [month, year, from, to]
    static let listSpecs = [category, tag, account] + periodSpecs + [search, min, max, sort, reverse, limit]

    private let parsed: ParsedCommand
    private var query = RecordQuery()
    /// `--month`, resolved by `query(for:)`.
    private var month: MonthRequest?
    /// `--months`, resolved by `query(for:)`.
    private var lastMonths: Int?
    private let minText: String?
    private let maxText: String?

    /// Whether any period option was given.
    let hasPeriod: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        query.categories = Set(try parsed.values("category").map { text throws(UsageError) in
            try parsed.label(text, field: "category")
        })
        query.tags = Set(try parsed.tags("tag"))
        query.accounts = Set(try parsed.values("account").map { text throws(UsageError) in
            try parsed.label(text, field: "account")
        })
        month = try Self.month(parsed)
        lastMonths = try Self.lastMonths(parsed)
        if month == nil && lastMonths == nil { query.period = try Self.period(parsed) }
        hasPeriod = (Self.periodSpecs + [Self.months]).contains { parsed.value($0.long) != nil }
        query.search = parsed.value("search")
        minText = try parsed.value("min").map { text throws(UsageError) in try parsed.amountText(text) }
        maxText = try parsed.value("max").map { text throws(UsageError) in try parsed.amountText(text) }
        if let text = parsed.value("sort") {
            guard let key = RecordQuery.SortKey(rawValue: text) else {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--sort <key>': expected order, date, amount or name")
            }
            query.sort = key
        }
        query.reverse = parsed.flag("reverse")
        if let text = parsed.value("limit") {
            guard let count = try parsed.wholeNumber(text, for: "--limit <n>") else {
                throw parsed.usageError("invalid value '\(text)' for '--limit <n>': expected a whole number")
            }
            query.limit = count
        }
    }

    /// The query for `document`: `--min`/`--max` read in its currency, `--month` as its budget
    /// months run (`budgetCalendar`).
    func query(for document: BudgetDocument) throws(UsageError) -> RecordQuery {
        let money = document.moneyFormat
        var query = query
        query.categories = document.categories(foldingLike: query.categories)
        // An account typed in another case or width is the budget's (`account(named:)`).
        query.accounts = Set(query.accounts.map { document.account(named: $0)?.name ?? $0 })
        if let month {
            guard let period = month.period(in: document.budgetCalendar, today: Day.today()) else {
                throw parsed.usageError(
                    "invalid value '\(parsed.value("month") ?? "")' for '--month <month>': "
                        + "expected YYYY-MM, this or last")
            }
            query.period = period.range
        }
        if let lastMonths {
            let calendar = document.budgetCalendar
            query.period = calendar.days(ofLast: lastMonths, through: calendar.period(containing: Day.today()))
        }
        query.minimum = try minText.map { text throws(UsageError) in try parsed.money(text, in: money) }
        query.maximum = try maxText.map { text throws(UsageError) in try parsed.money(text, in: money) }
        if let minimum = query.minimum, let maximum = query.maximum, minimum > maximum {
            throw parsed.usageError("'--min \(minText ?? "")' is more than '--max \(maxText ?? "")'")
        }
        return query
    }

    /// The month named by `--month`, unresolved; contradictions with the other period options
    /// are usage errors.
    private static func month(_ parsed: ParsedCommand) throws(UsageError) -> MonthRequest? {
        let month = parsed.value("month"), year = parsed.value("year")
        let from = parsed.value("from"), to = parsed.value("to")
        if month != nil && year != nil { throw parsed.usageError("'--month' and '--year' cannot be combined") }
        if (month != nil || year != nil) && (from != nil || to != nil) {
            throw parsed.usageError("'--\(month != nil ? "month" : "year")' cannot be combined with '--from' or '--to'")
        }
        guard let month else { return nil }
        switch month {
        case "this": return .this
        case "last": return .last
        default:
            // Full-width digits and `2026/11` read as `2026-11`, like days.
            let plain = HalfWidth.plain(FieldRules.trimmed(month)).replacing("/", with: "-")
            guard plain.utf8.count == 7, let day = Day(iso: plain + "-01") else {
                throw parsed.usageError(
                    "invalid value '\(month)' for '--month <month>': expected YYYY-MM, this or last")
            }
            return .named(year: day.year, month: day.month)
        }
    }

    /// The count of `--months` (a command that offers it), which no other period option may join.
    private static func lastMonths(_ parsed: ParsedCommand) throws(UsageError) -> Int? {
        guard let text = parsed.value("months") else { return nil }
        if let other = ["month", "year", "from", "to"].first(where: { parsed.value($0) != nil }) {
            throw parsed.usageError("'--months' cannot be combined with '--\(other)'")
        }
        guard let count = try parsed.wholeNumber(text, for: "--months <n>"), count > 0 else {
            throw parsed.usageError("invalid value '\(text)' for '--months <n>': expected a whole number from 1")
        }
        return count
    }

    /// The period named by `--year` or `--from`/`--to` (`--month` aside).
    private static func period(_ parsed: ParsedCommand) throws(UsageError) -> DateRange {
        let year = parsed.value("year")
        let from = parsed.value("from"), to = parsed.value("to")
        if let year {
            let digits = HalfWidth.plain(FieldRules.trimmed(year))
            guard digits.utf8.count == 4, let number = Int(digits), let range = DateRange.year(number) else {
                throw parsed.usageError("invalid value '\(year)' for '--year <year>': expected YYYY")
            }
            return range
        }
        func day(_ text: String?, _ option: String) throws(UsageError) -> Day? {
            guard let text else { return nil }
            do {
                return try FieldRules.parseDay(text)
            } catch .notADay(_, let reason) {
                throw parsed.usageError("invalid value '\(text)' for '--\(option) <day>': it is not a day (\(reason))")
            } catch {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--\(option) <day>': expected YYYY-MM-DD (or YYYY/MM/DD), "
                        + "today or yesterday")
            }
        }
        let range = DateRange(from: try day(from, "from"), to: try day(to, "to"))
        if let start = range.from, let end = range.to, start > end {
            throw parsed.usageError("'--from \(start.iso)' is after '--to \(end.iso)'")
        }
        return range
    }
}
