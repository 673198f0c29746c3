#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The local time zone (`TZ`, else the system's), as the C library converts times into it.
enum LocalTimeZone {
    /// A moment as a clock in the local time zone shows it.
    struct Moment: Equatable {
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
        /// Seconds east of UTC at that moment.
        var offset: Int
    }

    /// The UTC time given by its calendar fields, in the local time zone (`timegm`, then
    /// `localtime_r`); `nil` when the C library cannot convert it.
    static func moment(utcYear year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Moment? {
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        var seconds = timegm(&parts)
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return nil }
        return Moment(
            year: Int(local.tm_year) + 1900, month: Int(local.tm_mon) + 1, day: Int(local.tm_mday),
            hour: Int(local.tm_hour), minute: Int(local.tm_min), second: Int(local.tm_sec),
            offset: Int(local.tm_gmtoff))
    }
}
