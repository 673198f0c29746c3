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
    /// The name each record gets.
    public var name: String
    /// The amount, in the currency's minor unit.
    public var amount: Int
    /// The category of each expense (`nil` for incomes).
    public var category: String?
    /// The tags each record gets.
    public var tags: Tags
    /// The note each record gets.
    public var note: String?
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
        recurrence: Recurrence, isPaused: Bool = false, recordedThrough: Day? = nil, skipped: [Day] = [], coveredThrough: Day? = nil
    ) throws(ValueError) {
        self.kind = kind
        self.name = try FieldRules.label(name, field: "name")
        if amount < 0 { throw .invalidAmount(String(amount), reason: "amounts cannot be negative") }
        self.amount = amount
        if kind == .income, category != nil { throw .notApplicable(field: "category", kind: .income) }
        self.category = try category.map { text throws(ValueError) in try FieldRules.label(text, field: "category") }
        var checked: [String] = []
        for tag in tags { checked.append(try FieldRules.tag(tag)) }
        self.tags = Tags(checked)
        self.note = try note.flatMap { text throws(ValueError) in text.isEmpty ? nil : try FieldRules.note(text) }
        self.recurrence = recurrence
        self.isPaused = isPaused
        self.recordedThrough = recordedThrough
        self.skipped = Array(Set(skipped)).sorted()
        self.coveredThrough = coveredThrough
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
