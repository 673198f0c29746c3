/// The machine's wall clock, for stamping a replica's changes (`Stamp`).
public enum WallClock {
    /// Milliseconds since 1970-01-01T00:00:00Z, now.
    public static func milliseconds() -> Int64 {
        CalendarTime.millisecondsNow()
    }
}
