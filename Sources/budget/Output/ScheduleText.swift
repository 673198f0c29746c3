import BudgetCore

/// How schedules read in tables and messages: `every month on the 25th`, `next 2026-11-25`.
enum ScheduleText {
    /// `every month on the 25th`, `every 2 weeks on Friday`, `every year on 03-15`, with the
    /// weekend rule and the end when there is one.
    static func timing(_ recurrence: Recurrence, dateFormat: DateFormat = .iso) -> String {
        let unit = recurrence.unit.rawValue
        var text = recurrence.interval == 1 ? "every \(unit)" : "every \(recurrence.interval) \(unit)s"
        switch recurrence.effectiveAnchor {
        case .dayOfMonth(let day)?: text += " on the \(ordinal(day))"
        case .lastDayOfMonth?: text += " on the last day"
        case .weekday(let weekday)?: text += " on \(weekday.name.prefix(1).uppercased() + weekday.name.dropFirst())"
        case nil: if recurrence.unit == .year { text += " on \(dateFormat.formatMonthDay(recurrence.start))" }
        }
        switch recurrence.weekend {
        case .keep: break
        case .before: text += ", Friday for a weekend"
        case .after: text += ", Monday for a weekend"
        }
        if let end = recurrence.end { text += ", until \(dateFormat.format(end))" }
        if let count = recurrence.count { text += ", \(count) time\(count == 1 ? "" : "s")" }
        return text
    }

    /// `1st`, `2nd`, `3rd`, `25th`.
    static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    /// `next 2026-11-25`, `paused (next 2026-11-25)`, `ended`, or why it ended.
    static func status(_ schedule: Schedule, dateFormat: DateFormat = .iso) -> String {
        guard let next = schedule.next else {
            return schedule.recurrence.endsWithCalendar(after: schedule.recordedThrough)
                ? "ended (the next would be after "
                    + "\(Day(year: 9999, month: 12, day: 31).map(dateFormat.format) ?? "9999-12-31"))"
                : "ended"
        }
        let day = next.day == next.due
            ? dateFormat.format(next.due) : "\(dateFormat.format(next.day)) (due \(dateFormat.format(next.due)))"
        return schedule.isPaused ? "paused (next \(day))" : "next \(day)"
    }

    /// `expense 家賃 ¥80,000 (住居) every month on the 25th`.
    static func summary(_ schedule: Schedule, money: MoneyFormat) -> String {
        var text = "\(schedule.kind.singular) \(schedule.name) \(money.display(schedule.amount))"
        if let category = schedule.category { text += " (\(category))" }
        return text + " " + timing(schedule.recurrence)
    }

    /// `expense-00000012 家賃 on 2026-11-25`, for the list of what a run recorded.
    static func recorded(_ item: ScheduleRun.Item) -> String {
        let id = item.recordID.map { "\(item.kind.singular)-\($0)" } ?? item.kind.singular
        // An occurrence a statement showed first: its imported record now stands for it.
        return "\(id) \(item.name) on \(item.day.iso)" + (item.isLinked ? " (the imported record already there)" : "")
    }
}
