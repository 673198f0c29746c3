/// What every stored record is: an identified, ordered, dated amount of money.
///
/// Records are plain values. The invariants that involve other records (unique sequential
/// IDs, contiguous `order`) are kept by `RecordTable`, never by the record itself.
public protocol BaseModel: Hashable, Identifiable, Sendable where ID == String {
    /// The key of this kind's records in the data file (`"incomes"`, `"expenses"`).
    static var dataKey: String { get }
    /// The key of this kind's ID counter in the data file (`"income_unique_id"`, …).
    static var uniqueIdKey: String { get }
    /// Which kind of record this is.
    static var kind: RecordKind { get }
    /// Where this kind's records live in a document.
    static var table: WritableKeyPath<BudgetDocument, RecordTable<Self>> { get }
    /// The kind's fields, declared once: what the data file holds, what outputs show.
    static var schema: RecordSchema<Self> { get }

    /// The 8-digit, zero-padded ID (`"00000001"`), unique within the kind and never reused.
    var id: String { get }
    /// What the money was for or came from; never empty, no control characters.
    var name: String { get set }
    /// The amount in the currency's minor unit; never negative.
    var amount: Int { get set }
    /// The 1-based display position within the kind.
    var order: Int { get set }
    /// The day the money moved.
    var date: Day { get set }
    /// An optional free-text note.
    var note: String? { get set }
    /// Labels for finding records across categories (`京都旅行`, `reimbursable`).
    var tags: Tags { get set }
    /// The accounts the money moved through (`Account.name`): an income's or an expense's
    /// `account`, if it names one, or a transfer's two.
    var accounts: [String] { get }
    /// Whether every text of the record is the same bytes as `other`'s (`==` takes texts
    /// spelt differently but canonically equivalent as equal): a writer copies a record's
    /// bytes from the file only when the record is `==` to the one read there and spelt alike.
    func isSpeltAlike(_ other: Self) -> Bool
    /// Renames an account wherever the record names it.
    ///
    /// - Returns: whether the record named it.
    mutating func renameAccount(_ old: String, to new: String) -> Bool
    /// Where an imported record came from: the statement's source and the row's identity in
    /// it (`StatementRowIdentity`), so that importing an overlapping statement adds only what
    /// is new; `nil` for records typed in.
    var source: String? { get set }
    /// The schedule that made it and the due day of that occurrence (`00000001@2026-11-25`,
    /// read with `ScheduleMark`); `nil` for records not made by a schedule.
    var schedule: String? { get set }
    /// The record with its member fields (who paid, a split, parts) checked and spelt as the
    /// budget spells its members (`MemberCheck`); a record without them is itself.
    ///
    /// - Throws: `MemberError`.
    func checkedMembers(_ check: MemberCheck) throws(MemberError) -> Self
}

extension BaseModel {
    /// A record without member fields (a transfer) is itself.
    public func checkedMembers(_ check: MemberCheck) throws(MemberError) -> Self { self }
}
