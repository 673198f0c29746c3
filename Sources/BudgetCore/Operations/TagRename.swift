/// What `BudgetDocument.renameTag(_:to:)` did.
public struct TagRename: Equatable, Sendable {
    /// The old tag.
    public var from: String
    /// The new tag, as stored (trimmed).
    public var to: String
    /// How many records (of both kinds) carry the new tag instead of the old.
    public var records: Int
    /// Whether some records carried the new tag already, so that the two tags are now one.
    public var merged: Bool

    /// Whether nothing changed: the new tag is the old one.
    public var isUnchanged: Bool { from == to }
}
