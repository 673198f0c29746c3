/// A statement row linked to a record already in the budget instead of added: a scheduled
/// occurrence or a record typed in, which no statement row accounted for yet (no `source`),
/// of the row's kind and amount, dated within `StatementImport.matchWindow` days of the row.
/// The record gains the row's source and keeps everything else (its name, category, date).
public struct StatementMatch: Equatable, Sendable {
    /// The row's line in the statement.
    public var line: Int
    /// The row's date.
    public var date: Day
    /// The row's name, as the statement gives it.
    public var name: String
    /// The record it was linked to.
    public var record: RecordReference
    /// The record's name.
    public var recordName: String
    /// How many records could have matched the row, and how many rows the record: more than
    /// one is a choice made by the nearest date, then the lowest ID (then the first row).
    public var rivals: Int

    /// A match.
    public init(line: Int, date: Day, name: String, record: RecordReference, recordName: String, rivals: Int) {
        self.line = line
        self.date = date
        self.name = name
        self.record = record
        self.recordName = recordName
        self.rivals = rivals
    }

    /// Whether another record or row could have been taken instead.
    public var wasChosen: Bool { rivals > 1 }
}
