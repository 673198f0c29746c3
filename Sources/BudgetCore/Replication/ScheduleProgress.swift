/// How two devices' versions of one schedule merge. What a schedule has recorded (the day it
/// recorded through, the day it covered through, the days it skips) is progress that only grows
/// on each device: the schedule shown is the latest version's definition with the furthest
/// progress of all, and versions that differ in progress only are no conflict (both devices
/// recorded what was due).
enum ScheduleProgress {
    /// The schedule shown for these versions (each its setting's JSON text), and whether the
    /// versions differ in progress only; `nil` when a version is not a schedule (one deleted).
    static func merged(_ versions: [Register.Version]) -> (shown: StoredSetting, progressOnly: Bool)? {
        merged(versions, definedBy: versions.count - 1)
    }

    /// The version at `index` (its definition) with the furthest progress of all the versions.
    static func merged(
        _ versions: [Register.Version], definedBy index: Int
    ) -> (shown: StoredSetting, progressOnly: Bool)? {
        var schedules: [Schedule] = []
        for version in versions {
            guard let text = version.value, let node = try? JSONReader.parse(Array(text.utf8)),
                  case .string(let setting) = node.value, let schedule = try? Schedule(settingText: setting) else {
                return nil
            }
            schedules.append(schedule)
        }
        guard schedules.indices.contains(index) else { return nil }
        let latest = schedules[index]
        let through = schedules.compactMap(\.recordedThrough).max()
        let covered = schedules.compactMap(\.coveredThrough).max()
        let skipped = Array(Set(schedules.flatMap(\.skipped))).sorted()
        func withProgress(_ schedule: Schedule) -> Schedule {
            var schedule = schedule
            schedule.recordedThrough = through
            schedule.coveredThrough = covered
            schedule.skipped = skipped
            return schedule
        }
        let shown = withProgress(latest)
        return (.string(shown.settingText), schedules.allSatisfy { withProgress($0) == shown })
    }
}
