/// A rule's regular expression, compiled to a small program that a Pike VM runs: every text is
/// read once, scalar by scalar, keeping each state of the program at most once per position,
/// so matching takes at most (program size × text length) steps whatever the pattern. Nothing
/// backtracks: `(a+)+$`, `(.*a){20}` or `(a|aa)*b` on a long name cost what `a+` costs.
///
/// The syntax is a subset of the usual one (what `Regex` and PCRE read the same way):
///
/// - literals (a character stands for itself; `\` before a sign makes it literal: `\.` `\(`),
///   `.` (any character), `\d \D \w \W \s \S`, `\t` `\n`;
/// - classes `[abc]`, `[^abc]`, ranges `[a-z0-9]`, and `\d \w \s \D \W \S` in them;
/// - `^` and `$` (the start and end of the text; `\A`, `\z` and `\Z` likewise), `\b` and `\B`
///   (between a word character, `\w`, and another character or an end);
/// - groups `( )` and `(?: )`, alternatives `|`;
/// - `* + ? {n} {n,} {n,m}`, greedy or lazy (`*?`): the same texts match either way.
///
/// Letters match ignoring case. Backreferences, lookaround, named groups, inline options,
/// possessive quantifiers, Unicode properties and nested or set-operation classes are refused
/// with the reason (`RegexPattern.Refusal`), and so is a pattern whose program would exceed
/// `maximumProgramSize` states (`{n,m}` copies what it repeats).
public struct RegexPattern: Sendable, Hashable {
    /// The most states a program may have: matching costs at most this many steps a character, for each rule, and
    /// `(abcdefghijk){100}` is refused.
    public static let maximumProgramSize = 1000
    /// The largest count a `{n,m}` may give.
    public static let maximumCount = 100
    /// How deep groups may nest.
    static let maximumDepth = 64

    /// The pattern as given.
    public let pattern: String
    let program: [Instruction]

    /// Why a pattern cannot be compiled, in words (lower-case).
    public struct Refusal: Error, Sendable, Equatable {
        /// The reason, such as "backreferences (\\1) are not supported".
        public let reason: String
    }

    /// Compiles a pattern.
    ///
    /// - Throws: `Refusal` for a pattern outside the subset, malformed, or too large.
    public init(_ pattern: String) throws(Refusal) {
        self.pattern = pattern
        var parser = RegexParser(Array(pattern.unicodeScalars))
        let tree = try parser.parse()
        var compiler = Compiler()
        try compiler.emit(tree)
        try compiler.append(.match)
        program = compiler.program
    }

    public static func == (lhs: RegexPattern, rhs: RegexPattern) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// How many states the program has.
    public var programSize: Int { program.count }

    // MARK: Matching

    /// Whether the pattern matches somewhere in `text`.
    public func matches(_ text: String) -> Bool {
        matches(scalars: Array(text.unicodeScalars.lazy.map(\.value)))
    }

    /// Whether the pattern matches somewhere in `scalars` (Unicode scalar values).
    func matches(scalars text: [UInt32]) -> Bool {
        let size = program.count
        var current = ThreadList(size: size)
        var next = ThreadList(size: size)
        var stack: [Int] = []
        stack.reserveCapacity(16)
        var position = 0
        while true {
            let previous = position > 0 ? text[position - 1] : nil
            let scalar = position < text.count ? text[position] : nil
            // A new attempt starts at every position (the search is unanchored).
            if add(0, to: &current, stack: &stack, previous: previous, next: scalar) { return true }
            guard let scalar else { return false }
            let folded = CharacterTest.variants(of: scalar)
            let following = position + 1 < text.count ? text[position + 1] : nil
            next.clear()
            for index in 0..<current.count {
                let pc = current.dense[index]
                let advances: Bool
                switch program[pc] {
                case .any: advances = !CharacterTest.isNewline(scalar)
                case .test(let test): advances = test.accepts(folded)
                default: advances = false
                }
                if advances && add(pc + 1, to: &next, stack: &stack, previous: scalar, next: following) { return true }
            }
            swap(&current, &next)
            position += 1
        }
    }

