import BudgetCore

/// The options of `recur add` and `recur edit`: what a schedule records and when. Each value
/// is checked here (usage errors that name the option); `nil` means not given.
struct ScheduleOptions {
    static let every = OptionSpec(
        long: "every", valueName: "n unit",
        help: "How often: day, week, month or year, after a number for every n (--every month, --every 2 week).")
    static let on = OptionSpec(
        long: "on", valueName: "day",
        help: "For monthly schedules a day of the month (1-31; 31 is a shorter month's last day) or last; "
            + "for weekly ones a weekday (mon-sun).")
    static let from = OptionSpec(
        long: "from", valueName: "day",
        help: "The first day an occurrence may fall on (default: today); a yearly schedule falls on its date.")
    static let yes = OptionSpec(
        long: "yes",
        help: "Confirm a --from more than a year before today: every occurrence due since is recorded at once.")
    static let until = OptionSpec(
        long: "until", valueName: "day", help: "The last day an occurrence may be due (none: no end).")
    static let count = OptionSpec(
        long: "count", valueName: "n", help: "How many occurrences there are in all (none: no limit).")
    static let weekend = OptionSpec(
        long: "weekend", valueName: "rule",
        help: "An occurrence on a Saturday or Sunday: keep it, or move it to the Friday before or the Monday after "
            + "(default: keep).",
        choices: WeekendRule.allCases.map(\.rawValue))
    /// The unit after `--every <n>`, which the shell hands over as a word of its own.
    static let unitArgument = ArgumentSpec(
        name: "unit", help: "The unit after '--every <n>' (--every 2 week).", isOptional: true,
        choices: Recurrence.Unit.allCases.map(\.rawValue))

    /// The timing options, in help order.
    static let timing = [every, on, from, until, count, weekend]

    var interval: Int?
    var unit: Recurrence.Unit?
    /// `.some(nil)`: `--on` was not given; set when given.
    var anchor: Recurrence.Anchor?
    var start: Day?
    /// `.some(nil)`: `--until none`.
    var end: Day??
    /// `.some(nil)`: `--count none`.
    var count: Int??
    var weekend: WeekendRule?
    /// The record fields given (`FieldOptions`): a category, tags, a note, each read by its
    /// input rules; an optional field's absent value (`--note ""`) removes it on an edit.
    var values: RecordValues

