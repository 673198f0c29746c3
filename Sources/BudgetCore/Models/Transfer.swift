/// Money moved between two of the household's own accounts: a card's withdrawal from the
/// bank, cash taken out at an ATM, a PayPay or Suica charge, savings put aside.
///
/// A transfer is never income or expense and is in no category: summaries, limits and the
/// forecast's spending leave it out. It changes the balances of its two accounts only.
public struct Transfer: BaseModel {
    /// Transfers sit under `"transfers"` in the data file (only once there is one).
    public static let dataKey = "transfers"
    /// The counter of transfer IDs in the data file.
    public static let uniqueIdKey = "transfer_unique_id"
    /// `.transfer`.
    public static let kind = RecordKind.transfer
    /// A document's transfers.
    public static var table: WritableKeyPath<BudgetDocument, RecordTable<Transfer>> { \.transfers }

    /// The name of a transfer recorded without one.
    public static let defaultName = "transfer"

    /// Where a balance adjustment (残高調整, `reconcile --adjust`) comes from or goes to: no
    /// account of the budget's, the difference between what it counted and what the bank says.
    public static let adjustment = "(adjustment)"

    /// A transfer with nothing in it, which a reader fills (`Expense.blank`).
    private static let blank = Transfer(id: "", name: "", amount: 0, from: "", to: "", date: .epoch)

    /// The fields, in the order listings show them.
    public static let schema = RecordSchema<Transfer>(
        blank: { id in
            var transfer = blank
            transfer.id = id
            return transfer
        },
        fields: [
            .identifier,
            .position,
            RecordField("date", FieldCoders.Date.self, get: { $0.date }, set: { $0.date = $1 }, setting: .date),
            RecordField("name", FieldCoders.Label.self, get: { $0.name }, set: { $0.name = $1 }, setting: .name),
            RecordField("from", FieldCoders.Label.self, get: { $0.from }, set: { $0.from = $1 }, setting: .from),
            RecordField("to", FieldCoders.Label.self, get: { $0.to }, set: { $0.to = $1 }, setting: .to),
            RecordField(
                "amount", FieldCoders.Amount.self, get: { $0.amount }, set: { $0.amount = $1 }, setting: .amount),
            RecordField("note", FieldCoders.Note.self, get: { $0.note }, set: { $0.note = $1 }, setting: .note),
            RecordField(
                "tags", FieldCoders.TagList.self, get: { $0.tags }, set: { $0.tags = $1 }, listing: .whenAnyHasValue,
                setting: .tags),
            RecordField(
                "source", FieldCoders.Note.self, get: { $0.source }, set: { $0.source = $1 }, listing: .detailsOnly),
            RecordField(
                "schedule", FieldCoders.Note.self, get: { $0.schedule }, set: { $0.schedule = $1 },
                listing: .whenAnyHasValue, isImported: false),
        ],
        id: \Transfer.id, order: \Transfer.order)

    /// The 8-digit ID (`"00000001"`), allocated by the transfers' table and never reused. Set only when
    /// a record is given its ID (`RecordSchema.copy(of:id:)`).
    public internal(set) var id: String
    /// What the move was (`ｶｰﾄﾞ ﾗｸﾃﾝｶｰﾄﾞ`, `transfer`); never empty.
    public var name: String
    /// The amount moved, in the currency's minor unit; never negative.
    public var amount: Int
    /// The 1-based position among the transfers, kept by their table.
    public var order: Int
    /// The account the money left (`楽天銀行`).
    public var from: String
    /// The account the money went to (`楽天カード`).
    public var to: String
    /// A free-text note, `nil` when there is none.
    public var note: String? {
        get { rare.note }
        set { rare.note = newValue }
    }
    /// The labels the transfer carries.
    public var tags: Tags
    /// Where it was imported from (`StatementRowIdentity`); `nil` when typed in.
    public var source: String?
    /// The schedule that made it and the occurrence's due day (`ScheduleMark`); `nil` for
    /// transfers not made by a schedule.
    public var schedule: String? {
        get { rare.schedule }
        set { rare.schedule = newValue }
    }
    /// The note and the schedule, which most transfers leave empty.
    private var rare = RareTexts()
    /// The day the money moved. (Declared last: a record's bytes then hold no padding between its fields, and two
    /// records with the same bits are the same record, `LentElements.sameBits`.)
    public var date: Day

    /// A transfer with these values; `RecordTable.add` gives it its `order`.
    public init(
        id: String, name: String = Transfer.defaultName, amount: Int, from: String, to: String, order: Int = 0,
        date: Day, note: String? = nil, tags: Tags = Tags(), source: String? = nil, schedule: String? = nil
    ) {
        self.id = id
        self.name = name
        self.amount = amount
        self.from = from
        self.to = to
        self.order = order
        self.date = date
        self.tags = tags
        self.source = source
        rare = RareTexts(note: note, schedule: schedule)
    }

    /// Its two accounts, the one the money left first.
    /// Whether every text is the same bytes as `other`'s (`BaseModel.isSpeltAlike`).
    public func isSpeltAlike(_ other: Transfer) -> Bool {
        Spelling.same(id, other.id) && Spelling.same(name, other.name) && Spelling.same(from, other.from)
            && Spelling.same(to, other.to) && Spelling.same(tags.sorted, other.tags.sorted)
            && Spelling.same(source, other.source) && rare.isSpeltAlike(other.rare)
    }

    public var accounts: [String] { [from, to] }

    /// Renames either account when it is `old`.
    public mutating func renameAccount(_ old: String, to new: String) -> Bool {
        var renamed = false
        if from == old { (from, renamed) = (new, true) }
        if to == old { (to, renamed) = (new, true) }
        return renamed
    }
}
