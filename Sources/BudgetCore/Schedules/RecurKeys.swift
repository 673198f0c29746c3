/// Recurring records: whether changes record what is due first (`recur.auto`), each schedule
/// under its 8-digit ID (`recur.00000001`, whose value is the schedule's text), and the
/// schedules' ID counter (`recur.last-id`).
///
/// Schedules and the counter change only through the schedule operations
/// (`BudgetDocument.addSchedule` and the rest), never one key at a time.
public enum RecurKeys: SettingsDomain {
    /// The prefix of the domain's keys.
    public static let name = "recur"
    static let counterName = "last-id"

    /// Whether every change first records the occurrences due up to today.
    public static let auto = SettingKey<RecurKeys, Switch>(
        "auto", default: .on, "Whether every change first records what schedules have due up to today (on or off).")

    /// The schedule with an ID.
    public static func schedule(_ id: String) -> SettingKey<RecurKeys, Schedule?> {
        SettingKey(id, default: nil, "The schedule \(id).")
    }

    /// The highest schedule ID ever given.
    public static let counter = SettingKey<RecurKeys, ScheduleCounter>(
        counterName, default: ScheduleCounter(0), "The highest schedule ID given.")

    /// `auto`.
    public static let keys: [AnySettingKey] = [auto.erased]

    /// A schedule's key (an 8-digit ID from 00000001) or the counter's.
    public static func dynamicKey(named name: String) -> AnySettingKey? {
        if name == counterName { return counter.erased }
        guard let number = RecordID.number(fromStored: name), number > 0 else { return nil }
        return schedule(name).erased
    }

    /// Whether a stored key is one that only the schedule operations change.
    public static func isManaged(_ storedKey: String) -> Bool {
        guard let key = key(stored: storedKey) else { return false }
        return key.storedKey != auto.storedKey
    }
}

extension Settings where Domain == RecurKeys {
    /// Every schedule, by ID, in the order of their IDs (a stored value that is not a schedule,
    /// which the reader refuses, is left out).
    public var schedules: [ScheduleEntry] {
        let prefix = RecurKeys.name + "."
        var entries: [ScheduleEntry] = []
        for key in storage.storedKeys(prefixed: prefix) {
            guard let id = StoredKeyName.rest(of: key, after: prefix),
                  let number = RecordID.number(fromStored: id), number > 0,
                  let schedule = storage.value(forKey: key).flatMap(Schedule.init(stored:)) else { continue }
            entries.append(ScheduleEntry(id: id, schedule: schedule))
        }
        return entries.sorted { $0.id < $1.id }
    }
}
