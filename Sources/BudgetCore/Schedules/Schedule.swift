/// A record that comes again: rent, a salary, a subscription. What to record (the kind, name,
/// amount, category, tags and note), when (`Recurrence`), and how far it has been recorded.
///
/// Each occurrence is identified by its due day. `recordedThrough` is the due day of the last
/// occurrence recorded or skipped: nothing due on or before it is recorded again, so deleting
/// a recorded record does not bring it back and running twice records nothing twice.
/// Occurrences skipped ahead of time wait in `skipped` until their turn comes.
public struct Schedule: Hashable, Sendable {
    /// Income or expense.
    public var kind: RecordKind
    /// What each record gets, by field key: a name and an amount, and any other field of the
    /// kind a person sets that schedules carry (`FieldSetting.isScheduled`): a category, tags,
    /// a note. Values a record without one has (no note, no tags) are not held.
    public private(set) var values: RecordValues
    /// The name each record gets.
    public var name: String {
        get { if case .text(let text) = values["name"] { text } else { "" } }
        set { values["name"] = .text(newValue) }
    }
    /// The amount, in the currency's minor unit.
    public var amount: Int {
        get { if case .amount(let value) = values["amount"] { value } else { 0 } }
        set { values["amount"] = .amount(newValue) }
    }
    /// The category of each expense (`nil` for incomes).
    public var category: String? {
        get { if case .text(let text) = values["category"] { text } else { nil } }
        set { values["category"] = newValue.map(FieldValue.text) }
    }
    /// The tags each record gets.
    public var tags: Tags {
        get { if case .tags(let tags) = values["tags"] { tags } else { Tags() } }
        set { values["tags"] = newValue.isEmpty ? nil : .tags(newValue) }
    }
    /// The note each record gets.
    public var note: String? {
        get { if case .optionalText(let text) = values["note"] { text } else { nil } }
        set { values["note"] = newValue.map { .optionalText($0) } }
    }
    /// The account each record names (`Account.name`), if any.
    public var account: String? {
        get { if case .optionalText(let text) = values["account"] { text } else { nil } }
        set { values["account"] = newValue.map { .optionalText($0) } }
    }
    /// When occurrences fall.
    public var recurrence: Recurrence
    /// Whether the schedule records nothing for now.
    public var isPaused: Bool
    /// The due day of the last occurrence recorded or skipped, if any.
    public var recordedThrough: Day?
    /// Due days after `recordedThrough` that are to be skipped, in order.
    public var skipped: [Day]
    /// When an edit changed the timing: the last day of the period (under the new timing) of
    /// the last occurrence recorded. Occurrences due on or before it are passed over, so the
    /// period already recorded is not recorded again; `recordedThrough` stays what was
    /// really recorded.
    public var coveredThrough: Day?

    /// A schedule, checked by the rules of records typed in.
    ///
    /// - Throws: `ValueError` for a name, category, tag or note no record may hold, a negative
    ///   amount, or a category on an income.
    public init(
        kind: RecordKind, name: String, amount: Int, category: String? = nil, tags: [String] = [], note: String? = nil,
        recurrence: Recurrence, isPaused: Bool = false, recordedThrough: Day? = nil, skipped: [Day] = [],
        coveredThrough: Day? = nil
    ) throws(ValueError) {
        var values = RecordValues()
        values["name"] = .text(try FieldRules.label(name, field: "name"))
        if amount < 0 { throw .invalidAmount(String(amount), reason: "amounts cannot be negative") }
        values["amount"] = .amount(amount)
        if kind == .income, category != nil { throw .notApplicable(field: "category", kind: .income) }
        values["category"] = try category.map { text throws(ValueError) in
            .text(try FieldRules.label(text, field: "category"))
        }
        var checked: [String] = []
        for tag in tags { checked.append(try FieldRules.tag(tag)) }
        values["tags"] = .tags(Tags(checked))
        values["note"] = .optionalText(try note.flatMap { text throws(ValueError) in
            text.isEmpty ? nil : try FieldRules.note(text)
        })
        try self.init(
            kind: kind, values: values, recurrence: recurrence, isPaused: isPaused, recordedThrough: recordedThrough,
            skipped: skipped, coveredThrough: coveredThrough)
    }

