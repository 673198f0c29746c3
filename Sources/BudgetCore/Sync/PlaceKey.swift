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
    /// items' keys (`nil`: none yet), which must rise strictly between `low` and `high` (the
    /// keys of the items just before and after, when there are such). Those outside the longest
    /// run of rising keys get keys between their neighbours'.
    ///
    /// - Returns: the keys, or `nil` when halving no longer separates two of them.
    public static func placed(_ keys: [Double?], low: Double? = nil, high: Double? = nil) -> [Double]? {
        let keys = keys.map { key -> Double? in
            guard let key, low.map({ key > $0 }) ?? true, high.map({ key < $0 }) ?? true else { return nil }
            return key
        }
        // The longest strictly rising run of the keys there are.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: keys.count)
        for (index, key) in keys.enumerated() {
            guard let key else { continue }
            var lower = 0, upper = tails.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if let tail = keys[tails[middle]], tail < key { lower = middle + 1 } else { upper = middle }
            }
            if lower > 0 { previous[index] = tails[lower - 1] }
            if lower == tails.count { tails.append(index) } else { tails[lower] = index }
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
            let after: Double? = end < keys.count ? result[end] : high
            let before: Double? = index > 0 ? result[index - 1] : low
            let from = before ?? ((after ?? gap) - gap), to = after ?? from + gap
            for position in index..<end { result[position] = from + (to - from) / gap * Double(position - index + 1) }
            index = end
        }
        let bounded = [low].compactMap { $0 } + result + [high].compactMap { $0 }
        guard result.allSatisfy(\.isFinite), !zip(bounded, bounded.dropFirst()).contains(where: { $0 >= $1 }) else {
            return nil
        }
        return result
    }
}
