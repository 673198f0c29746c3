/// How a statement is read: its separator, where its rows start, which column gives which
/// field, and how its dates and amounts are written. A preset is one (`StatementPreset`); a
/// saved profile (`ImportProfile`) holds one with the options given on top.
public struct StatementLayout: Equatable, Sendable {
    /// The field separator.
    public var delimiter: Unicode.Scalar = ","
    /// Lines to skip before the header (or the first row).
    public var skipLines = 0
    /// Whether the first row (after `skipLines`) names the columns.
    public var hasHeader = true
    /// For each field, the columns that may give it, the first non-empty one winning (Zaim:
    /// the item, else the shop).
    public var columns: [StatementField: [ColumnReference]] = [:]
    /// The date pattern (`%Y/%m/%d`); `nil`: the usual forms.
    public var dateFormat: String?
    /// What separates decimals in amounts.
    public var decimalMark = DecimalMark.point
    /// Which sign of the single amount column is spending.
    public var sign = StatementSign.expenseNegative
    /// What the kind column's values mean (`チャージ` a transfer, `支払取消` an income), before
    /// the usual words (`income`, `支出`).
    public var kindValues: [KindValue] = []

    /// Whether a value of the kind column with no meaning leaves the row's kind to its amounts
    /// (out and in columns, the sign): when every meaning given is a transfer or a skip, the
    /// column only picks those rows out (モバイルSuica's 種別 names many kinds of spending and a
    /// few charges). When some value means income or expense, the column is the kind, and a
    /// value with no meaning is refused.
    public var kindFallsBackToAmounts: Bool {
        !kindValues.isEmpty && kindValues.allSatisfy { $0.meaning == .transfer || $0.meaning == .skip }
    }

    /// A layout reading a header row and nothing mapped.
    public init() {}

    /// The columns mapped to `field`, none when it is not.
    public subscript(field: StatementField) -> [ColumnReference] {
        get { columns[field] ?? [] }
        set { columns[field] = newValue.isEmpty ? nil : newValue }
    }

    /// Why the layout cannot read any statement (no date, name or amount column), or `nil`.
    public var missingField: StatementField? {
        if self[.date].isEmpty { return .date }
        if self[.name].isEmpty { return .name }
        if self[.amount].isEmpty && self[.out].isEmpty && self[.in].isEmpty { return .amount }
        return nil
    }
}
