/// What importing a statement did, for its confirmation.
public struct StatementImportResult: Equatable, Sendable {
    /// The new records, kind-qualified, in file order.
    public var added: [RecordReference] = []
    /// Rows imported before (a record has their identity, from the same account or from a
    /// source that names none).
    public var alreadyThere = 0
    /// Rows whose records were deleted (`DeletedRows`): left out.
    public var deletedBefore = 0
    /// Rows dated without a year, imported, whose identity with the year one apart a record
    /// has: the same statement read again a year later, or a new one whose rows fall on the
    /// same days with the same amounts (a salary, the rent). Only the balances would tell, and
    /// identities hold none: they are imported, and said.
    public var importedLikeAYearApart = 0
    /// Of the rows already there or deleted before, how many were imported through another
    /// origin than this import's (a preset's name and a profile's, for one account), by origin.
    public var thereThrough: [String: Int] = [:]
    /// Rows linked to a record already there instead of added, in file order.
    public var matched: [StatementMatch] = []
    /// Rows a rule skips.
    public var skippedByRule = 0
    /// Expenses filed by a rule's category.
    public var categorizedByRule = 0
    /// Expenses filed under the statement's own category.
    public var categorizedByStatement = 0
    /// Expenses filed under the default category.
    public var categorizedByDefault = 0
    /// Rows a rule renamed or tagged (whatever filed them).
    public var changedByRule = 0
    /// Of the expenses added, how many are refunds (money back on a card: negative amounts).
    public var refunds = 0
    /// Rows a rule made transfers (`--transfer-to`) that were linked to a transfer already
    /// there (typed in, or imported from the other account's statement) instead of added.
    public var transfersLinked = 0
    /// Rows a rule made transfers that were left out: the import named no account.
    public var transfersWithoutAccount = 0
    /// Rows the statement marks transfers (a charge) left out: the account names no account
    /// they come from (`Account.funding`), and no rule gives one.
    public var transfersWithoutCounterpart = 0
    /// The opening balance the account took from the statement (its first import), if it did.
    public var openingTaken: Reconciliation?

    /// How many incomes were added.
    public var incomes: Int { added.count { $0.kind == .income } }
    /// How many expenses were added.
    public var expenses: Int { added.count { $0.kind == .expense } }
    /// How many transfers were added.
    public var transfers: Int { added.count { $0.kind == .transfer } }
}
