/// One field's value across replicas, as a multi-value register: the versions written without
/// knowing each other (usually one), and every change the register knows of. The fold of two
/// replicas' registers (`merged(with:)`) is commutative, associative and idempotent: folding in
/// any order, any number of times, gives the same register.
///
/// - A change made knowing the register (`write`) replaces every version it knew: an edit made
///   after another was seen wins with no conflict, and settles any conflict it saw.
/// - Changes made without knowing each other both stay: the one with the later stamp is the
///   value, the others are its conflicts (when their values differ), never dropped.
public struct FieldRegister<Value: Hashable & Sendable>: Hashable, Sendable {
    /// A value and the change that wrote it.
    public struct Version: Hashable, Sendable {
        /// The value.
        public var value: Value
        /// The change that wrote it.
        public var stamp: Stamp
    }

    /// The versions no change has replaced knowing them, none of which knew another.
    public private(set) var versions: Set<Version>
    /// Every change the register knows of (written here or folded in).
    public private(set) var knows: VersionVector

    /// The version with the latest stamp: the register's value.
    private var latest: Version

    /// A register holding a value first written by the change `stamp`.
    public init(_ value: Value, stamp: Stamp) {
        latest = Version(value: value, stamp: stamp)
        versions = [latest]
        knows = VersionVector([stamp])
    }

    /// The value: the latest version's.
    public var value: Value { latest.value }
    /// The change that wrote the value.
    public var stamp: Stamp { latest.stamp }
    /// The versions written concurrently with the value, to other values, oldest first.
    public var conflicts: [Version] {
        versions.filter { $0.value != latest.value }.sorted { $0.stamp < $1.stamp }
    }

    /// Writes a value by a change made knowing this register: the change replaces every
    /// version (so it settles any conflict).
    public mutating func write(_ value: Value, stamp: Stamp) {
        latest = Version(value: value, stamp: stamp)
        versions = [latest]
        knows.record(stamp)
    }

    /// This register and another replica's of the same field, folded: the versions both hold,
    /// and those either holds that the other has not seen (a version the other has seen and no
    /// longer holds was replaced there by a change that knew it).
    public func merged(with other: FieldRegister) -> FieldRegister {
        var result = self
        result.versions = versions.filter { other.versions.contains($0) || !other.knows.contains($0.stamp) }
            .union(other.versions.filter { !knows.contains($0.stamp) })
        result.knows = knows.merged(with: other.knows)
        // Never empty: a version one side dropped was replaced there by one the fold keeps.
        if let latest = result.versions.max(by: { $0.stamp < $1.stamp }) { result.latest = latest }
        return result
    }
}
