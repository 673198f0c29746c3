/// The household's members (issue #30): one key per member (`member.妻`), whose value is the
/// member's default weight (`Member`). Kept as settings, two devices merge each member as one
/// value, like any other setting.
public enum MemberKeys: SettingsDomain {
    /// The prefix of the domain's keys.
    public static let name = "member"

    /// The member with this name.
    public static func member(_ name: String) -> SettingKey<MemberKeys, Member?> {
        SettingKey(name, default: nil, "The member \(name).")
    }

    /// No fixed keys: one per member (`dynamicKey`).
    public static let keys: [AnySettingKey] = []

    /// The key of a member, when the name is one a member may have.
    public static func dynamicKey(named name: String) -> AnySettingKey? {
        guard (try? FieldRules.checkMemberName(name)) != nil else { return nil }
        return member(name).erased
    }
}

extension Settings where Domain == MemberKeys {
    /// The members' names, in the order of their bytes (the order ties are broken in).
    public var memberNames: [String] {
        let prefix = MemberKeys.name + "."
        return setKeys.map { String($0.dropFirst(prefix.count)) }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The member with exactly this name, or `nil`.
    public func member(named name: String) -> Member? {
        guard var member = self[MemberKeys.member(name)] else { return nil }
        // As the budget spells it: the setting is found by a canonically equivalent spelling
        // too (`か\u{3099}` typed for `が`), which a record must not store.
        member.name = memberNames.first { $0 == name } ?? name
        return member
    }

    /// Every member, by name.
    public var members: [Member] {
        memberNames.compactMap { member(named: $0) }
    }

    /// The member a typed name means: exactly, trimmed, or the one member whose name folds
    /// alike (`TextFolding`).
    ///
    /// - Throws: `MemberError.unknown`, listing the members, when none (or several) match.
    public func resolve(_ typed: String) throws(MemberError) -> Member {
        if let member = member(named: typed) { return member }
        let trimmed = FieldRules.trimmed(typed)
        if let member = member(named: trimmed) { return member }
        let names = memberNames
        let folded = TextFolding.folded(trimmed)
        let alike = names.filter { TextFolding.folded($0) == folded }
        guard alike.count == 1, let name = alike.first, let member = member(named: name) else {
            throw .unknown(trimmed, known: names)
        }
        return member
    }
}
