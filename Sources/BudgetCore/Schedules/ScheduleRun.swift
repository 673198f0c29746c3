/// What recording a budget's due occurrences did (`BudgetDocument.recordDueOccurrences`), or
/// would do.
public struct ScheduleRun: Equatable, Sendable {
    /// One occurrence: recorded (or to be), or skipped as asked.
    public struct Item: Equatable, Sendable {
        /// The schedule's ID.
        public var scheduleID: String
        /// Income or expense.
        public var kind: RecordKind
        /// The ID of the record made; `nil` for a skipped occurrence or a dry run.
        public var recordID: String?
        /// The day the occurrence was due.
        public var due: Day
        /// The record's date: the due day moved off a weekend by the schedule's rule.
        public var day: Day
        /// The record's name.
        public var name: String
        /// The amount, in minor units.
        public var amount: Int
        /// Whether it was skipped (`recur skip`) rather than recorded.
        public var isSkipped: Bool
        /// Whether an imported record already there (`recordID`) was linked to it instead of a
        /// record made: the statement showed it first.
        public var isLinked = false
    }

    /// Every occurrence, by schedule ID, then due day.
    public var items: [Item] = []
    /// The IDs of schedules with more due than one run records (`limit`): running again
    /// records the rest.
    public var unfinished: [String] = []
    /// Why what was due could not be recorded before a change (`recordDueOccurrencesFirst`),
    /// if it could not.
    public var notRecorded: String?
    /// The limits the recorded expenses took over what their period has available
    /// (`BudgetDocument.limitWarnings(since:)`), as `add` warns of them.
    public var limitWarnings: [LimitWarning] = []

    /// The occurrences recorded (or to be).
    public var recorded: [Item] { items.filter { !$0.isSkipped } }
    /// An empty run.
    public init(items: [Item] = [], unfinished: [String] = []) {
        self.items = items
        self.unfinished = unfinished
    }

    /// Whether nothing was due.
    public var isEmpty: Bool { items.isEmpty }
}
