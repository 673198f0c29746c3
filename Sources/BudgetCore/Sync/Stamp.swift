/// When and where a change was made: a hybrid logical clock's reading (`HybridClock`), the
/// wall time in milliseconds with a counter for changes within one millisecond (or made while
/// the clock runs behind one already seen), and the device that made it.
///
/// Stamps are totally ordered: by wall time, then counter, then device name, so two devices'
/// changes never tie. Written as `<wall>.<counter>.<device>` (`1795737600000.0.laptop`).
public struct Stamp: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01 UTC, as the clock read it (never behind a stamp it saw).
    public let wall: Int64
    /// Changes stamped within one millisecond of wall time, counted from 0.
    public let counter: Int
    /// The device that made the change (`DeviceName` rules: no `.` in it).
    public let device: String

    /// A stamp of these parts.
    public init(wall: Int64, counter: Int, device: String) {
        self.wall = wall
        self.counter = counter
        self.device = device
    }

    /// The stamp of what was there before any device stamped anything: a record's fields as
    /// written before the file became replicas, or as added (a record is added on one device,
    /// with an ID of its own block). Every replica knows it.
    public static let origin = Stamp(wall: 0, counter: 0, device: "")

    /// The latest wall time a stamp may have: the end of 9999 (a clock beyond it is broken).
    public static let latestWall: Int64 = 253_402_300_799_999
    /// The largest counter a stamp may have.
    public static let largestCounter = Int(Int32.max)

    /// Whether this is `origin`.
    public var isOrigin: Bool { wall == 0 && counter == 0 && device.isEmpty }

    /// Reads the text `description` writes; `nil` for anything else.
    public init?(text: String) {
        if text == Self.origin.description {
            self = .origin
            return
        }
        let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let wall = Int64(parts[0]), (0...Self.latestWall).contains(wall),
              let counter = Int(parts[1]), (0...Self.largestCounter).contains(counter),
              !parts[2].isEmpty, String(wall) == parts[0], String(counter) == parts[1] else { return nil }
        self.init(wall: wall, counter: counter, device: String(parts[2]))
    }

    /// The wall time in UTC, `YYYY-MM-DD HH:MM`.
    public var time: String {
        guard let time = CalendarTime(utc: Int(wall / 1000)) else { return "?" }
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(time.year)-\(pad(time.month))-\(pad(time.day)) \(pad(time.hour)):\(pad(time.minute))"
    }

    /// `<wall>.<counter>.<device>`.
    public var description: String { "\(wall).\(counter).\(device)" }

    public static func < (lhs: Stamp, rhs: Stamp) -> Bool {
        (lhs.wall, lhs.counter, lhs.device) < (rhs.wall, rhs.counter, rhs.device)
    }
}
