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
        /// The account the row's money moved to or from: in an import into an account, the row
        /// becomes a transfer.
        public var transferTo: String?

        /// An action of a rule.
        public init(category: String?, rename: String?, tags: Tags, skip: Bool, transferTo: String? = nil) {
            self.category = category
            self.rename = rename
            self.tags = tags
            self.skip = skip
            self.transferTo = transferTo
        }
    }

    /// The statement's source, the first part of each record's `source`: the saved profile's
    /// account (one account), else the preset's name, else `statement` (no account: the same
    /// row as one of any account with the identity; `StatementSource`).
    public var origin: String
    /// The category of an expense that neither a rule nor the statement gives one (`nil`: the
    /// budget's default category).
    public var defaultCategory: String?
    /// Tags for a record that gets none from the statement or a rule.
    public var defaultTags = Tags()
    /// Whether names are folded (full-width ASCII and half-width katakana made plain, spaces
    /// collapsed) before rules and renames.
    public var foldNames = false
    /// Whether rows imported before (or whose records were deleted) are imported again.
    public var allowDuplicates = false
    /// Whether the rows of deleted imported records are imported again (and forgotten as
    /// deleted), while rows already there stay out.
    public var includeDeleted = false
    /// Whether a row is linked to a record already there that no row accounts for (a
    /// scheduled occurrence, a record typed in) instead of added (`StatementMatch`).
    public var matchRecords = true
    /// The budget's account the statement is of (`import --account`, a profile's `into`): its
    /// records name it, rows a rule gives `--transfer-to` become transfers between the two, and
    /// the statement's balances are checked against it.
    public var account: String?
    /// Whether a statement's balance column is checked against the account's balance
    /// (`BalanceCheck`); a disagreement refuses the import.
    public var checksBalances = true

    /// The origin of a statement read by no preset or profile; like a preset's name, it names
    /// no account.
    public static let anyStatement = "statement"
    /// How many days a row's date may be from a record's (or from its schedule's due day) for
    /// the two to match: a weekend moves an occurrence by up to two days, a bank holiday and
    /// a bank's booking by a day more.
    public static let matchWindow = 3
    /// The rule that applies to an entry, if any.
    public var rule: @Sendable (StatementEntry) -> RuleAction?

    /// An import of rows from `origin` under a budget's rules (`RuleSet`: the first match
    /// decides).
    public init(origin: String, rules: RuleSet) {
        self.init(origin: origin) { entry in
            rules.firstMatch(name: entry.name, note: entry.note, kind: entry.kind).map { match in
                RuleAction(
                    category: match.rule.category, rename: match.rule.rename, tags: match.rule.tags,
                    skip: match.rule.skip, transferTo: match.rule.transferTo)
            }
        }
    }

    /// An import of rows from `origin`, with no rules unless `rule` is given.
    public init(origin: String, rule: @escaping @Sendable (StatementEntry) -> RuleAction? = { _ in nil }) {
        self.origin = origin
        self.rule = rule
    }
}
