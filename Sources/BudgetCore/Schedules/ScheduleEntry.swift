/// A schedule with its ID.
public struct ScheduleEntry: Hashable, Sendable {
    /// The 8-digit ID (`00000001`), from the schedules' own counter.
    public var id: String
    /// The schedule.
    public var schedule: Schedule

    /// A schedule with its ID.
    public init(id: String, schedule: Schedule) {
        self.id = id
        self.schedule = schedule
    }
}
