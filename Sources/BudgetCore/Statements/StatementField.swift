/// What a statement's column can give an imported record (`--map <field>=<column>`): the
/// columns that make a row a transaction (date, name, amounts, kind, ID), and every field of a
/// record a person sets (`SettableField`: a category, a note, tags, any field declared so).
public struct StatementField: RawRepresentable, Hashable, CaseIterable, Sendable {
    /// The name `--map` and a saved profile give it.
    public let rawValue: String
    /// Its place in `allCases`: what two fields compare and hash by (each name has one), and
    /// where `StatementColumns` keeps its columns.
    let ordinal: Int

    /// The field of this name, if a column can give it.
    public init?(rawValue: String) {
        guard let field = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = field
    }

    private init(_ name: String, _ ordinal: Int) {
        rawValue = name
        self.ordinal = ordinal
    }

    /// The same field: the same name.
    public static func == (lhs: StatementField, rhs: StatementField) -> Bool {
        lhs.ordinal == rhs.ordinal
    }

    /// Hashes its place, which stands for its name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ordinal)
    }

    /// The day of the transaction.
    public static let date = StatementField("date", 0)
    /// What the money was for or came from.
    public static let name = StatementField("name", 1)
    /// One signed amount column (which sign is spending: `StatementSign`).
    public static let amount = StatementField("amount", 2)
    /// Money that went out (an expense), in a column of its own.
    public static let out = StatementField("out", 3)
    /// Money that came in (an income), in a column of its own.
    public static let `in` = StatementField("in", 4)
    /// Which kind the row is (`income`/`expense`, `収入`/`支出`).
    public static let kind = StatementField("kind", 5)
    /// The statement's own category.
    public static let category = StatementField("category", 6)
    /// A note.
    public static let note = StatementField("note", 7)
    /// Tags, comma-separated in one cell.
    public static let tags = StatementField("tags", 8)
    /// The statement's own ID of the row, which identifies it across downloads.
    public static let id = StatementField("id", 9)

    /// The account's balance after the row (`取引後残高`, `残高`), which an import into an
    /// account checks its own balance against.
    public static let balance = StatementField("balance", 10)

    /// The fields read by the statement reader's own rules, in the order `--map` lists them.
    static let read: [StatementField] = [
        .date, .name, .amount, .out, .in, .kind, .category, .note, .tags, .id, .balance,
    ]

    /// Every field, in order: those read by the reader's own rules, then the other fields a
    /// person sets (`SettableField`), each read by its declaration's input rules.
    public static let allCases: [StatementField] = read + SettableField.all.filter { field in
        // A statement's rows become incomes and expenses: a transfer's own fields come from its account.
        !read.contains { $0.rawValue == field.key } && (field.applies(to: .income) || field.applies(to: .expense))
    }.enumerated().map { StatementField($0.element.key, read.count + $0.offset) }

    /// The declared record field a column of this gives, when the reader's own rules do not read it.
    var declared: SettableField? {
        Self.read.contains(self) ? nil : SettableField.named(rawValue)
    }
}

/// Which sign of a statement's single amount column is spending.
public enum StatementSign: String, CaseIterable, Sendable {
    /// Money out is negative (bank statements, MoneyForward): a positive amount is an income.
    case expenseNegative = "expense-negative"
    /// Money out is positive (card statements): a negative amount is a refund, an expense
    /// taken back in the category it is filed under (`Expense.isRefund`).
    case expensePositive = "expense-positive"
}

/// The character that separates the whole part of an amount from its decimals.
public enum DecimalMark: String, CaseIterable, Sendable {
    /// `1,234.56`
    case point = "."
    /// `1.234,56`
    case comma = ","
}
