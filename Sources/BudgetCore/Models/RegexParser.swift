/// Reads a `RegexPattern`'s syntax into a tree, refusing what the subset leaves out with the
/// reason in words.
struct RegexParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    typealias Refusal = RegexPattern.Refusal

    mutating func parse() throws(Refusal) -> RegexNode {
        let node = try alternation()
        if index < scalars.count {  // only a `)` stops an alternation early
            throw Refusal(reason: "unbalanced ')' at position \(index + 1)")
        }
        return node
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    // MARK: Structure

    private mutating func alternation() throws(Refusal) -> RegexNode {
        var branches = [try sequence()]
        while current == "|" {
            index += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(Refusal) -> RegexNode {
        var nodes: [RegexNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            let atom = try atom()
            nodes.append(try quantified(atom))
        }
        switch nodes.count {
        case 0: return .empty
        case 1: return nodes[0]
        default: return .sequence(nodes)
        }
    }

    private mutating func atom() throws(Refusal) -> RegexNode {
        guard let scalar = current else { return .empty }
        let start = index
        index += 1
        switch scalar {
        case "(":
            return try group(at: start)
        case "[":
            return .test(try characterClass())
        case ".":
            return .any
        case "^":
            return .assert(.start)
        case "$":
            return .assert(.end)
        case "\\":
            return try escape()
        case "*", "+", "?":
            throw Refusal(reason: "'\(scalar)' at position \(start + 1) has nothing to repeat")
        case "{":
            if quantifierBounds(from: start) != nil {
                throw Refusal(reason: "'{' at position \(start + 1) has nothing to repeat")
            }
            throw Refusal(reason: "a literal '{' must be written '\\{' (position \(start + 1))")
        default:
            return .test(.literal(scalar.value))
        }
    }

    private mutating func group(at start: Int) throws(Refusal) -> RegexNode {
        if current == "?" {
            let kind = peek(1)
            if kind == ":" {
                index += 2
            } else if kind == "=" || kind == "!" || (kind == "<" && (peek(2) == "=" || peek(2) == "!")) {
                throw Refusal(reason: "lookahead and lookbehind ((?=…), (?!…), (?<=…), (?<!…)) are not supported")
            } else if kind == "<" || kind == "P" || kind == "'" {
                throw Refusal(reason: "named groups are not supported; write (…) or (?:…)")
            } else if kind == ">" {
                throw Refusal(reason: "atomic groups (?>…) are not supported")
            } else {
                throw Refusal(
                    reason: "inline options and other (?…) groups are not supported; only (…) and (?:…) are "
                        + "(matching always ignores case)")
            }
        }
        depth += 1
        guard depth <= RegexPattern.maximumDepth else {
            throw Refusal(reason: "groups nest more than \(RegexPattern.maximumDepth) deep")
        }
        let inner = try alternation()
        depth -= 1
        guard current == ")" else { throw Refusal(reason: "the group opened at position \(start + 1) is not closed") }
        index += 1
        return inner
    }

    // MARK: Quantifiers

    private mutating func quantified(_ atom: RegexNode) throws(Refusal) -> RegexNode {
        var node = atom
        var quantifiers = 0
        while let scalar = current {
            let start = index
            var bounds: (Int, Int?)
            switch scalar {
            case "*": bounds = (0, nil); index += 1
            case "+": bounds = (1, nil); index += 1
            case "?": bounds = (0, 1); index += 1
            case "{":
                guard let (minimum, maximum, end) = quantifierBounds(from: index) else {
                    throw Refusal(reason: "a literal '{' must be written '\\{' (position \(index + 1))")
                }
                if max(minimum, maximum ?? 0) > RegexPattern.maximumCount {
                    throw Refusal(
                        reason: "a count in {n,m} is above \(RegexPattern.maximumCount) (position \(index + 1))")
                }
                if let maximum, maximum < minimum {
                    throw Refusal(reason: "{\(minimum),\(maximum)} at position \(index + 1) has its bounds backwards")
                }
                bounds = (minimum, maximum)
                index = end
            default:
                return node
            }
            if case .assert = atom {
                throw Refusal(reason: "'\(scalar)' at position \(start + 1) repeats an anchor, which matches no text")
            }
            quantifiers += 1
            if quantifiers > 1 {
                throw Refusal(
                    reason: "'\(scalar)' at position \(start + 1) repeats a repetition; "
                        + "put it in a group: (…)\(scalar)")
            }
            if current == "?" {
                index += 1  // lazy: the same texts match
            } else if current == "+" {
                throw Refusal(reason: "possessive quantifiers ('\(scalar)+') are not supported")
            }
            node = .repeated(node, minimum: bounds.0, maximum: bounds.1)
        }
        return node
    }

    /// `{n}`, `{n,}` or `{n,m}` starting at `start`: the bounds and the index after `}`, or
    /// `nil` when the text there is not one.
    private func quantifierBounds(from start: Int) -> (Int, Int?, Int)? {
        var position = start + 1
        func number() -> Int?? {
            var value = 0
            var digits = 0
            while position < scalars.count, let digit = Self.digit(scalars[position]) {
                value = min(value * 10 + digit, RegexPattern.maximumCount + 1)
                digits += 1
                position += 1
            }
            return digits == 0 ? .some(nil) : .some(value)
        }
        guard let minimum = number() ?? nil else { return nil }
        var maximum: Int? = minimum
        if position < scalars.count && scalars[position] == "," {
            position += 1
            maximum = number() ?? nil
        }
        guard position < scalars.count, scalars[position] == "}" else { return nil }
        return (minimum, maximum, position + 1)
    }

    private static func digit(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value - 0x30) : nil
    }

    // MARK: Escapes and classes

    private mutating func escape() throws(Refusal) -> RegexNode {
        guard let scalar = current else { throw Refusal(reason: "the pattern ends with a lone '\\'") }
        index += 1
        switch scalar {
        case "A": return .assert(.start)
        case "z", "Z": return .assert(.end)
        case "b": return .assert(.wordBoundary)
        case "B": return .assert(.notWordBoundary)
        default: return .test(try escapedTest(scalar, inClass: false))
        }
    }

    /// The test of `\x` (after the backslash), in a class or out of one.
    private func escapedTest(_ scalar: Unicode.Scalar, inClass: Bool) throws(Refusal) -> CharacterTest {
        switch scalar {
        case "d": return .builtin(.digit, negated: false)
        case "D": return .builtin(.digit, negated: true)
        case "w": return .builtin(.word, negated: false)
        case "W": return .builtin(.word, negated: true)
        case "s": return .builtin(.space, negated: false)
        case "S": return .builtin(.space, negated: true)
        case "t": return .literal(0x09)
        case "n": return .literal(0x0A)
        case "1"..."9", "k", "g":
            throw Refusal(reason: "backreferences (\\\(scalar)) are not supported")
        case "p", "P":
            throw Refusal(reason: "Unicode properties (\\\(scalar){…}) are not supported")
        default:
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                throw Refusal(reason: "the escape '\\\(scalar)' is not supported")
            }
            return .literal(scalar.value)  // an escaped sign is itself
        }
    }

    /// A class after its `[`, up to and including its `]`.
    private mutating func characterClass() throws(Refusal) -> CharacterTest {
        var test = CharacterTest()
        let start = index - 1
        if current == "^" {
            test.negated = true
            index += 1
        }
        var first = true
        while true {
            guard let scalar = current else {
                throw Refusal(reason: "the class opened at position \(start + 1) is not closed")
            }
            if scalar == "]" && !first { index += 1; return test }
            first = false
            if scalar == "[" {
                throw Refusal(
                    reason: "nested classes and [:name:] are not supported in a class; write '\\[' for a literal '['")
            }
            if (scalar == "&" || scalar == "~" || scalar == "-") && peek(1) == scalar {
                throw Refusal(reason: "class operations ('\(scalar)\(scalar)') are not supported")
            }
            let low = try classMember()
            guard case .single(let lower) = low else {
                if case .test(let builtin) = low { test.builtins.append(contentsOf: builtin.builtins) }
                continue
            }
            // A range `a-z`, unless the `-` ends the class.
            if current == "-", let after = peek(1), after != "]" {
                index += 1
                let high = try classMember()
                guard case .single(let upper) = high else {
                    throw Refusal(reason: "a range in a class must end with a character, not a class escape")
                }
                guard lower <= upper else {
                    throw Refusal(reason: "the range in the class at position \(start + 1) goes backwards")
                }
                test.ranges.append(lower...upper)
            } else {
                test.ranges.append(lower...lower)
            }
        }
    }

    private enum ClassMember {
        case single(UInt32)
        case test(CharacterTest)
    }

    private mutating func classMember() throws(Refusal) -> ClassMember {
        guard let scalar = current else { throw Refusal(reason: "a class is not closed") }
        index += 1
        guard scalar == "\\" else { return .single(scalar.value) }
        guard let escaped = current else { throw Refusal(reason: "the pattern ends with a lone '\\'") }
        index += 1
        if escaped == "b" { throw Refusal(reason: "'\\b' in a class is not supported") }
        let test = try escapedTest(escaped, inClass: true)
        if test.builtins.isEmpty, test.ranges.count == 1, let range = test.ranges.first {
            return .single(range.lowerBound)
        }
        return .test(test)
    }
}
