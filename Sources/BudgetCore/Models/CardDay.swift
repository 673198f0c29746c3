/// A day of the month a card's statement closes on: a day number 1…31, or the month's last
/// day (`last`). A month shorter than the day number closes on its last day.
public enum CardDay: Hashable, Sendable, CustomStringConvertible {
    /// The day with this number, 1…31.
    case day(Int)
    /// The last day of each month.
    case last

    /// A day number 1…31, or `last`; `nil` for anything else (no sign, no leading zero).
    public init?(text: String) {
        if text == "last" {
            self = .last
        } else if let number = CardDay.dayNumber(text) {
            self = .day(number)
        } else {
            return nil
        }
    }

    /// `last`, or the day number.
    public var description: String {
        switch self {
        case .day(let number): return String(number)
        case .last: return "last"
        }
    }

    /// The day in the month of `day` that this day falls on.
    public func day(inMonthOf day: Day) -> Day {
        switch self {
        case .last: return day.lastOfMonth
        case .day(let number):
            let days = Day.daysInMonth(year: day.year, month: day.month)
            return Day(year: day.year, month: day.month, day: min(number, days)) ?? day.lastOfMonth
        }
    }

    /// A day number 1…31 written without a sign or leading zero; `nil` otherwise.
    public static func dayNumber(_ text: String) -> Int? {
        guard let number = Int(text), (1...31).contains(number), String(number) == text else { return nil }
        return number
    }
}
