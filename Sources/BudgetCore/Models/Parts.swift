/// The parts of a shared receipt that belong to one member alone (issue #30): `2000=妻` is
/// ¥2,000 of the expense that is 妻's; the rest is shared as the expense's split says. Held in
/// a record's `parts` field as text in exactly one stored form: amounts in minor units.
public struct Parts: Hashable, Sendable {
    /// One member's part.
    public struct Part: Hashable, Sendable {
        /// The amount, in minor units, at least 1.
        public var amount: Int
        /// The member it belongs to.
        public var member: String
    }

    /// The parts, in the order given.
    public var items: [Part]

    /// What values look like, for messages.
    public static let valueDescription = "<amount>=<member>,… (each amount above zero)"

    /// Parts as typed (`2,000=妻, 500=夫`), each amount read by `amount` (the budget's currency).
    ///
    /// - Throws: `ValueError.invalidSetting` when it is not that form, or an amount is none.
    public init(typed text: String, amount: (String) throws(ValueError) -> Int) throws(ValueError) {
        var items: [Part] = []
        // `2,000=妻`: a piece without `=` is the start of the next one's amount (digit grouping).
        var pieces: [String] = []
        var pending = ""
        for piece in FieldRules.trimmed(text).split(separator: ",", omittingEmptySubsequences: false) {
            if piece.contains("=") {
                pieces.append(pending + piece)
                pending = ""
            } else {
                pending += piece + ","
            }
        }
        guard pending.isEmpty else { throw .invalidSetting(text, expected: Self.valueDescription) }
        for piece in pieces {
            let pair = piece.split(separator: "=", omittingEmptySubsequences: false)
                .map { FieldRules.trimmed(String($0)) }
            guard pair.count == 2, (try? FieldRules.checkMemberName(pair[1])) != nil else {
                throw .invalidSetting(text, expected: Self.valueDescription)
            }
            let value = try amount(pair[0])
            guard value > 0 else { throw .invalidAmount(pair[0], reason: "a part is more than zero") }
            items.append(Part(amount: value, member: pair[1]))
        }
        self.items = items
    }

    /// The parts of a stored text, which must be exactly in the stored form.
    public init?(stored text: String) {
        var items: [Part] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = piece.split(separator: "=", omittingEmptySubsequences: false).map(String.init)
            guard pair.count == 2, (try? FieldRules.checkMemberName(pair[1])) != nil,
                  let amount = Int(pair[0]), amount > 0, String(amount) == pair[0] else { return nil }
            items.append(Part(amount: amount, member: pair[1]))
        }
        self.items = items
        guard self.text == text else { return nil }
    }

    /// The stored form.
    public var text: String {
        items.map { "\($0.amount)=\($0.member)" }.joined(separator: ",")
    }

    /// What the parts add up to, `nil` when that does not fit.
    public var total: Int? {
        var sum = 0
        for item in items {
            let (next, over) = sum.addingReportingOverflow(item.amount)
            guard !over else { return nil }
            sum = next
        }
        return sum
    }

    /// The same parts with a member renamed.
    public func renaming(_ old: String, to new: String) -> Parts {
        var copy = self
        copy.items = items.map { Part(amount: $0.amount, member: $0.member == old ? new : $0.member) }
        return copy
    }
}
