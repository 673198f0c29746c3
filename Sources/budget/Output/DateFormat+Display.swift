import BudgetCore

/// The `display.date-format` setting applied beyond single days: months, periods (report
/// titles) and moments (history times). Machine formats keep ISO and never come through here.
extension DateFormat {
    /// A month written `YYYY-MM` in this format: `2026-11`, `2026/11`, or `11/2026` for `dmy`
    /// and `mdy`. Text that is not such a month is returned as it is.
    func formatMonth(_ month: String) -> String {
        let parts = month.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2 else { return month }
        switch self {
        case .iso: return month
        case .slashes: return "\(parts[0])/\(parts[1])"
        case .dayFirst, .monthFirst: return "\(parts[1])/\(parts[0])"
        }
    }

    /// A day of the year without its year (a yearly schedule's date) in this format: `03-15`,
    /// `03/15`, `15/03` for `dmy`, `03/15` for `mdy`.
    func formatMonthDay(_ day: Day) -> String {
        let month = day.iso.dropFirst(5).prefix(2), date = day.iso.suffix(2)
        switch self {
        case .iso: return "\(month)-\(date)"
        case .slashes, .monthFirst: return "\(month)/\(date)"
        case .dayFirst: return "\(date)/\(month)"
        }
    }

    /// A budget month as titles and rows name it: `2026-11` (in this format) for a calendar
    /// month, else the name with its days, `2026-11 (2026-10-25 to 2026-11-24)`.
    func describe(_ period: BudgetPeriod) -> String {
        let name = formatMonth(period.name)
        return period.isCalendarMonth ? name : "\(name) (\(describe(period.range)))"
    }

    /// A period as report titles show it: `2026-11-01 to 2026-11-30`, `from …`, `until …`,
    /// `all dates`, with the days in this format.
    func describe(_ period: DateRange) -> String {
        switch (period.from, period.to) {
        case let (from?, to?): return "\(format(from)) to \(format(to))"
        case let (from?, nil): return "from \(format(from))"
        case let (nil, to?): return "until \(format(to))"
        case (nil, nil): return "all dates"
        }
    }
}
