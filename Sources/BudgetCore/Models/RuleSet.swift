/// A budget's rules in order, prepared for matching many records: each pattern is folded
/// (and each regular expression compiled) once, and each record's text is folded once
/// however many rules look at it.
///
/// ```swift
/// let rules = document.rules
/// if let (index, rule) = rules.firstMatch(name: "ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", note: nil, kind: .expense) {
///     if rule.skip { /* an import drops the row */ }
///     rule.apply(to: &expense)   // rule number index + 1
/// }
/// ```
public struct RuleSet: Sendable, Equatable {
    /// The rules, in the order they are tried; rule number n is `rules[n - 1]`.
    public let rules: [Rule]
    /// What each rule is matched by, in plain values (passing a rule over, the usual case,
    /// touches no reference count).
    private let prepared: [Prepared]
    private let needles: [[UInt8]]
    /// A pattern's other reading, for the few that start with a hyphen (`TextFolding.needles`);
    /// empty for the others.
    private let alternates: [[UInt8]]
    private let regexes: [RegexPattern?]
    private let usesNote: Bool

    /// One rule as matching reads it.
    private struct Prepared {
        var kind: RecordKind?
        var onNote: Bool
        var isRegex: Bool
        var hasAlternate: Bool
        /// The byte values of the pattern and of its other reading, and the pairs of adjacent
        /// bytes of each (`ByteSet.init(pairsOf:)`): a text lacking one cannot hold it.
        var bytes: ByteSet
        var pairs: ByteSet
        var alternateBytes: ByteSet
        var alternatePairs: ByteSet
    }

    /// The rules, prepared. An unsupported regular expression (`Rule.isUnsupported`) matches
    /// nothing.
    public init(_ rules: [Rule] = []) {
        self.rules = rules
        let readings = rules.map { $0.isRegex ? [[]] : TextFolding.needles($0.pattern) }
        needles = readings.map { $0[0] }
        alternates = readings.map { $0.count > 1 ? $0[1] : [] }
        prepared = rules.indices.map { [needles, alternates] index in
            Prepared(
                kind: rules[index].kind, onNote: rules[index].field == .note, isRegex: rules[index].isRegex,
                hasAlternate: !alternates[index].isEmpty, bytes: ByteSet(needles[index]),
                pairs: ByteSet(pairsOf: needles[index]), alternateBytes: ByteSet(alternates[index]),
                alternatePairs: ByteSet(pairsOf: alternates[index]))
        }
        regexes = rules.map(\.regex)
        usesNote = rules.contains { $0.field == .note }
    }

    /// The rules that never match (`Rule.isUnsupported`: a regular expression from an earlier
    /// version outside the supported syntax), with their numbers, for a warning.
    public var unsupported: [(number: Int, rule: Rule)] {
        rules.enumerated().filter { $0.element.isUnsupported }.map { ($0.offset + 1, $0.element) }
    }

    /// Whether there are no rules.
    public var isEmpty: Bool { rules.isEmpty }
    /// How many rules there are.
    public var count: Int { rules.count }

    /// Equal rules in the same order.
    public static func == (lhs: RuleSet, rhs: RuleSet) -> Bool { lhs.rules == rhs.rules }

    /// The first rule that matches a record's text, and its index in `rules` (its number is
    /// `index + 1`), or `nil` when none does.
    ///
    /// - Parameters:
    ///   - name: the record's name (or an imported row's), as it is: it is folded here, once.
    ///   - note: its note, folded only when a rule looks at notes.
    ///   - kind: its kind; rules for the other kind are passed over.
    public func firstMatch(name: String, note: String?, kind: RecordKind) -> (index: Int, rule: Rule)? {
        var name = FoldedText(name)
        var note = usesNote ? note.map(FoldedText.init) : nil
        for index in prepared.indices {
            let rule = prepared[index]
            if let only = rule.kind, only != kind { continue }
            let found: Bool
            if rule.onNote {
                guard var text = note else { continue }
                found = matches(index, rule, &text)
                note = text
            } else {
                found = matches(index, rule, &name)
            }
            if found { return (index, rules[index]) }
        }
        return nil
    }

    /// The first rule that matches a record, as `firstMatch(name:note:kind:)`.
    public func firstMatch<Record: BaseModel>(for record: Record) -> (index: Int, rule: Rule)? {
        firstMatch(name: record.name, note: record.note, kind: Record.kind)
    }

    @inline(__always)
    private func matches(_ index: Int, _ rule: Prepared, _ text: inout FoldedText) -> Bool {
        if !rule.isRegex {
            // Most patterns are ruled out by a byte or a pair of bytes the text lacks, unsearched
            // (200 rules of a few shops' names, each with a number, share their bytes).
            if rule.bytes.isSubset(of: text.present), rule.pairs.isSubset(of: text.pairs),
               Self.contains(text.bytes, needles[index]) { return true }
            return rule.hasAlternate && rule.alternateBytes.isSubset(of: text.present)
                && rule.alternatePairs.isSubset(of: text.pairs) && Self.contains(text.bytes, alternates[index])
        }
        guard let regex = regexes[index] else { return false }
        return regex.matches(scalars: text.scalars)
    }

    /// Whether `haystack` holds `needle` as a run of bytes (an empty needle is in nothing).
    /// On UTF-8 a byte match is a match of whole scalars: no scalar's bytes start inside another's.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        let count = needle.count
        guard count > 0, count <= haystack.count else { return false }
        let first = needle[0]
        var start = 0
        let last = haystack.count - count
        while start <= last {
            if haystack[start] == first {
                var offset = 1
                while offset < count && haystack[start + offset] == needle[offset] { offset += 1 }
                if offset == count { return true }
            }
            start += 1
        }
        return false
    }

    // MARK: Matching

    /// A text folded once: its bytes, which byte values occur in it and which pairs of
    /// adjacent bytes.
    private struct FoldedText {
        let bytes: [UInt8]
        let present: ByteSet
        let pairs: ByteSet

        init(_ text: String) {
            bytes = TextFolding.foldedUTF8(text)
            present = ByteSet(bytes)
            pairs = ByteSet(pairsOf: bytes)
        }

        /// The folded text's scalars, for regular expressions (made once, when one asks).
        lazy var scalars: [UInt32] = String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
    }

    /// The byte values a text holds, as 256 bits: a pattern holding a byte the text lacks
    /// cannot be in it, which rules most patterns out without a search.
    private struct ByteSet: Equatable {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        init(_ bytes: [UInt8]) {
            for byte in bytes { insert(byte) }
        }

        /// The pairs of adjacent bytes, each hashed to one of the 256 values: a text that
        /// holds a pattern holds each of its pairs, so lacking one rules the pattern out (two
        /// pairs alike in their hash only let a pattern through to the search).
        init(pairsOf bytes: [UInt8]) {
            guard bytes.count > 1 else { return }
            for index in 1..<bytes.count {
                let mixed = (UInt32(bytes[index - 1]) &* 0x9E37_79B1) ^ (UInt32(bytes[index]) &* 0x85EB_CA77)
                insert(UInt8(truncatingIfNeeded: mixed >> 24))
            }
        }

        private mutating func insert(_ byte: UInt8) {
            let bit = UInt64(1) << UInt64(byte & 63)
            switch byte >> 6 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
        }

        func isSubset(of other: ByteSet) -> Bool {
            words.0 & ~other.words.0 == 0 && words.1 & ~other.words.1 == 0
                && words.2 & ~other.words.2 == 0 && words.3 & ~other.words.3 == 0
        }

        static func == (lhs: ByteSet, rhs: ByteSet) -> Bool {
            lhs.words == rhs.words
        }
    }
}
