/// Money that came in.
public struct Income: BaseModel {
    /// Incomes sit under `"incomes"` in the data file.
    public static let dataKey = "incomes"
    /// The counter of income IDs in the data file.
    public static let uniqueIdKey = "income_unique_id"
    /// `.income`.
    public static let kind = RecordKind.income
    /// A document's incomes.
    public static var table: WritableKeyPath<BudgetDocument, RecordTable<Income>> { \.incomes }

    /// An income with nothing in it, which a reader fills (`Expense.blank`).
    private static let blank = Income(id: "", name: "", amount: 0, date: .epoch)

    /// The fields, in the order listings show them.
    public static let schema = RecordSchema<Income>(
        blank: { id in
            var income = blank
            income.id = id
            return income
        },
        fields: [
            .identifier,
            .position,
            RecordField("date", FieldCoders.Date.self, get: { $0.date }, set: { $0.date = $1 }, setting: .date),
            RecordField("name", FieldCoders.Label.self, get: { $0.name }, set: { $0.name = $1 }, setting: .name),
            RecordField(
                "amount", FieldCoders.Amount.self, get: { $0.amount }, set: { $0.amount = $1 }, setting: .amount),
            RecordField("note", FieldCoders.Note.self, get: { $0.note }, set: { $0.note = $1 }, setting: .note),
            RecordField(
                "tags", FieldCoders.TagList.self, get: { $0.tags }, set: { $0.tags = $1 }, listing: .whenAnyHasValue,
                setting: .tags),
            RecordField(
                "account", FieldCoders.OptionalLabel.self, get: { $0.account }, set: { $0.account = $1 },
                listing: .whenAnyHasValue, setting: .account),
            RecordField(
                "paid_by", FieldCoders.OptionalLabel.self, get: { $0.paidBy }, set: { $0.paidBy = $1 },
                listing: .whenAnyHasValue, setting: .paidBy),
            RecordField(
                "source", FieldCoders.Note.self, get: { $0.source }, set: { $0.source = $1 }, listing: .detailsOnly),
            RecordField(
                "schedule", FieldCoders.Note.self, get: { $0.schedule }, set: { $0.schedule = $1 },
                listing: .whenAnyHasValue, isImported: false),
        ],
        id: \Income.id, order: \Income.order)

    /// The 8-digit ID (`"00000001"`), allocated by the incomes' table and never reused. Set only when
    /// a record is given its ID (`RecordSchema.copy(of:id:)`).
    public internal(set) var id: String
    /// Where the money came from (`Salary`); never empty.
    public var name: String
    /// The amount received, in the currency's minor unit; never negative.
    public var amount: Int
    /// The 1-based position among the incomes, kept by their table.
    public var order: Int
    /// A free-text note, `nil` when there is none.
    public var note: String? {
        get { rare.note }
        set { rare.note = newValue }
    }
    /// The labels the income carries.
    public var tags: Tags
    /// The account the money moved through (`Account.name`); `nil` when none is named.
    public var account: String?
    /// The member who received it (`Member.name`); `nil` when none is named.
    public var paidBy: String?
    /// Where it was imported from (`StatementRowIdentity`); `nil` when typed in.
    public var source: String?
    /// The schedule that made it and the occurrence's due day (`00000001@2026-11-25`,
    /// `ScheduleMark`); `nil` for records not made by a schedule.
    public var schedule: String? {
        get { rare.schedule }
        set { rare.schedule = newValue }
    }
    /// The note and the schedule, which most records leave empty.
    private var rare = RareTexts()
    /// The day the money came in. (Declared last: a record's bytes then hold no padding between its fields, and two
    /// records with the same bits are the same record, `LentElements.sameBits`.)
    public var date: Day

    /// An income with these values; `RecordTable.add` gives it its `order`.
    public init(
        id: String, name: String, amount: Int, order: Int = 0, date: Day, note: String? = nil, tags: Tags = Tags(),
        source: String? = nil, schedule: String? = nil, account: String? = nil, paidBy: String? = nil
    ) {
        self.id = id
        self.name = name
        self.amount = amount
        self.order = order
        self.date = date
        self.tags = tags
        self.source = source
        self.account = account
        self.paidBy = paidBy
        rare = RareTexts(note: note, schedule: schedule)
    }

    /// The income with who received it checked and spelt (`MemberCheck.income`).
    public func checkedMembers(_ check: MemberCheck) throws(MemberError) -> Income { try check.income(self) }

    /// Its account, if it names one.
    /// Whether every text is the same bytes as `other`'s (`BaseModel.isSpeltAlike`).
    public func isSpeltAlike(_ other: Income) -> Bool {
        Spelling.same(id, other.id) && Spelling.same(name, other.name) && Spelling.same(tags.sorted, other.tags.sorted)
            && Spelling.same(account, other.account) && Spelling.same(paidBy, other.paidBy)
            && Spelling.same(source, other.source) && rare.isSpeltAlike(other.rare)
    }

    public var accounts: [String] { account.map { [$0] } ?? [] }

    /// Renames its account when it is `old`.
    public mutating func renameAccount(_ old: String, to new: String) -> Bool {
        guard account == old else { return false }
        account = new
        return true
    }
}
