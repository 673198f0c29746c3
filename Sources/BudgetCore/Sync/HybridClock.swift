/// A device's hybrid logical clock: stamps that follow the wall clock, yet never go back and
/// always come after every stamp the device has seen, however wrong another device's clock is
/// (Kulkarni et al., "Logical Physical Clocks", 2014).
public struct HybridClock: Sendable, Equatable {
    /// The device whose changes it stamps.
    public let device: String
    /// The latest stamp made or seen, if any.
    public private(set) var latest: (wall: Int64, counter: Int)?

    /// A clock for `device` that has seen nothing.
    public init(device: String) {
        self.device = device
    }

    /// A clock that has made or seen `latest`.
    public init(device: String, latest: Stamp?) {
        self.device = device
        self.latest = latest.map { ($0.wall, $0.counter) }
    }

    /// The stamp of a change made now (`now`: the wall clock, in milliseconds): after every
    /// stamp made or seen before.
    public mutating func stamp(now: Int64) -> Stamp {
        let next: (wall: Int64, counter: Int)
        if let latest, latest.wall >= now {
            // The wall clock is behind (or within the millisecond of) a stamp already made or seen;
            // a counter at its end moves on to the next millisecond.
            next = latest.counter < Stamp.largestCounter
                ? (latest.wall, latest.counter + 1) : (min(latest.wall, Stamp.latestWall - 1) + 1, 0)
        } else {
            next = (now, 0)
        }
        latest = next
        return Stamp(wall: next.wall, counter: next.counter, device: device)
    }

    /// Takes in a stamp seen in another replica, so that what this device stamps next comes
    /// after it.
    public mutating func observe(_ stamp: Stamp) {
        guard let latest else {
            self.latest = (stamp.wall, stamp.counter)
            return
        }
        if (stamp.wall, stamp.counter) > latest { self.latest = (stamp.wall, stamp.counter) }
    }

    public static func == (lhs: HybridClock, rhs: HybridClock) -> Bool {
        lhs.device == rhs.device && lhs.latest?.wall == rhs.latest?.wall && lhs.latest?.counter == rhs.latest?.counter
    }
}
