/// A limit's scope as the key of a dictionary, its category's plainness (`TextOrder.isPlain`)
/// found once when the key is made: equal as `LimitScope` is, and hashed consistently with
/// that, without looking at a category's scalars again at each comparison of a lookup (a
/// summary looks up each of 10,000 categories among 2,000 limits).
struct LimitScopeKey: Hashable, Sendable {
    let scope: LimitScope
    private let isPlain: Bool

    init(_ scope: LimitScope) {
        self.scope = scope
        isPlain = scope.category.map(TextOrder.isPlain) ?? true
    }

    static func == (lhs: LimitScopeKey, rhs: LimitScopeKey) -> Bool {
        switch (lhs.scope, rhs.scope) {
        case let (.category(a), .category(b)): TextOrder.equal(a, plain: lhs.isPlain, b, plain: rhs.isPlain)
        case (.total, .total): true
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch scope {
        case .category(let category):
            hasher.combine(0 as UInt8)
            TextOrder.hash(category, plain: isPlain, into: &hasher)
        case .total:
            hasher.combine(1 as UInt8)
        }
    }
}
