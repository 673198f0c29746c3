/// The optional texts most records leave empty (a note, the schedule that made it, a split, the
/// parts), kept out of line: one reference in each record instead of four optional strings, so
/// that a million records take 56 MB less and are read faster. A value like any other: set a
/// text and only this record's texts change.
struct RareTexts: Hashable, Sendable {
    /// The texts, never changed once made (a change makes new ones); `nil` when all are `nil`.
    private var storage: Storage?

    /// These texts.
    init(note: String? = nil, schedule: String? = nil, split: String? = nil, parts: String? = nil) {
        // Every record is made with them, most with none: no value is built then.
        guard note != nil || schedule != nil || split != nil || parts != nil else { return }
        storage = Storage(Texts(note: note, schedule: schedule, split: split, parts: parts))
    }

    var note: String? {
        get { storage?.texts.note }
        set { update { $0.note = newValue } }
    }

    var schedule: String? {
        get { storage?.texts.schedule }
        set { update { $0.schedule = newValue } }
    }

    var split: String? {
        get { storage?.texts.split }
        set { update { $0.split = newValue } }
    }

    var parts: String? {
        get { storage?.texts.parts }
        set { update { $0.parts = newValue } }
    }

    /// Whether the texts are the same bytes as `other`'s (the same storage, or texts alike).
    func isSpeltAlike(_ other: RareTexts) -> Bool {
        if storage === other.storage { return true }
        return Spelling.same(note, other.note) && Spelling.same(schedule, other.schedule)
            && Spelling.same(split, other.split) && Spelling.same(parts, other.parts)
    }

    private mutating func update(_ change: (inout Texts) -> Void) {
        var texts = storage?.texts ?? Texts()
        change(&texts)
        storage = texts.isEmpty ? nil : Storage(texts)
    }

    static func == (lhs: RareTexts, rhs: RareTexts) -> Bool {
        lhs.storage === rhs.storage || lhs.storage?.texts == rhs.storage?.texts
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(storage?.texts)
    }

    private struct Texts: Hashable, Sendable {
        var note: String?
        var schedule: String?
        var split: String?
        var parts: String?

        var isEmpty: Bool { note == nil && schedule == nil && split == nil && parts == nil }
    }

    private final class Storage: Sendable {
        let texts: Texts

        init(_ texts: Texts) {
            self.texts = texts
        }
    }
}

extension RareTexts: CustomReflectable {
    /// The texts that are set, by name (`note`), as if each were a stored property of the record.
    var customMirror: Mirror {
        let texts = [("note", note), ("schedule", schedule), ("split", split), ("parts", parts)]
        return Mirror(self, children: texts.compactMap { name, text in text.map { (label: name, value: $0) } })
    }
}
