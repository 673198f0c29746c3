/// A limit's scope as the key of a dictionary: its category as a `TextKey` (plain or not found
/// once when the key is made, not at each comparison of a lookup: a summary looks up each of
/// 10,000 categories among 2,000 limits), `nil` for the total. Equal exactly when the scopes are.
struct LimitScopeKey: Hashable, Sendable {
    private let category: TextKey?

    init(_ scope: LimitScope) {
        category = scope.category.map(TextKey.init(text:))
    }

    /// The scope this is the key of.
    var scope: LimitScope {
        category.map { .category($0.text) } ?? .total
    }
}
