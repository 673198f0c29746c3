/// A member of the household (issue #30): who pays, who is paid for, who settles up. Kept as
/// one setting (`member.<name>`, `MemberKeys`) holding the member's default weight, which
/// shares an expense when neither the record nor its category says otherwise.
public struct Member: Hashable, Sendable {
    /// The member's name (`妻`); a label without `;`, `=`, `,` or `:` (`FieldRules.checkMemberName`).
    public var name: String
    /// The default weight, at least 1 (equal shares unless set).
    public var weight: Int

    /// A member with this weight (1 unless given).
    public init(name: String, weight: Int = 1) {
        self.name = name
        self.weight = weight
    }
}
