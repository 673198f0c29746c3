/// A change to some fields of a record, checked once and applied to any number of records.
///
/// Only the fields given change. Text goes through the input rules when the edit is made
/// (`FieldRules.label` for the name and the category, `FieldRules.note` for the note), so an
/// edit that exists can be applied: an empty note text means "remove the note".
///
/// ```swift
/// let edit = try RecordEdit(category: "食費", note: "")   // recategorise, drop the note
/// try document.edit([RecordReference(kind: .expense, id: "00000002")], with: edit)
/// ```
public struct RecordEdit: Equatable, Sendable {
    /// What an edit does to the note.
    public enum NoteChange: Equatable, Sendable {
        /// The note becomes this text (never empty).
        case set(String)
        /// The record has no note afterwards.
        case remove
    }

    /// The new name, trimmed.
    public private(set) var name: String?
    /// The new amount, in the currency's minor unit.
    public private(set) var amount: Int?
    /// The new category, trimmed (expenses only).
    public private(set) var category: String?
    /// The new date.
    public private(set) var date: Day?
    /// What happens to the note.
    public private(set) var note: NoteChange?
    /// Whether every tag is removed first (`tagsToAdd` then become the only ones).
    public private(set) var clearsTags = false
    /// Tags the records get, checked with `FieldRules.tag`.
    public private(set) var tagsToAdd: [String] = []
    /// Tags the records lose.
    public private(set) var tagsToRemove: [String] = []

    /// An edit of the fields given; `nil` leaves a field as it is.
    ///
    /// - Parameters:
    ///   - name: a new name, read with `FieldRules.label`.
    ///   - amount: a new amount in minor units (`MoneyFormat.parse` reads typed text).
    ///   - category: a new category, read with `FieldRules.label`; incomes have none.
    ///   - date: a new date.
    ///   - note: a new note, read with `FieldRules.note`; an empty text removes the note.
    /// - Throws: `ValueError` for a value no record may hold (nothing is made then).
    public init(name: String? = nil, amount: Int? = nil, category: String? = nil, date: Day? = nil, note: String? = nil) throws(ValueError) {
        self.name = try name.map { text throws(ValueError) in try FieldRules.label(text, field: "name") }
        if let amount { try setAmount(amount) }
        self.category = try category.map { text throws(ValueError) in try FieldRules.label(text, field: "category") }
        self.date = date
        self.note = try note.map { text throws(ValueError) in text.isEmpty ? .remove : .set(try FieldRules.note(text)) }
    }

    /// Sets the category's spelling (`BudgetDocument.canonicalCategory`).
    mutating func respell(category: String) {
        self.category = category
    }

    /// Adds tags to the edit: the records get `add` and lose `remove`; with `replacing`, they
    /// lose every tag they had first (so an empty `add` clears them).
    ///
    /// - Throws: `ValueError` for a text no tag may be (nothing changes then).
    public mutating func changeTags(add: [String] = [], remove: [String] = [], replacing: Bool = false) throws(ValueError) {
        var added: [String] = []
        for tag in add { added.append(try FieldRules.tag(tag)) }
        var removed: [String] = []
        for tag in remove { removed.append(try FieldRules.tag(tag)) }
        if replacing { clearsTags = true }
        tagsToAdd += added
        tagsToRemove += removed
    }

    /// Whether the expenses become refunds (`true`), purchases (`false`) or stay as they are
    /// (`nil`). An amount set with `setAmount` is the size: a refund stays a refund unless this
    /// says otherwise.
    public var refund: Bool?

    /// Sets the new amount, once it is known (typed text needs the budget's currency:
    /// `BudgetDocument.moneyFormat.parse`).
    ///
    /// - Throws: `ValueError.invalidAmount` for a negative amount; the edit is unchanged then.
    public mutating func setAmount(_ minorUnits: Int) throws(ValueError) {
        if minorUnits < 0 { throw .invalidAmount(String(minorUnits), reason: "amounts cannot be negative") }
        amount = minorUnits
    }

    /// Whether the edit changes no field at all.
    public var isEmpty: Bool {
        name == nil && amount == nil && category == nil && date == nil && note == nil && !clearsTags && tagsToAdd.isEmpty && tagsToRemove.isEmpty
            && refund == nil
    }

    /// Checks that records of a kind have every field the edit changes.
    ///
    /// - Throws: `ValueError.notApplicable` for a category, or a refund, given for incomes.
    public func check(for kind: RecordKind) throws(ValueError) {
        if kind == .income && category != nil { throw .notApplicable(field: "category", kind: .income) }
        if kind == .income && refund != nil { throw .notApplicable(field: "refund", kind: .income) }
    }

    /// Applies the edit to an income.
    ///
    /// - Returns: whether the income changed.
    /// - Throws: `ValueError.notApplicable` when the edit sets a category; the income is unchanged then.
    @discardableResult
    public func apply(to income: inout Income) throws(ValueError) -> Bool {
        try check(for: .income)
        return applyCommonFields(to: &income)
    }

    /// Applies the edit to an expense.
    ///
    /// - Returns: whether the expense changed.
    @discardableResult
    public func apply(to expense: inout Expense) -> Bool {
        let before = expense
        applyCommonFields(to: &expense)
        if let category { expense.category = category }
        // The amount given is the size; the sign says purchase or refund.
        let size = amount ?? before.amount.magnitude.clampedToInt
        expense.amount = (refund ?? before.isRefund) ? -size : size
        return expense != before
    }

    @discardableResult
    private func applyCommonFields<Record: BaseModel>(to record: inout Record) -> Bool {
        let before = record
        if let name { record.name = name }
        if let amount { record.amount = amount }
        if let date { record.date = date }
        switch note {
        case .set(let text): record.note = text
        case .remove: record.note = nil
        case nil: break
        }
        if clearsTags { record.tags = Tags() }
        for tag in tagsToRemove { record.tags.remove(tag) }
        for tag in tagsToAdd { record.tags.insert(tag) }
        return record != before
    }
}

extension UInt {
    /// The value, or `Int.max` when it is larger (an `Int.min` amount, which no file holds).
    fileprivate var clampedToInt: Int { self > UInt(Int.max) ? Int.max : Int(self) }
}
