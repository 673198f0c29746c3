/// Money that came in.
public struct Income: BaseModel {
    public static let dataKey = "incomes"
    public static let uniqueIdKey = "income_unique_id"
    public static let kind = RecordKind.income
    public static var table: WritableKeyPath<BudgetDocument, RecordTable<Income>> { \.incomes }

    /// The fields, in the order listings show them.
    public static let schema = RecordSchema<Income>(
        blank: { Income(id: $0, name: "", amount: 0, date: .epoch) },
        fields: [
            .identifier,
            .position,
            RecordField("date", FieldCoders.Date.self, get: { $0.date }, set: { $0.date = $1 }),
            RecordField("name", FieldCoders.Label.self, get: { $0.name }, set: { $0.name = $1 }),
            RecordField("amount", FieldCoders.Amount.self, get: { $0.amount }, set: { $0.amount = $1 }),
            RecordField("note", FieldCoders.Note.self, get: { $0.note }, set: { $0.note = $1 }),
            RecordField("tags", FieldCoders.TagList.self, get: { $0.tags }, set: { $0.tags = $1 }),
        ])

    public let id: String
    public var name: String
    public var amount: Int
    public var order: Int
    public var date: Day
    public var note: String?
    public var tags: Tags

    public init(id: String, name: String, amount: Int, order: Int = 0, date: Day, note: String? = nil, tags: Tags = Tags()) {
        self.id = id
        self.name = name
        self.amount = amount
        self.order = order
        self.date = date
        self.note = note
        self.tags = tags
    }
}
