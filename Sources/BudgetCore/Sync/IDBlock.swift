/// The part of the 8-digit ID space a device hands out IDs from, for each kind of record (and
/// for schedules), so that two devices never give two records one ID: block 0 (the device that
/// turned the file into replicas) is 1…9,999,999 and keeps the IDs and counters written before;
/// block `k` is `k`×10,000,000…`k`×10,000,000 + 9,999,999, for ten devices.
public struct IDBlock: Hashable, Sendable {
    /// How many IDs a block holds.
    public static let size = 10_000_000
    /// How many blocks the 8-digit space holds.
    public static let count = 10

    /// The block's number, from 0.
    public let index: Int

    /// Block `index`, if the ID space has it.
    public init?(index: Int) {
        guard (0..<Self.count).contains(index) else { return nil }
        self.index = index
    }

    private init(checkedIndex: Int) {
        index = checkedIndex
    }

    /// Block 0: the first device's, which keeps the IDs and counters written before.
    public static let first = IDBlock(checkedIndex: 0)

    /// The IDs of the block.
    public var ids: ClosedRange<Int> { max(1, index * Self.size)...(index * Self.size + Self.size - 1) }

    /// The block an ID is in.
    public static func containing(_ id: Int) -> IDBlock? {
        guard id >= 1 else { return nil }
        return IDBlock(index: id / size)
    }

    /// The ID to hand out after `last`, the highest this device has handed out in the block
    /// (`nil`: none yet); `nil` when the block is used up.
    public func next(after last: Int?) -> Int? {
        guard let last else { return ids.lowerBound }
        guard ids.contains(last), last < ids.upperBound else { return nil }
        return last + 1
    }

    /// The lowest block no device has taken, if any is left.
    public static func lowestFree(taken: Set<IDBlock>) -> IDBlock? {
        (0..<count).lazy.compactMap(IDBlock.init(index:)).first { !taken.contains($0) }
    }
}
