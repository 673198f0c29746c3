/// How a person gives a field's value: when adding a record, editing records, and in the
/// records a schedule makes (`RecordField.setting`). A field declared with one is an option
/// of `add`, `edit`, `recur add` and `recur edit`, a part of a schedule's text and a field a
/// statement's column may give (`StatementField`), with nothing else to write.
public struct FieldSetting: Sendable {
    /// What the value is, as a help text says it (`Who was paid.`).
    public let help: String
    /// The value's placeholder in help texts (`text`, `name`).
    public let valueName: String
    /// The word for one value of a list (`tag` for `tags`); a field of one value: its key.
    public let word: String?
    /// Whether a schedule's records take the value from the schedule (`false` for the date:
    /// each takes its due day).
    public let isScheduled: Bool

    /// A field a person sets.
    ///
    /// - Parameters:
    ///   - help: what the value is, one sentence.
    ///   - valueName: the value's placeholder (`text`).
    ///   - word: the name of one value of a list (`tag`); `nil` for the field's key.
    ///   - isScheduled: whether schedules carry it to their records.
    public init(help: String, valueName: String, word: String? = nil, isScheduled: Bool = true) {
        self.help = help
        self.valueName = valueName
        self.word = word
        self.isScheduled = isScheduled
    }
}

extension FieldSetting {
    /// The day the money moved; each record of a schedule takes its due day instead.
    static let date = FieldSetting(
        help: "The day the money moved (default: today).", valueName: "day", isScheduled: false)
    /// What the money was for or came from.
    static let name = FieldSetting(help: "What the money was for or came from.", valueName: "name")
    /// The amount, in the budget's currency.
    static let amount = FieldSetting(help: "The amount.", valueName: "amount")
    /// An expense's category.
    static let category = FieldSetting(help: "The spending category.", valueName: "name")
    /// A free-text note.
    static let note = FieldSetting(help: "A free-text note.", valueName: "text")
    /// Tags, given one at a time.
    static let tags = FieldSetting(help: "A tag (one word, no commas).", valueName: "tag", word: "tag")
    /// The account the money moved through.
    static let account = FieldSetting(help: "The account the money moved through.", valueName: "account")
    /// The member who paid (or, for an income, received) the money.
    static let paidBy = FieldSetting(
        help: "The member who paid (an income: who received it).", valueName: "member", word: "paid-by",
        isScheduled: false)
    /// How an expense is shared among the members.
    static let split = FieldSetting(
        help: "How it is shared: member=weight,… (for one member: --for), or personal.", valueName: "weights",
        isScheduled: false)
    /// The parts of an expense that are one member's alone.
    static let parts = FieldSetting(
        help: "The parts that are one member's alone: amount=member,… (the rest is shared).", valueName: "parts",
        word: "part", isScheduled: false)
    /// The account a transfer's money left.
    static let from = FieldSetting(
        help: "The account the money left.", valueName: "account", isScheduled: false)
    /// The account a transfer's money went to.
    static let to = FieldSetting(
        help: "The account the money went to.", valueName: "account", isScheduled: false)
}