    /// Adds a state and every state reachable from it without reading a character.
    ///
    /// - Returns: whether the match state was reached.
    private func add(
        _ start: Int, to list: inout ThreadList, stack: inout [Int], previous: UInt32?, next: UInt32?
    ) -> Bool {
        stack.removeAll(keepingCapacity: true)
        stack.append(start)
        while let pc = stack.popLast() {
            guard list.insert(pc) else { continue }
            switch program[pc] {
            case .match:
                return true
            case .jump(let target):
                stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assert(let assertion):
                if assertion.holds(previous: previous, next: next) { stack.append(pc + 1) }
            case .any, .test:
                break
            }
        }
        return false
    }

    /// The states at one position, each once: a sparse set cleared in constant time.
    private struct ThreadList {
        var dense: [Int]
        var sparse: [Int]
        var count = 0

        init(size: Int) {
            dense = Array(repeating: 0, count: size)
            sparse = Array(repeating: 0, count: size)
        }

        mutating func insert(_ pc: Int) -> Bool {
            let slot = sparse[pc]
            if slot < count && dense[slot] == pc { return false }
            sparse[pc] = count
            dense[count] = pc
            count += 1
            return true
        }

        mutating func clear() { count = 0 }
    }

    // MARK: Program

    enum Instruction: Sendable {
        case any
        case test(CharacterTest)
        case split(Int, Int)
        case jump(Int)
        case assert(Assertion)
        case match
    }

    enum Assertion: Sendable {
        case start, end, wordBoundary, notWordBoundary

        func holds(previous: UInt32?, next: UInt32?) -> Bool {
            switch self {
            case .start: return previous == nil
            case .end: return next == nil
            case .wordBoundary, .notWordBoundary:
                let before = previous.map(CharacterTest.isWord) ?? false
                let after = next.map(CharacterTest.isWord) ?? false
                return (before != after) == (self == .wordBoundary)
            }
        }
    }

    /// Turns the tree into a program, counting its states as it goes.
    private struct Compiler {
        var program: [Instruction] = []

        mutating func append(_ instruction: Instruction) throws(Refusal) {
            guard program.count < RegexPattern.maximumProgramSize else {
                throw Refusal(
                    reason: "the pattern is too large once its repetitions are written out "
                        + "(more than \(RegexPattern.maximumProgramSize) states); use smaller counts in {n,m}")
            }
            program.append(instruction)
        }

        /// Appends a placeholder to patch later, returning its index.
        mutating func hole() throws(Refusal) -> Int {
            try append(.jump(-1))
            return program.count - 1
        }

        mutating func emit(_ node: RegexNode) throws(Refusal) {
            switch node {
            case .empty:
                break
            case .any:
                try append(.any)
            case .test(let test):
                try append(.test(test))
            case .assert(let assertion):
                try append(.assert(assertion))
            case .sequence(let nodes):
                for node in nodes { try emit(node) }
            case .alternation(let branches):
                // split L1, next; L1: branch; jump end; next: split … ; last branch
                var exits: [Int] = []
                for (index, branch) in branches.enumerated() {
                    if index == branches.count - 1 {
                        try emit(branch)
                    } else {
                        let split = try hole()
                        try emit(branch)
                        exits.append(try hole())
                        program[split] = .split(split + 1, program.count)
                    }
                }
                for exit in exits { program[exit] = .jump(program.count) }
            case let .repeated(node, minimum, maximum):
                for _ in 0..<minimum { try emit(node) }
                if let maximum {
                    // Each optional copy: split into it or past all of them.
                    var skips: [Int] = []
                    for _ in minimum..<maximum {
                        skips.append(try hole())
                        try emit(node)
                    }
                    for skip in skips { program[skip] = .split(skip + 1, program.count) }
                } else {
                    // loop: split body, out; body; jump loop
                    let loop = try hole()
                    try emit(node)
                    try append(.jump(loop))
                    program[loop] = .split(loop + 1, program.count)
                }
            }
        }
    }
}

/// A parsed pattern.
indirect enum RegexNode {
    case empty
    case any
    case test(CharacterTest)
    case assert(RegexPattern.Assertion)
    case sequence([RegexNode])
    case alternation([RegexNode])
    case repeated(RegexNode, minimum: Int, maximum: Int?)
}
