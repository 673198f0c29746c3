/// Money that came in.
public struct Income: BaseModel {
    public static let dataKey = "incomes"
    public static let uniqueIdKey = "income_unique_id"
    public static let kind = RecordKind.income
    public static var table: WritableKeyPath<BudgetDocument, RecordTable<Income>> { \.incomes }

    public let id: String
    public var name: String
    public var amount: Int
    public var order: Int
    public var date: Day
    public var note: String?

    public init(id: String, name: String, amount: Int, order: Int = 0, date: Day, note: String? = nil) {
        self.id = id
        self.name = name
        self.amount = amount
        self.order = order
        self.date = date
        self.note = note
    }
}
