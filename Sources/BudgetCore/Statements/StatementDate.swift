/// Reads the dates statements hold: `2026/4/7`, `2026-04-07`, `20260407`, `2026年4月7日`,
/// `2026.04.07`, a Japanese era's year (`R8.11.07`, `令和8年11月8日`, `令和元年5月1日`,
/// `H31.4.30`, `平成31年4月30日`), a weekday after it (`07/16(火)`) or a time of day (`22:32:13`,
/// `2017-04-25T03:15:53Z`, `03:15:53+09:00`: that date; nothing else may follow); without a year
/// (`4月30日`, `04/30`) the latest such day on or before the statement's day (`asOf`). With a
/// pattern (`%Y/%m/%d`, `%Y%m%d`, `%d.%m.%Y`, `%Y年%m月%d日`; `%y` two-digit year, `%e` day,
/// `%%` a percent sign) only that form.
public enum StatementDate {
    /// The day the text names, or `nil` when it names none (or no real day: `2026/2/30`).
    public static func parse(_ text: String, pattern: String?, today: Day) -> Day? {
        read(text, pattern: pattern, asOf: today)?.day
    }

    /// The day the text names and whether it gave its year (without one, the day is the
    /// latest such day on or before `asOf`); `nil` when it names none.
    public static func read(_ text: String, pattern: String?, asOf: Day) -> (day: Day, hasYear: Bool)? {
        let scalars = Array(FieldRules.trimmed(HalfWidth.plain(text)).unicodeScalars)
        guard !scalars.isEmpty else { return nil }
        if let pattern { return parse(scalars, pattern: Array(HalfWidth.plain(pattern).unicodeScalars), today: asOf) }
        // An era's date starts with its name or letter, never a digit.
        if let first = scalars.first, !("0"..."9").contains(first), let era = eraDate(scalars) { return (era, true) }
        for pattern in usualPatternScalars {
            if let found = parse(scalars, pattern: pattern, today: asOf) { return found }
        }
        return nil
    }

    // MARK: Japanese eras

    /// The eras a statement writes, by their names and letters: the year before their first,
    /// their first day, and their last (`nil`: still running).
    private static let eras: [(names: [String], title: String, base: Int, first: Day?, last: Day?)] = [
        (["令和", "R", "r"], "Reiwa (令和)", 2018, Day(year: 2019, month: 5, day: 1), nil),
        (["平成", "H", "h"], "Heisei (平成)", 1988, Day(year: 1989, month: 1, day: 8), Day(year: 2019, month: 4, day: 30)),
    ]

    /// A date in a Japanese era's years (`R8.11.07`, `令和元年5月1日`), when it falls within
    /// the era; `nil` otherwise.
    private static func eraDate(_ scalars: [Unicode.Scalar]) -> Day? {
        guard let (day, era) = eraDay(scalars) else { return nil }
        if let first = eras[era].first, day < first { return nil }
        if let last = eras[era].last, last < day { return nil }
        return day
    }

    /// Why a date in a Japanese era's years is no day (`H31.5.1`: Heisei ended on
    /// 2019-04-30); `nil` when it is none or falls within its era.
    public static func outsideEra(_ text: String) -> String? {
        guard let (day, index) = eraDay(Array(FieldRules.trimmed(HalfWidth.plain(text)).unicodeScalars)) else {
            return nil
        }
        let era = eras[index]
        if let first = era.first, day < first { return "\(era.title) began on \(first.iso)" }
        if let last = era.last, last < day { return "\(era.title) ended on \(last.iso)" }
        return nil
    }

    /// The day a date in a Japanese era's years names, within its era or not, and the era's index.
    private static func eraDay(_ scalars: [Unicode.Scalar]) -> (Day, Int)? {
        for (index, era) in eras.enumerated() {
            for name in era.names {
                let prefix = Array(name.unicodeScalars)
                guard scalars.starts(with: prefix) else { continue }
                var rest = scalars[prefix.count...]
                var year: Int
                if rest.first == "元" {
                    year = 1
                    rest = rest.dropFirst()
                } else {
                    let digits = rest.prefix { $0.value >= 48 && $0.value <= 57 }
                    guard (1...2).contains(digits.count), let number = Int(String(String.UnicodeScalarView(digits))),
                          number > 0 else { return nil }
                    year = number
                    rest = rest.dropFirst(digits.count)
                }
                year += era.base
                // The Western year in place of the era's: then the usual forms read it.
                let western = Array(String(year).unicodeScalars) + rest
                for pattern in usualPatterns where pattern.hasPrefix("%Y") && pattern != "%Y%m%d" {
                    guard let day = parse(western, pattern: Array(pattern.unicodeScalars), today: Day.epoch)?.day else {
                        continue
                    }
                    return (day, index)
                }
                return nil
            }
        }
        return nil
    }

    /// Whether a pattern is one `parse` understands: every `%` starts a known directive, and
    /// it has a month and a day.
    public static func isValidPattern(_ pattern: String) -> Bool {
        let scalars = Array(pattern.unicodeScalars)
        guard !scalars.contains(where: {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || FieldRules.isBidiControl($0)
        }) else { return false }
        var index = 0
        var month = false, day = false
        while index < scalars.count {
            if scalars[index] == "%" {
                guard index + 1 < scalars.count else { return false }
                switch scalars[index + 1] {
                case "Y", "y", "%": break
                case "m": month = true
                case "d", "e": day = true
                default: return false
                }
                index += 2
            } else {
                index += 1
            }
        }
        return month && day
    }

