#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers the distinct labels (categories, names) of many records by their bytes, 0, 1, 2… in
/// the order they first appear, for reports that add up a million records by label: hashing a
/// Japanese `String` for a dictionary normalises it each time, which costs more than the rest of
/// the report. Labels spelt with different bytes get different numbers even when Unicode calls
/// them equal (composed and decomposed が); `labels` lets the caller join those afterwards.
public struct LabelIndex: Sendable {
    /// The labels, in the order their numbers give.
    public private(set) var labels: [String] = []
    /// Every label's bytes end to end, label `n`'s ending at `ends[n]`: no array per label.
    private var spelt: [UInt8] = []
    private var ends: [Int] = []
    /// Each spelling of at most 16 bytes as words (`ShortBytes`), else `nil`.
    private var shortSpellings: [ShortBytes?] = []
    /// Open addressing: each slot 0 (empty) or a label's number plus one.
    private var slots = [Int32](repeating: 0, count: 64)
    /// Each label's plainness once asked (`isPlain(_:)`): 0 not yet, 1 plain, 2 not.
    private var plainness: [UInt8] = []

    /// An index with no label yet.
    public init() {}

    /// The number of `label`, given it now if it is new.
    public mutating func number(of label: String) -> Int {
        var text = label
        return text.withUTF8 { bytes in
            let (found, slot, short) = find(bytes)
            if let found { return found }
            let number = labels.count
            labels.append(label)
            spelt.append(contentsOf: bytes)
            ends.append(spelt.count)
            shortSpellings.append(short)
            slots[slot] = Int32(truncatingIfNeeded: number + 1)
            if labels.count * 2 > slots.count { grow(to: slots.count * 2) }
            return number
        }
    }

    /// Room for `count` labels in all, without growing on the way.
    public mutating func reserveCapacity(_ count: Int) {
        guard count > labels.count else { return }
        labels.reserveCapacity(count)
        ends.reserveCapacity(count)
        shortSpellings.reserveCapacity(count)
        var slotCount = slots.count
        while count * 2 > slotCount { slotCount *= 2 }
        if slotCount > slots.count { grow(to: slotCount) }
    }

    /// Whether label `number` is plain (`TextOrder.isPlain`), found once per label: a report
    /// and the limit ledger it hands its index to ask about the same categories.
    public mutating func isPlain(_ number: Int) -> Bool {
        if plainness.count < labels.count {
            plainness.append(contentsOf: repeatElement(0, count: labels.count - plainness.count))
        }
        if plainness[number] != 0 { return plainness[number] == 1 }
        let plain = TextOrder.isPlain(labels[number])
        plainness[number] = plain ? 1 : 2
        return plain
    }

    /// Records that label `number` is plain (`TextOrder.isPlain`), which the caller knows: it is
    /// not checked again.
    mutating func knownPlain(_ number: Int) {
        if plainness.count < labels.count {
            plainness.append(contentsOf: repeatElement(0, count: labels.count - plainness.count))
        }
        plainness[number] = 1
    }

    /// The number of `label` when it has one (spelt with the same bytes).
    func existingNumber(of label: String) -> Int? {
        var text = label
        return text.withUTF8 { find($0).number }
    }

    /// The number of a label spelt with these bytes, else the empty slot where it would go;
    /// with the bytes as words when there are at most 16.
    private func find(_ bytes: UnsafeBufferPointer<UInt8>) -> (number: Int?, slot: Int, short: ShortBytes?) {
        let mask = slots.count - 1
        var slot = Self.hash(bytes) & mask
        let short = ShortBytes(bytes)
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if let short {
                if shortSpellings[number] == short { return (number, slot, short) }
            } else if isSpelt(number, as: bytes) {
                return (number, slot, short)
            }
            slot = (slot + 1) & mask
        }
        return (nil, slot, short)
    }

    /// Where label `number`'s bytes lie in `spelt`.
    private func span(_ number: Int) -> Range<Int> {
        (number == 0 ? 0 : ends[number - 1])..<ends[number]
    }

    /// Whether label `number` is spelt with these bytes: lengths first, then the bytes at once.
    private func isSpelt(_ number: Int, as bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let span = span(number)
        guard span.count == bytes.count else { return false }
        return spelt.withUnsafeBufferPointer { stored in
            guard let left = stored.baseAddress, let right = bytes.baseAddress else { return true }
            return memcmp(left + span.lowerBound, right, bytes.count) == 0
        }
    }

    /// FNV-1a over the bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ hash >> 32)
    }

    /// Makes `count` slots (a power of two) and places every label again.
    private mutating func grow(to count: Int) {
        slots = [Int32](repeating: 0, count: count)
        let mask = slots.count - 1
        spelt.withUnsafeBufferPointer { spelt in
            for number in ends.indices {
                let span = span(number)
                var slot = Self.hash(UnsafeBufferPointer(rebasing: spelt[span])) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(truncatingIfNeeded: number + 1)
            }
        }
    }
}
