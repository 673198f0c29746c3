/// The day of the month a budget month starts on (`period.month-start`): 1 to 28, which every
/// month has. Typed and stored as a whole number.
public struct MonthStartDay: PlainSettingValue, Hashable, CustomStringConvertible {
    /// The day, 1 to 28.
    public let day: Int

    /// The 1st: calendar months.
    public static let first = MonthStartDay(uncheckedDay: 1)

    /// The days a budget month may start on: 1 to 28, which every month has.
    public static let days = 1...28

    /// A day within `days`, or `nil`.
    public init?(day: Int) {
        guard Self.days.contains(day) else { return nil }
        self.day = day
    }

    private init(uncheckedDay day: Int) {
        self.day = day
    }

    /// What values look like.
    public static let valueDescription = "a day of the month from 1 to 28"

    /// Reads one or two digits (ASCII or full-width, as an IME types them) naming a day from
    /// 1 to 28.
    public init(settingText text: String) throws(ValueError) {
        let digits = Array(HalfWidth.plain(text).utf8)
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard (1...2).contains(digits.count), digits.allSatisfy(isDigit),
              let day = MonthStartDay(day: digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
        else { throw .invalidSetting(text, expected: Self.valueDescription) }
        self = day
    }

    /// Reads a stored whole number from 1 to 28.
    public init?(stored: StoredSetting) {
        guard case .int(let value) = stored else { return nil }
        self.init(day: value)
    }

    /// The day, in digits.
    public var settingText: String { String(day) }
    /// The day, as a JSON number.
    public var stored: StoredSetting? { .int(day) }
    /// The day, in digits.
    public var description: String { settingText }
}