    /// A schedule of the values each record gets, each read by its field's input rules
    /// (`SettableField.value(typed:)`).
    ///
    /// - Throws: `ValueError.notApplicable` for a field the kind's records do not have or that
    ///   schedules do not carry (the date), `.missing` for one a record must have (the name, the
    ///   amount), `.invalidAmount` for a negative amount.
    public init(
        kind: RecordKind, values: RecordValues, recurrence: Recurrence, isPaused: Bool = false,
        recordedThrough: Day? = nil, skipped: [Day] = [], coveredThrough: Day? = nil
    ) throws(ValueError) {
        var held = RecordValues()
        for key in values.keys {
            guard let field = SettableField.named(key), field.applies(to: kind), field.setting.isScheduled else {
                throw .notApplicable(field: key, kind: kind)
            }
            if let value = values[key], value != field.absent { held[key] = value }
        }
        for field in SettableField.all where field.isRequired && field.setting.isScheduled && field.applies(to: kind) {
            if held[field.key] == nil { throw .missing(field: field.key) }
        }
        if case .amount(let amount) = held["amount"], amount < 0 {
            throw .invalidAmount(String(amount), reason: "amounts cannot be negative")
        }
        self.kind = kind
        self.values = held
        self.recurrence = recurrence
        self.isPaused = isPaused
        self.recordedThrough = recordedThrough
        self.skipped = Array(Set(skipped)).sorted()
        self.coveredThrough = coveredThrough
    }

    /// The schedule with a field's value changed (its absent value, or `nil`: removed).
    ///
    /// - Throws: `ValueError.notApplicable` for a field the kind's records do not have.
    public func setting(_ key: String, to value: FieldValue?) throws(ValueError) -> Schedule {
        guard let field = SettableField.named(key), field.applies(to: kind), field.setting.isScheduled else {
            throw .notApplicable(field: key, kind: kind)
        }
        var copy = self
        copy.values[key] = value == field.absent ? nil : value
        return copy
    }

    /// The due day on or before which nothing is recorded any more: the later of
    /// `recordedThrough` and `coveredThrough`.
    public var doneThrough: Day? {
        guard let coveredThrough else { return recordedThrough }
        guard let recordedThrough else { return coveredThrough }
        return max(recordedThrough, coveredThrough)
    }

    /// The occurrences not yet recorded whose day (the due day moved off a weekend) is on or
    /// before `last`, in order, skipped ones included: at most `limit` of them.
    public func pending(through last: Day, limit: Int = 100_000) -> [Recurrence.Occurrence] {
        // A due day up to two days after `last` can be moved back onto it (Sunday to Friday).
        let horizon = last.advanced(byDays: 2) ?? last
        var result: [Recurrence.Occurrence] = []
        for occurrence in recurrence.occurrences(after: doneThrough, through: horizon, limit: limit) {
            guard !(last < occurrence.day) else { break }
            result.append(occurrence)
        }
        return result
    }

    /// The next occurrence not yet recorded or skipped, if the schedule has one.
    public var next: Recurrence.Occurrence? {
        var after = doneThrough
        while let occurrence = recurrence.next(after: after) {
            if !skipped.contains(occurrence.due) { return occurrence }
            after = occurrence.due
        }
        return nil
    }

    /// The next `count` occurrences not yet recorded or skipped, in order (fewer when the
    /// schedule ends first).
    public func upcoming(_ count: Int) -> [Recurrence.Occurrence] {
        var result: [Recurrence.Occurrence] = []
        var ahead = self
        while result.count < count, let next = ahead.next {
            result.append(next)
            ahead.recordedThrough = next.due
        }
        return result
    }

    /// Whether no occurrence is left: the end, the count or the calendar's last day is past.
    public var hasEnded: Bool { next == nil }
}
