#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A moment as the calendar shows it, in UTC or in the local time zone (`TZ`, else the
/// system's), from the C library's clock and conversions (`time`, `gmtime_r`, `localtime_r`).
@usableFromInline
struct CalendarTime: Equatable, Sendable {
    /// The year (1970, not 70).
    var year: Int
    /// The month, 1 to 12.
    var month: Int
    /// The day of the month, from 1.
    var day: Int
    /// The hour, 0 to 23.
    var hour: Int
    /// The minute, 0 to 59.
    var minute: Int
    /// The second, 0 to 60 (a leap second).
    var second: Int

    /// Seconds since 1970-01-01T00:00:00Z, now (`time`).
    @usableFromInline
    static func secondsNow() -> Int {
        Int(time(nil))
    }

    /// Milliseconds since 1970-01-01T00:00:00Z, now (`clock_gettime`, the realtime clock).
    static func millisecondsNow() -> Int64 {
        var now = timespec()
        guard clock_gettime(CLOCK_REALTIME, &now) == 0 else { return Int64(time(nil)) &* 1000 }
        return Int64(now.tv_sec) &* 1000 &+ Int64(now.tv_nsec / 1_000_000)
    }

    /// The moment `seconds` after 1970-01-01T00:00:00Z in UTC (`gmtime_r`), or `nil` when the C
    /// library cannot convert it (a year beyond its range).
    init?(utc seconds: Int) {
        var seconds = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return nil }
        self.init(parts)
    }

    /// The moment `seconds` after 1970-01-01T00:00:00Z in the local time zone (`localtime_r`), or
    /// `nil` when the C library cannot convert it.
    init?(local seconds: Int) {
        var seconds = time_t(seconds)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return nil }
        self.init(parts)
    }

    private init(_ parts: tm) {
        year = Int(parts.tm_year) + 1900
        month = Int(parts.tm_mon) + 1
        day = Int(parts.tm_mday)
        hour = Int(parts.tm_hour)
        minute = Int(parts.tm_min)
        second = Int(parts.tm_sec)
    }
}