    private static let usualPatterns = [
        "%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d", "%Y年%m月%d日", "%Y%m%d", "%m/%d", "%m月%d日", "%m-%d",
    ]
    /// `usualPatterns` as `parse` reads them, made once (a statement reads a date a row).
    private static let usualPatternScalars = usualPatterns.map { Array($0.unicodeScalars) }

    private static func parse(
        _ text: [Unicode.Scalar], pattern: [Unicode.Scalar], today: Day
    ) -> (day: Day, hasYear: Bool)? {
        var year: Int?, month: Int?, day: Int?
        var position = 0
        var index = 0
        func number(maxDigits: Int, exactly: Bool) -> Int? {
            var value = 0, count = 0
            while position < text.count, count < maxDigits, let digit = digitValue(text[position]) {
                value = value * 10 + digit
                count += 1
                position += 1
            }
            return count == 0 || (exactly && count != maxDigits) ? nil : value
        }
        // In a pattern whose numbers touch (`%Y%m%d`), each takes its full width.
        let compact = !pattern.contains { $0 != "%" && $0 != "Y" && $0 != "m" && $0 != "d" && $0 != "y" && $0 != "e" }
        while index < pattern.count {
            let scalar = pattern[index]
            if scalar == "%", index + 1 < pattern.count {
                switch pattern[index + 1] {
                case "Y": year = number(maxDigits: 4, exactly: true)
                    if year == nil { return nil }
                case "y": guard let short = number(maxDigits: 2, exactly: true) else { return nil }
                    year = 2000 + short
                case "m": month = number(maxDigits: 2, exactly: compact)
                    if month == nil { return nil }
                case "d", "e": day = number(maxDigits: 2, exactly: compact)
                    if day == nil { return nil }
                case "%": guard position < text.count, text[position] == "%" else { return nil }
                    position += 1
                default: return nil
                }
                index += 2
                continue
            }
            guard position < text.count, text[position] == scalar else { return nil }
            position += 1
            index += 1
        }
        guard followsADay(text[position...]) else { return nil }
        guard let month, let day else { return nil }
        if let year { return Day(year: year, month: month, day: day).map { ($0, true) } }
        // No year: the latest such day on or before today (29 February: of a leap year).
        for candidate in stride(from: today.year, through: today.year - 8, by: -1) {
            if let found = Day(year: candidate, month: month, day: day), !(today < found) { return (found, false) }
        }
        return nil
    }

    /// Whether text may follow a date: nothing, a weekday in brackets (`(火)`, ` (Thu)`), a
    /// time of day (`isTime`) after `T` or a space, or a weekday and then a time.
    private static func followsADay(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        var rest = text
        func dropSpaces() -> Bool {
            let before = rest.count
            while rest.first == " " || rest.first == "\t" { rest.removeFirst() }
            return rest.count < before
        }
        if rest.isEmpty { return true }
        if rest.first == "T" { return isTime(rest.dropFirst()) }
        let spaced = dropSpaces()
        guard rest.first == "(" || rest.first == "（" else { return spaced && isTime(rest) }
        guard let close = rest.firstIndex(where: { $0 == ")" || $0 == "）" }) else { return false }
        let weekday = rest[rest.index(after: rest.startIndex)..<close]
        guard (1...12).contains(weekday.count), weekday.allSatisfy({ $0.properties.isAlphabetic || $0 == "." }) else {
            return false
        }
        rest = rest[rest.index(after: close)...]
        return rest.isEmpty || (dropSpaces() && isTime(rest))
    }

    /// Whether text is a time of day: `9:05`, `22:32:13`, `03:15:53.125`, perhaps followed by
    /// `Z` or an offset from UTC (`+09:00`, `-0500`, `+09`).
    private static func isTime(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        var rest = text
        func digits(_ counts: ClosedRange<Int>) -> Int? {
            var value = 0, count = 0
            while count < counts.upperBound, let first = rest.first, let digit = digitValue(first) {
                value = value * 10 + digit
                count += 1
                rest.removeFirst()
            }
            return counts.contains(count) ? value : nil
        }
        func take(_ scalar: Unicode.Scalar) -> Bool {
            guard rest.first == scalar else { return false }
            rest.removeFirst()
            return true
        }
        guard let hour = digits(1...2), hour < 24, take(":"), let minute = digits(2...2), minute < 60 else {
            return false
        }
        if take(":") {
            guard let second = digits(2...2), second <= 60 else { return false }
            if take("."), digits(1...9) == nil { return false }
        }
        if rest.isEmpty { return true }
        if take("Z") { return rest.isEmpty }
        guard take("+") || take("-"), let hours = digits(2...2), hours <= 14 else { return false }
        if rest.isEmpty { return true }
        _ = take(":")
        guard let minutes = digits(2...2), minutes < 60 else { return false }
        return rest.isEmpty
    }

    private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        scalar.value >= 48 && scalar.value <= 57 ? Int(scalar.value - 48) : nil
    }
}
