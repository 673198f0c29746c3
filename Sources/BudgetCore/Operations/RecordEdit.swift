/// A change to some fields of a record, checked once and applied to any number of records.
///
/// Only the fields given change. It is made of the fields' declarations (`SettableField`):
/// text goes through the field's input rules when the edit is made (`FieldRules.label` for
/// the name and the category, `FieldRules.note` for the note), so an edit that exists can be
/// applied; an empty text removes an optional value (a note), and a list's items (tags) are
/// added, removed or replaced. The amount is its own: typed text needs the budget's currency,
/// and an expense's sign says refund or purchase (`refund`).
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

    /// What an edit does to one field.
    public enum FieldChange: Equatable, Sendable {
        /// The field takes this value (for an optional field, its absent value removes it).
        case set(FieldValue)
        /// A list's items: every item removed first when `replacing`, then `remove` taken off
        /// and `add` put on.
        case items(add: [String], remove: [String], replacing: Bool)
    }

    /// The changes, by field key (the amount aside).
    public private(set) var changes: [String: FieldChange] = [:]
    /// The new amount, in the currency's minor unit.
    public private(set) var amount: Int?

    /// The new name, trimmed.
    public var name: String? { text("name") }
    /// The new category, trimmed (expenses only).
    public var category: String? { text("category") }
    /// The new date.
    public var date: Day? {
        if case .set(.day(let day)) = changes["date"] { day } else { nil }
    }
    /// The account the records move to, as typed (`nil`: the account is left alone or removed).
    public var account: String? {
        if case .set(.optionalText(let text?)) = changes["account"] { text } else { nil }
    }
    /// What happens to the note.
    public var note: NoteChange? {
        guard case .set(.optionalText(let text)) = changes["note"] else { return nil }
        return text.map(NoteChange.set) ?? .remove
    }
    /// Whether every tag is removed first (`tagsToAdd` then become the only ones).
    public var clearsTags: Bool { items("tags").replacing }
    /// Tags the records get, checked with `FieldRules.tag`.
    public var tagsToAdd: [String] { items("tags").add }
    /// Tags the records lose.
    public var tagsToRemove: [String] { items("tags").remove }

    /// An edit of the fields given; `nil` leaves a field as it is.
    ///
    /// - Parameters:
    ///   - name: a new name, read with `FieldRules.label`.
    ///   - amount: a new amount in minor units (`MoneyFormat.parse` reads typed text).
    ///   - category: a new category, read with `FieldRules.label`; incomes have none.
    ///   - date: a new date.
    ///   - note: a new note, read with `FieldRules.note`; an empty text removes the note.
    /// - Throws: `ValueError` for a value no record may hold (nothing is made then).
    public init(
        name: String? = nil, amount: Int? = nil, category: String? = nil, date: Day? = nil, note: String? = nil
    ) throws(ValueError) {
        if let name { try set("name", typed: name) }
        if let amount { try setAmount(amount) }
        if let category { try set("category", typed: category) }
        if let date { changes["date"] = .set(.day(date)) }
        if let note { try set("note", typed: note) }
    }

    /// Sets a field to the value of typed text, read by the field's input rules
    /// (`SettableField.value(typed:)`); for an optional field an empty text removes its value.
    ///
    /// - Throws: `ValueError` for a text the field cannot hold; the edit is unchanged then.
    public mutating func set(_ field: SettableField, typed text: String) throws(ValueError) {
        changes[field.key] = .set(try field.value(typed: text))
    }

    /// Sets a field to a value read by its input rules (`SettableField.value(typed:)`).
    public mutating func set(_ field: SettableField, to value: FieldValue) {
        changes[field.key] = .set(value)
    }

    private mutating func set(_ key: String, typed text: String) throws(ValueError) {
        guard let field = SettableField.named(key) else { return }
        try set(field, typed: text)
    }

    /// Sets the category's spelling (`BudgetDocument.canonicalCategory`).
    mutating func respell(category: String) {
        changes["category"] = .set(.text(category))
    }

    /// Sets the account's spelling (`Settings<AccountKeys>.recordAccount`).
    mutating func respell(account: String) {
        changes["account"] = .set(.optionalText(account))
    }

    /// Adds a list's items to the edit (`tags`): the records get `add` and lose `remove`; with
    /// `replacing`, they lose every item they had first (so an empty `add` clears them).
    ///
    /// - Throws: `ValueError` for a text no item may be (nothing changes then).
    public mutating func changeItems(
        of field: SettableField, add: [String] = [], remove: [String] = [], replacing: Bool = false
    ) throws(ValueError) {
        var added: [String] = []
        for item in add { added.append(contentsOf: try field.value(items: [item]).parts) }
        var removed: [String] = []
        for item in remove { removed.append(contentsOf: try field.value(items: [item]).parts) }
        let before = items(field.key)
        let replaces = before.replacing || replacing
        changes[field.key] = .items(add: before.add + added, remove: before.remove + removed, replacing: replaces)
    }

    /// Adds tags to the edit: the records get `add` and lose `remove`; with `replacing`, they
    /// lose every tag they had first (so an empty `add` clears them).
    ///
    /// - Throws: `ValueError` for a text no tag may be (nothing changes then).
    public mutating func changeTags(
        add: [String] = [], remove: [String] = [], replacing: Bool = false
    ) throws(ValueError) {
        guard let field = SettableField.named("tags") else { return }
        try changeItems(of: field, add: add, remove: remove, replacing: replacing)
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
        changes.values.allSatisfy { change in
            guard case .items(let add, let remove, let replacing) = change else { return false }
            return add.isEmpty && remove.isEmpty && !replacing
        } && amount == nil && refund == nil
    }

    /// Checks that records of a kind have every field the edit changes.
    ///
    /// - Throws: `ValueError.notApplicable` for a field (by key), or a refund, given for a kind
    ///   without it (a category for incomes).
    public func check(for kind: RecordKind) throws(ValueError) {
        for key in changes.keys.sorted() where SettableField.named(key)?.applies(to: kind) != true {
            throw .notApplicable(field: key, kind: kind)
        }
        if kind != .expense && refund != nil { throw .notApplicable(field: "refund", kind: kind) }
    }

    /// Applies the edit to an income.
    ///
    /// - Returns: whether the income changed.
    /// - Throws: `ValueError.notApplicable` when the edit sets a field incomes do not have (a
    ///   category); the income is unchanged then.
    @discardableResult
    public func apply(to income: inout Income) throws(ValueError) -> Bool {
        try check(for: .income)
        let before = income
        applyFields(to: &income)
        if let amount { income.amount = amount }
        return income != before
    }

    /// Applies the edit to an expense.
    ///
    /// - Returns: whether the expense changed.
    @discardableResult
    public func apply(to expense: inout Expense) -> Bool {
        let before = expense
        applyFields(to: &expense)
        // The amount given is the size; the sign says purchase or refund.
        let size = amount ?? before.amount.magnitude.clampedToInt
        expense.amount = (refund ?? before.isRefund) ? -size : size
        return expense != before
    }

    /// Applies the edit to a transfer.
    ///
    /// - Returns: whether the transfer changed.
    /// - Throws: `ValueError.notApplicable` when the edit sets a field transfers do not have (a
    ///   category, a refund); the transfer is unchanged then.
    @discardableResult
    public func apply(to transfer: inout Transfer) throws(ValueError) -> Bool {
        try check(for: .transfer)
        let before = transfer
        applyFields(to: &transfer)
        if let amount { transfer.amount = amount }
        return transfer != before
    }

    /// Applies each field's change through the kind's declaration (fields it lacks are left).
    private func applyFields<Record: BaseModel>(to record: inout Record) {
        let schema = Record.schema
        for key in changes.keys.sorted() {
            guard let change = changes[key], let field = schema.settable(key), let setter = field.setter else {
                continue
            }
            switch change {
            case .set(let value):
                _ = setter.set(value, &record)
            case let .items(add, remove, replacing):
                guard case .tags(var tags) = field.value(record) else { continue }
                if replacing { tags = Tags() }
                for item in remove { tags.remove(item) }
                for item in add { tags.insert(item) }
                _ = setter.set(.tags(tags), &record)
            }
        }
    }

    private func text(_ key: String) -> String? {
        if case .set(.text(let text)) = changes[key] { text } else { nil }
    }

    private func items(_ key: String) -> (add: [String], remove: [String], replacing: Bool) {
        guard case let .items(add, remove, replacing) = changes[key] else { return ([], [], false) }
        return (add, remove, replacing)
    }
}

extension UInt {
    /// The value, or `Int.max` when it is larger (an `Int.min` amount, which no file holds).
    fileprivate var clampedToInt: Int { self > UInt(Int.max) ? Int.max : Int(self) }
}