    /// Reads the options of `use` (`.recurAdd`, `.recurEdit`) for schedules of `kind` (any:
    /// `nil`); `unitWord` is the positional word after `--every <n>`, if any.
    init(_ parsed: ParsedCommand, _ use: FieldOptions.Use, kind: RecordKind?, unitWord: String?) throws(UsageError) {
        if let text = parsed.value("every") {
            var words = (text + (unitWord.map { " " + $0 } ?? "")).split(whereSeparator: { $0 == " " }).map(String.init)
            // `2week` reads as `2 week`.
            if words.count == 1,
               let digits = words.first.map({ String(HalfWidth.plain($0).prefix { $0.isASCII && $0.isNumber }) }),
               !digits.isEmpty,
               digits.count < words[0].count {
                words = [digits, String(HalfWidth.plain(words[0]).dropFirst(digits.count))]
            }
            let expected = "expected a unit (day, week, month or year), after a number for every n: month, 2 week"
            switch words.count {
            case 1:
                guard let unit = Recurrence.Unit(word: words[0]) else {
                    if (try? parsed.wholeNumber(words[0], for: "--every")) != nil {
                        throw parsed.usageError("missing unit for '--every \(text)': \(expected)")
                    }
                    throw parsed.usageError("invalid value '\(text)' for '--every <n unit>': \(expected)")
                }
                (interval, self.unit) = (1, unit)
            case 2:
                guard let number = try parsed.wholeNumber(words[0], for: "--every"),
                      let unit = Recurrence.Unit(word: words[1]) else {
                    throw parsed.usageError(
                        "invalid value '\(words.joined(separator: " "))' for '--every <n unit>': \(expected)")
                }
                (interval, self.unit) = (number, unit)
            default:
                throw parsed.usageError("invalid value '\(text)' for '--every <n unit>': \(expected)")
            }
        } else if let unitWord {
            throw parsed.usageError("unexpected argument '\(unitWord)'")
        }
        if let text = parsed.value("on") {
            guard let anchor = Self.anchor(text) else {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--on <day>': expected a day of the month (1-31), last, "
                        + "or a weekday (mon-sun)")
            }
            self.anchor = anchor
        }
        start = try parsed.value("from").map { text throws(UsageError) in try parsed.day(text) }
        if let text = parsed.value("until") {
            end = .some(text == "none" ? nil : try parsed.day(text))
        }
        if let text = parsed.value("count") {
            if text == "none" {
                count = .some(nil)
            } else {
                guard let number = try parsed.wholeNumber(text, for: "--count") else {
                    throw parsed.usageError(
                        "invalid value '\(text)' for '--count <n>': expected 1 to 100000 occurrences, or none")
                }
                count = .some(number)
            }
        }
        if parsed.value("until") != nil && parsed.value("count") != nil && end != .some(nil) && count != .some(nil) {
            throw parsed.usageError(
                "'--until' and '--count' cannot be combined: a schedule ends on a day or after a number of occurrences")
        }
        if let text = parsed.value("weekend") {
            guard let rule = WeekendRule(rawValue: text) else {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--weekend <rule>': expected keep, before or after")
            }
            weekend = rule
        }
        values = try FieldOptions.values(parsed, use, kind: kind)
    }

    /// `25`, `last`, or a weekday (`fri`, `Friday`); full-width digits are read too.
    static func anchor(_ text: String) -> Recurrence.Anchor? {
        let plain = FieldRules.trimmed(HalfWidth.plain(text)).lowercased()
        if plain == "last" { return .lastDayOfMonth }
        if !plain.isEmpty, plain.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return Int(plain).map(Recurrence.Anchor.dayOfMonth) ?? .dayOfMonth(Int.max)
        }
        return Weekday(text: plain).map(Recurrence.Anchor.weekday)
    }

    /// A recurrence the core refused, worded with the option that fixes it.
    static func usageError(_ error: RecurrenceError, _ parsed: ParsedCommand) -> UsageError {
        switch error {
        case .interval(let value):
            return parsed.usageError("invalid value '\(value)' for '--every <n unit>': n must be 1 to 1000")
        case .count(let value):
            return parsed.usageError("invalid value '\(value)' for '--count <n>': expected 1 to 100000 occurrences")
        case let .endBeforeStart(start, end):
            return parsed.usageError(
                "invalid value '\(end.iso)' for '--until <day>': it is before the first day, \(start.iso) (--from)")
        case .endAndCount:
            return parsed.usageError(
                "'--until' and '--count' cannot be combined: a schedule ends on a day or after a number of occurrences")
        case .weekdayNeedsWeeks: return parsed.usageError("'--on <weekday>' is for weekly schedules (--every week)")
        case .dayOfMonthNeedsMonths(.year):
            return parsed.usageError(
                "'--on' does not apply to yearly schedules: they fall on the date of '--from' "
                    + "(--every year --from 2027-03-15)")
        case .dayOfMonthNeedsMonths:
            return parsed.usageError(
                "'--on <day-of-month>' and '--on last' are for monthly schedules (--every month)")
        case .dayOfMonth(let day):
            return parsed.usageError(
                "invalid value '\(day == Int.max ? "too large" : String(day))' for '--on <day>': "
                    + "a day of the month is 1 to 31")
        }
    }
}

extension Recurrence.Unit {
    /// `month` or `months`, in any case.
    init?(word: String) {
        let lower = word.lowercased()
        self.init(rawValue: lower.hasSuffix("s") ? String(lower.dropLast()) : lower)
    }
}
