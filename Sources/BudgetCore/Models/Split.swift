/// How an expense is shared among the household's members (issue #30): by weights
/// (`夫=2,妻=1`; one member alone, `夫=1`, is an expense paid for them, 立替), by each
/// member's income in the period (`income`), or not at all (`personal`: outside the
/// household's split). A record's `split` field and a category's share (`share.<category>`)
/// hold one, as text in exactly one stored form.
public enum Split: Hashable, Sendable {
    /// Outside the household split: the member who paid bears it.
    case personal
    /// By each member's income in the period (income-proportional).
    case income
    /// By these weights, in the order given; each weight at least 1, each member once.
    case weights([MemberWeight])

    /// A member's weight in a split.
    public struct MemberWeight: Hashable, Sendable {
        /// The member.
        public var member: String
        /// Their weight, at least 1.
        public var weight: Int

        /// A weight for a member.
        public init(_ member: String, _ weight: Int) {
            self.member = member
            self.weight = weight
        }
    }

    /// What values look like, for messages.
    public static let valueDescription = "personal, income, or <member>=<weight>,… (weights are whole numbers from 1)"

    /// A split as typed (`夫=2, 妻=1`, `personal`): spaces around the parts are trimmed, full-width
    /// digits read as digits. `nil` when it is none of the forms.
    public init?(typed text: String) {
        self.init(text, trim: true)
    }

    /// The split of a stored text, which must be exactly in the stored form.
    public init?(stored text: String) {
        self.init(text, trim: false)
        guard self.text == text else { return nil }
    }

    private init?(_ text: String, trim: Bool) {
        let text = trim ? FieldRules.trimmed(text) : text
        switch text {
        case "personal": self = .personal
        case "income": self = .income
        default:
            var weights: [MemberWeight] = []
            for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
                let pair = piece.split(separator: "=", omittingEmptySubsequences: false)
                    .map { trim ? FieldRules.trimmed(String($0)) : String($0) }
                guard pair.count == 2, (try? FieldRules.checkMemberName(pair[0])) != nil,
                      !weights.contains(where: { $0.member == pair[0] }),
                      let weight = Self.weight(trim ? HalfWidth.plain(pair[1]) : pair[1]) else { return nil }
                weights.append(MemberWeight(pair[0], weight))
            }
            guard !weights.isEmpty else { return nil }
            self = .weights(weights)
        }
    }

    /// A weight: digits without a sign or leading zero, from 1 to a million.
    private static func weight(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 7, text.utf8.first != UInt8(ascii: "0"),
              text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let value = Int(text), value >= 1, value <= 1_000_000 else { return nil }
        return value
    }

    /// The stored form.
    public var text: String {
        switch self {
        case .personal: "personal"
        case .income: "income"
        case .weights(let weights): weights.map { "\($0.member)=\($0.weight)" }.joined(separator: ",")
        }
    }

    /// The members it names.
    public var members: [String] {
        if case .weights(let weights) = self { return weights.map(\.member) }
        return []
    }

    /// The same split with a member renamed.
    public func renaming(_ old: String, to new: String) -> Split {
        guard case .weights(let weights) = self else { return self }
        return .weights(weights.map { MemberWeight($0.member == old ? new : $0.member, $0.weight) })
    }
}
