import Synchronization

/// A schedule as a setting's value (`recur.00000001`): one line of text, `key=value` parts
/// joined by `;` in a fixed order, each optional part only when it is not the default:
///
/// ```
/// kind=expense;name=家賃;amount=80000;category=住居;every=1 month;on=25;from=2026-01-25;weekend=before;through=2026-11-25
/// kind=income;name=給料;amount=300000;tag=work;every=1 month;on=last;from=2026-01-31;paused
/// ```
///
/// The parts: `kind`, `name`, `amount` (minor units), `category`, one `tag=` per tag in their
/// sorted order, `note`, then any other field the records get (`FieldSetting.isScheduled`),
/// named by its key, in the order of the kinds' schemas, `every=<n> <unit>`, `on=` (a day of
/// the month, `last`, or a weekday), `from`, `until` or `count`, `weekend`, `paused`, `through`
/// (the last due day recorded or skipped), `covered` (see `Schedule.coveredThrough`) and one
/// `skip=` per day skipped ahead. Values escape `%` and `;` as `%25` and `%3B`. A text that
/// reads as a schedule but is written otherwise is refused, so each schedule has exactly one
/// text.
extension Schedule: PlainSettingValue {
    /// What values look like.
    public static let valueDescription =
        "a schedule's text (kind=, " + templateFields.map { $0.word + "=, " }.joined()
        + "every=, on=, from=, until= or count=, weekend=, paused, through=, covered=, skip=, "
        + "in that order, joined by ';')"

    /// The fields a schedule's records take from it besides the name, amount, category, tags
    /// and note (declared since, `FieldSetting.isScheduled`), in order: outputs show them after
    /// the note.
    public static var otherFields: [SettableField] { Array(templateFields.dropFirst(firstFieldCount)) }

    /// How many of `templateFields` earlier versions wrote.
    private static var firstFieldCount: Int {
        templateFields.prefix { ["name", "amount", "category", "tags", "note"].contains($0.key) }.count
    }

    /// The fields a schedule's records take from it, in the order of its text: those earlier
    /// versions wrote, in their order, then the others in the order of the kinds' schemas.
    static let templateFields: [SettableField] = {
        let scheduled = SettableField.all.filter(\.setting.isScheduled)
        let first = ["name", "amount", "category", "tags", "note"].compactMap { key in
            scheduled.first { $0.key == key }
        }
        return first + scheduled.filter { field in !first.contains { $0.key == field.key } }
    }()

    /// Reads a schedule's text.
    public init(settingText text: String) throws(ValueError) {
        guard let schedule = Self.decode(text) else { throw .invalidSetting(text, expected: Self.valueDescription) }
        self = schedule
    }

    /// Reads a stored string that is exactly a valid schedule's text.
    public init?(stored: StoredSetting) {
        guard case .string(let text) = stored, let schedule = Self.decode(text) else { return nil }
        self = schedule
    }

    /// The schedule's text.
    public var settingText: String {
        var parts = ["kind=" + kind.rawValue]
        for field in Self.templateFields {
            for text in values[field.key]?.parts ?? [] { parts.append(SettingText.part(field.word, text)) }
        }
        parts.append("every=\(recurrence.interval) \(recurrence.unit.rawValue)")
        if let anchor = recurrence.anchor { parts.append("on=" + Self.text(of: anchor)) }
        parts.append("from=" + recurrence.start.iso)
        if let end = recurrence.end { parts.append("until=" + end.iso) }
        if let count = recurrence.count { parts.append("count=" + String(count)) }
        if recurrence.weekend != .keep { parts.append("weekend=" + recurrence.weekend.rawValue) }
        if isPaused { parts.append("paused") }
        if let recordedThrough { parts.append("through=" + recordedThrough.iso) }
        if let coveredThrough { parts.append("covered=" + coveredThrough.iso) }
        for day in skipped { parts.append("skip=" + day.iso) }
        return parts.joined(separator: ";")
    }

    /// The text, as a JSON string.
    public var stored: StoredSetting? { .string(settingText) }

    /// `25`, `last` or `friday`, as `--on` takes it.
    public static func text(of anchor: Recurrence.Anchor) -> String {
        switch anchor {
        case .dayOfMonth(let day): return String(day)
        case .lastDayOfMonth: return "last"
        case .weekday(let weekday): return weekday.name
        }
    }

