extension ThreeWayMerge {
    /// A change made on both sides that the merge could not take both of: the merged budget
    /// keeps ours (or, for a record deleted on one side and edited on the other, the edited
    /// record), and this says what their side had.
    public struct Conflict: Hashable, Sendable {
        /// What the two sides changed.
        public enum Kind: Hashable, Sendable {
            /// One field of a record kept on both sides, changed to different values: ours kept.
            case field
            /// A record deleted on one side and edited on the other: the edited record kept.
            case deletedAndEdited
            /// A setting changed to different values (or set on one side, removed on the other):
            /// ours kept.
            case setting
            /// The rules (`rule.1`…`rule.n`, one list) changed differently on both sides: ours
            /// kept, with their rules that ours lacks appended.
            case rules
        }

        /// What the two sides changed.
        public var kind: Kind
        /// The record's kind; `nil` for settings and rules.
        public var recordKind: RecordKind?
        /// The record's ID, or the setting's stored key (`budget.limit.食費`, `rule` for the rules).
        public var id: String
        /// The field's key (`amount`) for a field conflict, else `nil`.
        public var field: String?
        /// Our value as display text: the field's value, the setting's text, the record's
        /// fields (`name=…, amount=…`); `nil` when ours deleted the record or removed the setting.
        public var ours: String?
        /// Their value, likewise.
        public var theirs: String?

        /// A conflict with these parts.
        public init(
            kind: Kind, recordKind: RecordKind? = nil, id: String, field: String? = nil, ours: String?,
            theirs: String?
        ) {
            self.kind = kind
            self.recordKind = recordKind
            self.id = id
            self.field = field
            self.ours = ours
            self.theirs = theirs
        }
    }

    /// A record added on their side whose ID ours had given too: it now has the next free ID.
    public struct Renumbering: Hashable, Sendable {
        /// The record's kind.
        public var kind: RecordKind
        /// The ID it had on their side.
        public var from: String
        /// The ID it has in the merged budget.
        public var to: String

        /// A renumbering of a record of `kind` from one ID to another.
        public init(kind: RecordKind, from: String, to: String) {
            self.kind = kind
            self.from = from
            self.to = to
        }
    }

    /// A record added on both sides for the same statement row or schedule occurrence (the
    /// same non-empty `source` or `schedule`): one record, ours, is kept, and their ID points to it.
    public struct Join: Hashable, Sendable {
        /// The records' kind.
        public var kind: RecordKind
        /// Their record's ID, which went away.
        public var from: String
        /// Our record's ID, kept.
        public var to: String
        /// The field that made them one (`source` or `schedule`).
        public var field: String

        /// A join of their record `from` into our record `to` by `field`.
        public init(kind: RecordKind, from: String, to: String, field: String) {
            self.kind = kind
            self.from = from
            self.to = to
            self.field = field
        }
    }

    /// A schedule added on their side whose ID ours had given too: it now has the next free
    /// schedule ID, and their records made by it carry that ID.
    public struct ScheduleRenumbering: Hashable, Sendable {
        /// The ID it had on their side.
        public var from: String
        /// The ID it has in the merged budget.
        public var to: String

        /// A renumbering of a schedule from one ID to another.
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }
}
