/// Money that went out, filed under a category.
public struct Expense: BaseModel {
    /// Expenses sit under `"expenses"` in the data file.
    public static let dataKey = "expenses"
    /// The counter of expense IDs in the data file.
    public static let uniqueIdKey = "expense_unique_id"
    /// `.expense`.
    public static let kind = RecordKind.expense
    /// A document's expenses.
    public static var table: WritableKeyPath<BudgetDocument, RecordTable<Expense>> { \.expenses }

    /// The category of an expense added without one.
    public static let defaultCategory = "uncategorized"

    /// An expense with nothing in it, which a reader fills: copied for each record read, which
    /// costs less than making one (measured: 1.7 % of a delete's instructions at 100,000).
    private static let blank = Expense(id: "", name: "", amount: 0, category: "", date: .epoch)

    /// The fields, in the order listings show them.
    public static let schema = RecordSchema<Expense>(
        blank: { id in
            var expense = blank
            expense.id = id
            return expense
        },
        fields: [
            .identifier,
            .position,
            RecordField("date", FieldCoders.Date.self, get: { $0.date }, set: { $0.date = $1 }, setting: .date),
            RecordField("name", FieldCoders.Label.self, get: { $0.name }, set: { $0.name = $1 }, setting: .name),
            RecordField(
                "category", FieldCoders.Label.self, get: { $0.category }, set: { $0.category = $1 },
                inputDefault: { $0.defaultCategory }, setting: .category),
            RecordField(
                "amount", FieldCoders.SignedAmount.self, get: { $0.amount }, set: { $0.amount = $1 }, setting: .amount),
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
                "split", FieldCoders.SplitText.self, get: { $0.split }, set: { $0.split = $1 },
                listing: .whenAnyHasValue, setting: .split),
            RecordField(
                "parts", FieldCoders.PartsText.self, get: { $0.parts }, set: { $0.parts = $1 },
                listing: .whenAnyHasValue, setting: .parts),
            RecordField(
                "source", FieldCoders.Note.self, get: { $0.source }, set: { $0.source = $1 }, listing: .detailsOnly),
            RecordField(
                "schedule", FieldCoders.Note.self, get: { $0.schedule }, set: { $0.schedule = $1 },
                listing: .whenAnyHasValue, isImported: false),
        ],
        id: \Expense.id, order: \Expense.order)

    /// The 8-digit ID (`"00000001"`), allocated by the expenses' table and never reused. Set only when
    /// a record is given its ID (`RecordSchema.copy(of:id:)`).
    public internal(set) var id: String
    /// What the money was spent on (`Lunch`); never empty.
    public var name: String
    /// The amount spent, in the currency's minor unit; negative for a refund (`isRefund`),
    /// which takes from the category's spending in every report.
    public var amount: Int
    /// The 1-based position among the expenses, kept by their table.
    public var order: Int
    /// A free-text note, `nil` when there is none.
    public var note: String? {
        get { rare.note }
        set { rare.note = newValue }
    }
    /// The spending category (`food`, `家賃`); never empty.
    public var category: String
    /// The labels the expense carries.
    public var tags: Tags
    /// The account the money moved through (`Account.name`); `nil` when none is named.
    public var account: String?
    /// The member who paid (`Member.name`); `nil` when none is named.
    public var paidBy: String?
    /// How it is shared among the members (`Split`'s stored form); `nil`: as its category's
    /// share says, else by the members' weights.
    public var split: String? {
        get { rare.split }
        set { rare.split = newValue }
    }
    /// The parts that are one member's alone (`Parts`' stored form); `nil` when none.
    public var parts: String? {
        get { rare.parts }
        set { rare.parts = newValue }
    }
    /// Where it was imported from (`StatementRowIdentity`); `nil` when typed in.
    public var source: String?
    /// The schedule that made it and the occurrence's due day (`00000001@2026-11-25`,
    /// `ScheduleMark`); `nil` for records not made by a schedule.
    public var schedule: String? {
        get { rare.schedule }
        set { rare.schedule = newValue }
    }
    /// The note, the schedule, the split and the parts, which most expenses leave empty.
    private var rare = RareTexts()
    /// The day the money went out. (Declared last: a record's bytes then hold no padding between its fields, and two
    /// records with the same bits are the same record, `LentElements.sameBits`.)
    public var date: Day

    /// Whether it is a refund: money a purchase brought back (a card's negative amount, a
    /// 支払取消, or `add expense --refund`), recorded as a negative amount in the category it
    /// is filed under, so that it takes from that category's spending and limit.
    public var isRefund: Bool { amount < 0 }

    /// An expense with these values, under `Expense.defaultCategory` unless a category is
    /// given; `RecordTable.add` gives it its `order`.
    public init(
        id: String, name: String, amount: Int, category: String = Expense.defaultCategory,
        order: Int = 0, date: Day, note: String? = nil, tags: Tags = Tags(), source: String? = nil,
        schedule: String? = nil, account: String? = nil, paidBy: String? = nil, split: String? = nil,
        parts: String? = nil
    ) {
        self.id = id
        self.name = name
        self.amount = amount
        self.category = category
        self.order = order
        self.date = date
        self.tags = tags
        self.source = source
        self.account = account
        self.paidBy = paidBy
        rare = RareTexts(note: note, schedule: schedule, split: split, parts: parts)
    }

    /// The expense with its member fields checked and spelt (`MemberCheck.expense`).
    public func checkedMembers(_ check: MemberCheck) throws(MemberError) -> Expense { try check.expense(self) }

    /// Its account, if it names one.
    /// Whether every text is the same bytes as `other`'s (`BaseModel.isSpeltAlike`).
    public func isSpeltAlike(_ other: Expense) -> Bool {
        Spelling.same(id, other.id) && Spelling.same(name, other.name) && Spelling.same(category, other.category)
            && Spelling.same(tags.sorted, other.tags.sorted) && Spelling.same(account, other.account)
            && Spelling.same(paidBy, other.paidBy) && Spelling.same(source, other.source)
            && rare.isSpeltAlike(other.rare)
    }

    public var accounts: [String] { account.map { [$0] } ?? [] }

    /// Renames its account when it is `old`.
    public mutating func renameAccount(_ old: String, to new: String) -> Bool {
        guard account == old else { return false }
        account = new
        return true
    }
}
