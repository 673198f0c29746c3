/// One value across replicas (a record's field, a setting, a rule's place): the versions written
/// without knowing each other, usually one. The latest is the value; the others, when their
/// values differ, are its conflicts, never dropped silently.
///
/// What a replica knows is kept once for the whole replica (`VersionVector`), not per value: a
/// replica that knows a device's change knows every earlier change of that device, because
/// replicas fold whole states. The fold (`merged`) keeps the versions both replicas hold, and
/// those one holds that the other has not seen (a version the other has seen and no longer holds
/// was replaced there by a change made knowing it). It is commutative, associative and idempotent.
public struct Register: Hashable, Sendable {
    /// A value (`nil`: none, as for a setting that was removed) and the change that wrote it.
    public struct Version: Hashable, Sendable {
        /// The value as its file writes it (a field's JSON text).
        public var value: String?
        /// The change that wrote it.
        public var stamp: Stamp

        /// A version of this value by this change.
        public init(value: String?, stamp: Stamp) {
            self.value = value
            self.stamp = stamp
        }
    }

    /// The versions, oldest first; never empty, the last is the value.
    public private(set) var versions: [Version]

    /// A register holding one version.
    public init(_ value: String?, stamp: Stamp) {
        versions = [Version(value: value, stamp: stamp)]
    }

    /// A register of versions read from a file; `nil` when there are none or two share a stamp.
    public init?(versions: [Version]) {
        let sorted = versions.sorted { $0.stamp < $1.stamp }
        guard !sorted.isEmpty, zip(sorted, sorted.dropFirst()).allSatisfy({ $0.stamp < $1.stamp }) else { return nil }
        self.versions = sorted
    }

    /// The latest version.
    public var latest: Version {
        // Never empty: every initialiser and the fold keep at least one version.
        versions[versions.count - 1]
    }

    /// The value: the latest version's.
    public var value: String? { latest.value }

    /// The versions written concurrently with the value, to other values, oldest first.
    public var conflicts: [Version] {
        let value = latest.value
        return versions.dropLast().filter { $0.value != value }
    }

    /// A change made knowing every version: it replaces them all (and so settles any conflict).
    public mutating func write(_ value: String?, stamp: Stamp) {
        versions = [Version(value: value, stamp: stamp)]
    }

    /// Two replicas' registers of one value, folded: `knows` and `otherKnows` are what each
    /// replica knows.
    public func merged(with other: Register, knows: VersionVector, otherKnows: VersionVector) -> Register {
        if versions == other.versions { return self }
        var kept = versions.filter { version in
            other.versions.contains(version) || !otherKnows.contains(version.stamp)
        }
        for version in other.versions where !versions.contains(version) && !knows.contains(version.stamp) {
            kept.append(version)
        }
        // Both replicas dropped nothing the other holds unseen, so at least one version stays
        // (each side's latest was seen by the other only if the other replaced it with a later
        // change it holds); a register is never left empty.
        guard let merged = Register(versions: Self.unique(kept)) else {
            return latest.stamp >= other.latest.stamp ? self : other
        }
        return merged
    }

    /// One version per stamp (two copies of one change are one version).
    private static func unique(_ versions: [Version]) -> [Version] {
        var seen = Set<Stamp>()
        return versions.filter { seen.insert($0.stamp).inserted }
    }
}
