/// One character's test in a `RegexPattern`: a literal, a class (`[a-z\d]`, `[^,]`) or a
/// class escape (`\w`), matched ignoring case.
struct CharacterTest: Sendable {
    /// The built-in classes.
    enum Builtin: Sendable {
        case digit, word, space

        func contains(_ value: UInt32) -> Bool {
            switch self {
            case .digit: return CharacterTest.isDigit(value)
            case .word: return CharacterTest.isWord(value)
            case .space: return CharacterTest.isSpace(value)
            }
        }
    }

    /// Scalar ranges, inclusive.
    var ranges: [ClosedRange<UInt32>] = []
    /// Built-in classes in it, each maybe negated (`\W` is `(.word, true)`).
    var builtins: [(Builtin, negated: Bool)] = []
    /// `[^…]`.
    var negated = false

    /// A test for one literal scalar.
    static func literal(_ value: UInt32) -> CharacterTest {
        CharacterTest(ranges: [value...value])
    }

    /// A test for a built-in class (`\d`, or `\D` negated).
    static func builtin(_ builtin: Builtin, negated: Bool) -> CharacterTest {
        CharacterTest(builtins: [(builtin, negated)])
    }

    /// Whether one of a character's case variants (`variants(of:)`) passes.
    func accepts(_ variants: Variants) -> Bool {
        var found = contains(variants.original)
        if !found, let lower = variants.lower { found = contains(lower) }
        if !found, let upper = variants.upper { found = contains(upper) }
        return found != negated
    }

    private func contains(_ value: UInt32) -> Bool {
        for range in ranges where range.contains(value) { return true }
        for (builtin, negated) in builtins where builtin.contains(value) != negated { return true }
        return false
    }

    // MARK: Case

    /// A character and its other cases (single-scalar mappings only).
    struct Variants {
        let original: UInt32
        let lower: UInt32?
        let upper: UInt32?
    }

    /// A character with its lower- and upper-case forms, for matching ignoring case.
    static func variants(of value: UInt32) -> Variants {
        if value < 0x80 {
            if (0x41...0x5A).contains(value) { return Variants(original: value, lower: value + 0x20, upper: nil) }
            if (0x61...0x7A).contains(value) { return Variants(original: value, lower: nil, upper: value - 0x20) }
            return Variants(original: value, lower: nil, upper: nil)
        }
        // Kana and CJK ideographs have no case (most of a Japanese name).
        if (0x3041...0x30FF).contains(value) || (0x4E00...0x9FFF).contains(value) {
            return Variants(original: value, lower: nil, upper: nil)
        }
        guard let scalar = Unicode.Scalar(value) else { return Variants(original: value, lower: nil, upper: nil) }
        let properties = scalar.properties
        var lower: UInt32?
        var upper: UInt32?
        if properties.changesWhenLowercased { lower = single(properties.lowercaseMapping) }
        if properties.changesWhenUppercased { upper = single(properties.uppercaseMapping) }
        return Variants(original: value, lower: lower, upper: upper)
    }

    private static func single(_ text: String) -> UInt32? {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first.value
    }

    // MARK: Built-in classes

    /// `\d`: a decimal digit (Unicode's `Nd`).
    static func isDigit(_ value: UInt32) -> Bool {
        if value < 0x80 { return (0x30...0x39).contains(value) }
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.generalCategory == .decimalNumber
    }

    /// `\w`: a letter, mark, decimal digit or connector (`_`).
    static func isWord(_ value: UInt32) -> Bool {
        if value < 0x80 {
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                || value == 0x5F
        }
        guard let scalar = Unicode.Scalar(value) else { return false }
        let properties = scalar.properties
        if properties.isAlphabetic || properties.isJoinControl { return true }
        switch properties.generalCategory {
        case .decimalNumber, .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: return true
        default: return false
        }
    }

    /// `\s`: white space.
    static func isSpace(_ value: UInt32) -> Bool {
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        return Unicode.Scalar(value)?.properties.isWhitespace ?? false
    }

    /// What `.` does not match: line breaks.
    static func isNewline(_ value: UInt32) -> Bool {
        (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }
}
