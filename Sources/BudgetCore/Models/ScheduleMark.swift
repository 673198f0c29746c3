/// What a record made by a schedule remembers of it (the record's `schedule` field): the
/// schedule's ID and the occurrence's due day, written `00000001@2026-11-25`.
public struct ScheduleMark: Hashable, Sendable, CustomStringConvertible {
    /// The schedule's 8-digit ID.
    public var id: String
    /// The day the occurrence was due (the record's date may be moved off a weekend).
    public var due: Day

    /// A mark for an occurrence.
    public init(id: String, due: Day) {
        self.id = id
        self.due = due
    }

    /// Reads `00000001@2026-11-25`; `nil` for any other text.
    public init?(_ text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = RecordID.number(fromStored: String(parts[0])), number > 0,
              let due = Day(iso: String(parts[1])) else { return nil }
        self.id = String(parts[0])
        self.due = due
    }

    /// `00000001@2026-11-25`.
    public var description: String { id + "@" + due.iso }
}
