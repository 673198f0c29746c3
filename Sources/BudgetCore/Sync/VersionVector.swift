/// For each device, the latest of its changes that a value descends from: what a value
/// "knows". One value descends from another when its vector holds every entry of the other's
/// (at the same or a later stamp); when neither does, the two were written concurrently.
public struct VersionVector: Hashable, Sendable {
    /// The latest stamp of each device's changes taken in.
    public private(set) var latest: [String: Stamp]

    /// A vector that knows nothing.
    public init() {
        latest = [:]
    }

    /// A vector that knows these stamps (the latest of each device's).
    public init(_ stamps: [Stamp]) {
        latest = [:]
        for stamp in stamps { record(stamp) }
    }

    /// Takes in a change.
    public mutating func record(_ stamp: Stamp) {
        if let known = latest[stamp.device], stamp <= known { return }
        latest[stamp.device] = stamp
    }

    /// Whether this vector knows a change: one of its device's at or before the latest taken in
    /// (a device's changes are known in order: a replica holds each of its own before the next).
    public func contains(_ stamp: Stamp) -> Bool {
        stamp.isOrigin || latest[stamp.device].map { stamp <= $0 } ?? false
    }

    /// Whether this vector knows every change `other` knows.
    public func includes(_ other: VersionVector) -> Bool {
        other.latest.allSatisfy { device, stamp in latest[device].map { stamp <= $0 } ?? false }
    }

    /// What both vectors know: each device's later stamp.
    public func merged(with other: VersionVector) -> VersionVector {
        var result = self
        for stamp in other.latest.values { result.record(stamp) }
        return result
    }
}
