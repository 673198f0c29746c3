/// Where a record stands among its kind's records in every replica: a number, the records
/// shown in the order of their keys (then of their IDs). A record never moved has its ID as its
/// key and nothing written; a record moved (or added after records with higher keys) gets a
/// key between its neighbours', written as a register, so that two devices' moves merge.
public enum PlaceKey {
    /// The key's text in a register (Swift's shortest form of the number).
    public static func text(_ key: Double) -> String { "\(key)" }

    /// The key a register's text holds; `nil` for anything else.
    public static func key(_ text: String?) -> Double? {
        guard let text, let key = Double(text), key.isFinite else { return nil }
        return key
    }
}

extension PlaceKey {
    /// Keys for items in the order they now have, changing as few as possible: `keys` are the
    /// items' keys (`nil`: none yet); those outside the longest run of rising keys get keys
    /// between their neighbours'. When halving no longer separates them, every item is numbered
    /// afresh (1, 2, …).
    public static func placed(_ keys: [Double?]) -> [Double] {
        // The longest strictly rising run of the keys there are.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: keys.count)
        for (index, key) in keys.enumerated() {
            guard let key else { continue }
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if let tail = keys[tails[middle]], tail < key { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var kept = Set<Int>()
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            kept.insert(cursor)
            cursor = previous[cursor]
        }
        var result = keys.map { $0 ?? 0 }
        var index = 0
        while index < keys.count {
            guard !kept.contains(index) else {
                index += 1
                continue
            }
            var end = index
            while end < keys.count && !kept.contains(end) { end += 1 }
            let gap = Double(end - index + 1)
            let low = index > 0 ? result[index - 1] : (end < keys.count ? result[end] - gap : 0)
            let high = end < keys.count ? result[end] : low + gap
            for position in index..<end { result[position] = low + (high - low) / gap * Double(position - index + 1) }
            index = end
        }
        if zip(result, result.dropFirst()).contains(where: { $0 >= $1 }) {
            return keys.indices.map { Double($0 + 1) }
        }
        return result
    }
}
