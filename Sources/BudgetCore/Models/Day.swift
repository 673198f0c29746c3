import Synchronization

/// A calendar day (no time, no time zone), written `YYYY-MM-DD`.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, the month and the day in one number (`year << 9 | month << 5 | day`), ordered
    /// as the days are: four bytes in every record instead of twenty-four.
    private let packed: UInt32

    /// The year, 1 to 9999.
    public var year: Int { Int(packed >> 9) }
    /// The month, 1 to 12.
    public var month: Int { Int(packed >> 5 & 0xF) }
    /// The day of the month, from 1.
    public var day: Int { Int(packed & 0x1F) }

    /// Creates a day, or returns `nil` when the date does not exist (`2026-02-30`) or the year
    /// is outside 1...9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Self.daysInMonth(year: year, month: month)).contains(day) else { return nil }
        self.init(uncheckedYear: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD` (four, two and two digits).
    public init?(iso text: String) {
        let parts = ByteView.withBytes(utf8Of: text) { bytes -> (year: Int, month: Int, day: Int)? in
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                  let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
                  let day = Self.number(bytes[8..<10]) else { return nil }
            return (year, month, day)
        }
        guard let parts else { return nil }
        self.init(year: parts.year, month: parts.month, day: parts.day)
    }

    /// The day `today()` gives instead of the clock's, when set: a fixed day for scripts and
    /// tests (the command line's `BUDGET_TODAY`). Set it once, before any work starts.
    public static var fixedToday: Day? {
        get { fixed.withLock { $0 } }
        set { fixed.withLock { $0 = newValue } }
    }

    private static let fixed = Mutex<Day?>(nil)

    /// Today in the local time zone (or `fixedToday`, when set).
    ///
    /// - Parameter now: the moment to take the day of, in seconds since 1970-01-01T00:00:00Z
    ///   (tests pass a fixed one; `fixedToday` does not apply then).
    public static func today(now: Int? = nil) -> Day {
        if now == nil, let fixedToday { return fixedToday }
        // The conversion always yields a valid date; the fallback only guards a broken libc.
        guard let local = CalendarTime(local: now ?? CalendarTime.secondsNow()) else { return Day.epoch }
        return Day(year: local.year, month: local.month, day: local.day) ?? Day.epoch
    }

    /// The local calendar day `count` days before today: counted in days of the calendar, not
    /// in 86,400-second steps, which miss a day after a 23-hour day (a daylight-saving change
    /// at midnight, as in Chile).
    ///
    /// - Parameter now: the moment whose day counts as today, in seconds since
    ///   1970-01-01T00:00:00Z (tests pass a fixed one).
    public static func daysAgo(_ count: Int, now: Int? = nil) -> Day {
        let today = today(now: now)
        return today.advanced(byDays: -count) ?? today
    }

    /// The day `count` days after this one (before it when negative), or `nil` outside 1...9999.
    public func advanced(byDays count: Int) -> Day? {
        let (number, overflow) = dayNumber.addingReportingOverflow(count)
        return overflow ? nil : Day(dayNumber: number)
    }

    /// Days since 1970-01-01 (negative before it), in the proleptic Gregorian calendar.
    var dayNumber: Int {
        // Howard Hinnant's days_from_civil: years counted from March, in 400-year eras.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `number` days after 1970-01-01, or `nil` outside years 1...9999.
    init?(dayNumber number: Int) {
        // The inverse of `dayNumber` (civil_from_days); the bound keeps the arithmetic small.
        guard (-719_162...2_932_896).contains(number) else { return nil }
        let shifted = number + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// The first day of this day's month.
    public var firstOfMonth: Day { Day(uncheckedYear: year, month: month, day: 1) }

    /// The last day of this day's month.
    public var lastOfMonth: Day {
        Day(uncheckedYear: year, month: month, day: Self.daysInMonth(year: year, month: month))
    }

    /// The first day of the previous month.
    public var firstOfPreviousMonth: Day {
        month == 1
            ? Day(uncheckedYear: max(1, year - 1), month: 12, day: 1)
            : Day(uncheckedYear: year, month: month - 1, day: 1)
    }

    /// The first day of the next month (9999-12 stays in 9999-12).
    public var firstOfNextMonth: Day {
        if month == 12 { return year == 9999 ? firstOfMonth : Day(uncheckedYear: year + 1, month: 1, day: 1) }
        return Day(uncheckedYear: year, month: month + 1, day: 1)
    }

    /// 1970-01-01.
    public static let epoch = Day(uncheckedYear: 1970, month: 1, day: 1)

    /// The ISO form, `YYYY-MM-DD`.
    public var iso: String { digits(10) }

    /// `YYYY-MM`.
    public var monthText: String { digits(7) }

    /// The first `count` characters of `YYYY-MM-DD`, built without interpolation (it is hot).
    private func digits(_ count: Int) -> String {
        String(utf8Count: count) { isoByte($0) }
    }

    /// The byte at `offset` (0...9) of `YYYY-MM-DD`.
    private func isoByte(_ offset: Int) -> UInt8 {
        let value: Int
        switch offset {
        case 0: value = year / 1000
        case 1: value = year / 100 % 10
        case 2: value = year / 10 % 10
        case 3: value = year % 10
        case 5: value = month / 10
        case 6: value = month % 10
        case 8: value = day / 10
        case 9: value = day % 10
        default: return UInt8(ascii: "-")
        }
        return UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
    }

    /// The ISO form, `YYYY-MM-DD`.
    public var description: String { iso }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Day, rhs: Day) -> Bool {
        lhs.packed < rhs.packed
    }

    /// The number of days in a month of the proleptic Gregorian calendar.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether a year has 29 February.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// A day from parts already checked (year 1...9999, month 1...12, day within the month).
    private init(uncheckedYear year: Int, month: Int, day: Int) {
        packed = UInt32(truncatingIfNeeded: year << 9 | month << 5 | day)
    }

    private static func number(_ digits: Slice<ByteView>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

extension Day: Codable {
    /// Decodes the ISO form, `YYYY-MM-DD`; any other string is corrupted data.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = Day(iso: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a YYYY-MM-DD date: \(text)")
        }
        self = day
    }

    /// Encodes the ISO form, `YYYY-MM-DD`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}
