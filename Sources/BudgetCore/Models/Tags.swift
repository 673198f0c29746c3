/// The labels a record carries (`京都旅行`, `reimbursable`): a set, kept sorted by the text's
/// Unicode scalars, so the data file and every output list them the same way.
///
/// A tag follows the rules of a category (`FieldRules.tag`) and also holds no white space and
/// no comma, so a list of tags can be written as `a,b` in one CSV or TSV field.
public struct Tags: Hashable, Sendable, Sequence, ExpressibleByArrayLiteral {
    /// The tags, sorted and distinct.
    public private(set) var sorted: [String]

    /// No tags.
    public init() {
        sorted = []
    }

    /// The distinct tags among `tags`, sorted. The texts are taken as they are: input goes
    /// through `FieldRules.tag` first.
    public init(_ tags: some Sequence<String>) {
        sorted = Self.ordered(Array(tags))
    }

    /// The distinct tags of the literal, sorted (`["trip", "food"]`), taken as they are.
    public init(arrayLiteral elements: String...) {
        self.init(elements)
    }

    /// Tags already sorted and distinct (as the data file holds them); `nil` otherwise.
    init?(alreadySorted tags: [String]) {
        guard zip(tags, tags.dropFirst()).allSatisfy({ Self.precedes($0, $1) }) else { return nil }
        sorted = tags
    }

    /// Whether the record carries no tag.
    public var isEmpty: Bool { sorted.isEmpty }
    /// How many distinct tags there are.
    public var count: Int { sorted.count }

    /// The tags in their sorted order.
    public func makeIterator() -> IndexingIterator<[String]> {
        sorted.makeIterator()
    }

    /// Whether `tag` is one of the tags (case matters).
    public func contains(_ tag: String) -> Bool {
        sorted.contains(tag)
    }

    /// Adds a tag; nothing happens when it is there already.
    public mutating func insert(_ tag: String) {
        guard !contains(tag) else { return }
        sorted = Self.ordered(sorted + [tag])
    }

    /// Removes a tag; nothing happens when it is not there.
    public mutating func remove(_ tag: String) {
        sorted.removeAll { $0 == tag }
    }

    /// The tags as one field of a CSV or TSV row: `a,b`.
    public var joined: String {
        sorted.joined(separator: ",")
    }

    /// Whether `a` sorts before `b`: by Unicode scalar values, the order `sort_keys` and the
    /// data file's keys use.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }

    private static func ordered(_ tags: [String]) -> [String] {
        var result: [String] = []
        for tag in tags.sorted(by: precedes) where result.last != tag { result.append(tag) }
        return result
    }
}
