/// A day of the week.
public enum Weekday: Int, CaseIterable, Sendable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// `mon`…`sun` (or the full English name), in any case.
    public init?(text: String) {
        let lower = FieldRules.trimmed(text).lowercased()
        guard let match = Self.allCases.first(where: { $0.name == lower || $0.name.prefix(3) == lower }) else {
            return nil
        }
        self = match
    }

    /// `monday`…`sunday`.
    public var name: String {
        ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][rawValue - 1]
    }

    /// The weekday of a day (1970-01-01 was a Thursday).
    public init(of day: Day) {
        let index = ((day.dayNumber + 3) % 7 + 7) % 7  // 0 = Monday
        self = Weekday(rawValue: index + 1) ?? .monday
    }

    /// Saturday or Sunday.
    public var isWeekend: Bool { self == .saturday || self == .sunday }
}
