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
    private var spellings: [[UInt8]] = []
    /// Each spelling of at most 16 bytes as words (`ShortBytes`), else `nil`.
    private var shortSpellings: [ShortBytes?] = []
    /// Open addressing: each slot 0 (empty) or a label's number plus one.
    private var slots = [Int32](repeating: 0, count: 64)

    /// An index with no label yet.
    public init() {}

    /// The number of `label`, given it now if it is new.
    public mutating func number(of label: String) -> Int {
        var label = label
        return label.withUTF8 { bytes in
            let mask = slots.count - 1
            var slot = Self.hash(bytes) & mask
            let short = ShortBytes(bytes)
            while slots[slot] != 0 {
                let number = Int(slots[slot]) - 1
                if let short {
                    if shortSpellings[number] == short { return number }
                } else if Self.same(spellings[number], bytes) {
                    return number
                }
                slot = (slot + 1) & mask
            }
            let number = labels.count
            labels.append(String(decoding: bytes, as: UTF8.self))
            spellings.append(Array(bytes))
            shortSpellings.append(short)
            slots[slot] = Int32(truncatingIfNeeded: number + 1)
            if labels.count * 2 > slots.count { grow() }
            return number
        }
    }

    /// Whether a spelling is these bytes: lengths first, then the bytes at once.
    private static func same(_ spelling: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        spelling.count == bytes.count
            && spelling.withUnsafeBufferPointer { stored in
                guard let left = stored.baseAddress, let right = bytes.baseAddress else { return true }
                return memcmp(left, right, bytes.count) == 0
            }
    }

    /// FNV-1a over the bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ hash >> 32)
    }

    /// Doubles the slots and places every label again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, spelling) in spellings.enumerated() {
            var slot = spelling.withUnsafeBufferPointer { Self.hash($0) } & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: number + 1)
        }
    }
}
