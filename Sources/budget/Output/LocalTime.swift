import BudgetCore

/// A moment the data file stores in UTC (`2026-11-21T12:00:00Z`, as history entries are
/// stamped), seen in the local time zone (`TZ`, else the system's).
struct LocalTime {
    /// The local calendar day.
    let day: Day
    let hour: Int, minute: Int, second: Int
    /// Seconds east of UTC.
    let offset: Int

    /// Converts a stored UTC time; `nil` when the text is not exactly `YYYY-MM-DDTHH:MM:SSZ`.
    init?(utc text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
              bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
              let utcDay = Day(iso: String(decoding: bytes[0..<10], as: UTF8.self)),
              let hour = Self.number(bytes[11..<13]), hour < 24,
              let minute = Self.number(bytes[14..<16]), minute < 60,
              let second = Self.number(bytes[17..<19]), second < 61 else { return nil }
        guard let local = LocalTimeZone.moment(
                utcYear: utcDay.year, month: utcDay.month, day: utcDay.day, hour: hour, minute: minute, second: second),
              let day = Day(year: local.year, month: local.month, day: local.day) else { return nil }
        self.day = day
        self.hour = local.hour
        self.minute = local.minute
        self.second = local.second
        offset = local.offset
    }

    /// `14:05:09`
    var clock: String { "\(Self.pad(hour)):\(Self.pad(minute)):\(Self.pad(second))" }

    /// For people: the day in the date format, then the clock (`2026/11/21 21:00:00`).
    func display(_ format: DateFormat) -> String {
        "\(format.format(day)) \(clock)"
    }

    /// For machines: ISO 8601 with the offset from UTC (`2026-11-21T21:00:00+09:00`).
    var iso: String {
        let east = offset >= 0
        let minutes = abs(offset) / 60
        return "\(day.iso)T\(clock)\(east ? "+" : "-")\(Self.pad(minutes / 60)):\(Self.pad(minutes % 60))"
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