    // MARK: Reading

    private static func decode(_ text: String) -> Schedule? {
        if let known = decoded.withLock({ $0[text] }) { return known }
        let schedule = parse(text)
        decoded.withLock { cache in
            if cache.count >= decodedLimit { cache.removeAll() }
            cache[text] = schedule
        }
        return schedule
    }

    /// Texts read before, with what they read as: a change reads each schedule's text several
    /// times (the file, the check before writing, what is due), and reading one takes longer
    /// than looking it up. Reading depends on the text alone.
    private static let decoded = Mutex<[String: Schedule?]>([:])
    /// How many texts `decoded` keeps (a budget holds a few dozen schedules).
    private static let decodedLimit = 4096

    private static func parse(_ text: String) -> Schedule? {
        guard let parts = SettingText.parts(of: text) else { return nil }
        var values: [String: String] = [:]
        var lists: [String: [String]] = [:], skipped: [Day] = []
        let listWords = Set(templateFields.filter(\.isList).map(\.word))
        var isPaused = false
        for part in parts {
            switch (part.key, part.value) {
            case ("paused", nil): isPaused = true
            case (let key, let value?) where listWords.contains(key): lists[key, default: []].append(value)
            case ("skip", let value?):
                guard let day = Day(iso: value) else { return nil }
                skipped.append(day)
            case (let key, let value?) where values[key] == nil: values[key] = value
            default: return nil
            }
        }
        guard let kindText = values.removeValue(forKey: "kind"), let kind = RecordKind(rawValue: kindText),
              let every = values.removeValue(forKey: "every"), let (interval, unit) = Self.interval(every),
              let fromText = values.removeValue(forKey: "from"), let start = Day(iso: fromText) else { return nil }
        var record = RecordValues()
        for field in templateFields where field.applies(to: kind) {
            let given = field.isList
                ? lists.removeValue(forKey: field.word) : values.removeValue(forKey: field.word).map { [$0] }
            guard let given else { continue }
            guard let value = try? field.value(parts: given) else { return nil }
            record[field.key] = value
        }
        guard lists.isEmpty else { return nil }
        var anchor: Recurrence.Anchor?
        if let on = values.removeValue(forKey: "on") {
            guard let read = Self.anchor(on) else { return nil }
            anchor = read
        }
        var end: Day?, count: Int?, through: Day?, covered: Day?
        var weekend = WeekendRule.keep
        if let text = values.removeValue(forKey: "until") {
            guard let day = Day(iso: text) else { return nil }
            end = day
        }
        if let text = values.removeValue(forKey: "count") {
            guard let number = Int(text) else { return nil }
            count = number
        }
        if let text = values.removeValue(forKey: "weekend") {
            guard let rule = WeekendRule(rawValue: text) else { return nil }
            weekend = rule
        }
        if let text = values.removeValue(forKey: "through") {
            guard let day = Day(iso: text) else { return nil }
            through = day
        }
        if let text = values.removeValue(forKey: "covered") {
            guard let day = Day(iso: text) else { return nil }
            covered = day
        }
        guard values.isEmpty,
              let recurrence = try? Recurrence(
                  every: interval, unit, on: anchor, from: start, until: end, count: count, weekend: weekend),
              let schedule = try? Schedule(
                  kind: kind, values: record, recurrence: recurrence, isPaused: isPaused, recordedThrough: through,
                  skipped: skipped, coveredThrough: covered),
              schedule.settingText == text else { return nil }
        return schedule
    }

    /// `2 week` → (2, .week).
    private static func interval(_ text: String) -> (Int, Recurrence.Unit)? {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 2, let interval = Int(words[0]),
              let unit = Recurrence.Unit(rawValue: String(words[1])) else { return nil }
        return (interval, unit)
    }

    /// `25`, `last` or a weekday's name.
    static func anchor(_ text: String) -> Recurrence.Anchor? {
        if text == "last" { return .lastDayOfMonth }
        if let day = Int(text), String(day) == text { return .dayOfMonth(day) }
        return Weekday(text: text).map(Recurrence.Anchor.weekday)
    }
}
