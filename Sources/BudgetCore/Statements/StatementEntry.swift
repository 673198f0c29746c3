/// One row of a statement, read: which kind of record it becomes and its values, before rules
/// and defaults (`BudgetDocument.importStatement`).
public struct StatementEntry: Equatable, Sendable {
    /// Where the row starts in the file.
    public var line: Int
    /// Income or expense, by the statement's columns and sign.
    public var kind: RecordKind
    /// The day.
    public var date: Day
    /// The name, by the input rules of names.
    public var name: String
    /// The amount in minor units, never negative (a refund's size).
    public var amount: Int
    /// Whether it is a refund: an expense that brings money back (a card statement's negative
    /// amount), recorded as `-amount` (`Expense.isRefund`).
    public var isRefund = false
    /// For a row the statement marks a transfer (a charge, money sent to one's bank), read when
    /// importing into an account: whether the money came into the statement's account.
    public var isIncoming = false
    /// The amount as the record holds it: negative for a refund.
    public var recordedAmount: Int { isRefund ? -amount : amount }
    /// The statement's own category, if it has one (expenses only).
    public var category: String?
    /// The note, if any.
    public var note: String?
    /// The row's tags (none unless a column gives them).
    public var tags: Tags
    /// The other fields' values its columns give (`StatementField.allCases` beyond the reader's
    /// own), by key, each read by the field's input rules: the records they apply to get them.
    public var values = RecordValues()
    /// What identifies the row within its statement, across downloads: the statement's own ID
    /// (`id=…`; a repeated one `id#2=…` from its second occurrence), else its date, kind, amount
    /// and name as read, with its occurrence among identical rows. Written out when asked for.
    public var identity: String {
        get { identityParts.text }
        set { identityParts = .written(newValue) }
    }
    /// The identity's parts (`identity`, and a record's source in one allocation).
    var identityParts: StatementIdentity
    /// The account's balance after the row, as the statement states it (`取引後残高`), when it
    /// has a balance column; for a card, what is owed.
    public var balance: Int?
    /// Whether the statement wrote the date with its year (`4月30日` has none: its year is
    /// the latest on or before the statement's day).
    public var dateHasYear = true

    /// An entry whose identity is given in parts (as the reader makes it).
    init(
        line: Int, kind: RecordKind, date: Day, name: String, amount: Int, isRefund: Bool = false,
        category: String? = nil, note: String? = nil, tags: Tags, identityParts: StatementIdentity,
        dateHasYear: Bool = true
    ) {
        self.line = line
        self.kind = kind
        self.date = date
        self.name = name
        self.amount = amount
        self.isRefund = isRefund
        self.category = category
        self.note = note
        self.tags = tags
        self.identityParts = identityParts
        self.dateHasYear = dateHasYear
    }

    /// An entry whose identity is given whole.
    init(
        line: Int, kind: RecordKind, date: Day, name: String, amount: Int, isRefund: Bool = false,
        category: String? = nil, note: String? = nil, tags: Tags, identity: String, dateHasYear: Bool = true
    ) {
        self.init(
            line: line, kind: kind, date: date, name: name, amount: amount, isRefund: isRefund, category: category,
            note: note, tags: tags, identityParts: .written(identity), dateHasYear: dateHasYear)
    }
}
