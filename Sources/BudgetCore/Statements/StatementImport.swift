/// What importing a statement does besides its rows: where the rows come from, the defaults
/// for rows that get nothing else, and the rules' verdicts.
public struct StatementImport: Sendable {
    /// What a rule does to a row (`RuleSet`'s first match).
    public struct RuleAction: Sendable {
        /// The category it files an expense under.
        public var category: String?
        /// The name the record gets instead of the statement's.
        public var rename: String?
        /// Tags it adds.
        public var tags: Tags
        /// Whether the row is left out.
        public var skip: Bool

        /// An action of a rule.
        public init(category: String?, rename: String?, tags: Tags, skip: Bool) {
            self.category = category
            self.rename = rename
            self.tags = tags
            self.skip = skip
        }
    }

    /// The statement's source, the first part of each record's `source`: the saved profile's
    /// name (one account), else the preset's, else `statement`.
    public var origin: String
    /// The category of an expense that neither a rule nor the statement gives one (`nil`: the
    /// budget's default category).
    public var defaultCategory: String?
    /// Tags for a record that gets none from the statement or a rule.
    public var defaultTags = Tags()
    /// Whether names are folded (full-width ASCII and half-width katakana made plain, spaces
    /// collapsed) before rules and renames.
    public var foldNames = false
    /// Whether rows imported before are imported again.
    public var allowDuplicates = false
    /// The rule that applies to an entry, if any.
    public var rule: @Sendable (StatementEntry) -> RuleAction?

    /// An import of rows from `origin` under a budget's rules (`RuleSet`: the first match
    /// decides).
    public init(origin: String, rules: RuleSet) {
        self.init(origin: origin) { entry in
            rules.firstMatch(name: entry.name, note: entry.note, kind: entry.kind).map { match in
                RuleAction(category: match.rule.category, rename: match.rule.rename, tags: match.rule.tags, skip: match.rule.skip)
            }
        }
    }

    /// An import of rows from `origin`, with no rules unless `rule` is given.
    public init(origin: String, rule: @escaping @Sendable (StatementEntry) -> RuleAction? = { _ in nil }) {
        self.origin = origin
        self.rule = rule
    }
}
