/// A change two devices made without knowing each other that the fold could not settle: one
/// field (or setting) set to different values, or a record edited on one device and deleted on
/// another. The value shown is the latest version's; the others are kept until settled.
public struct ReplicaConflict: Equatable, Sendable {
    /// What the conflict is about.
    public enum Subject: Equatable, Sendable {
        /// A record.
        case record(RecordKind, id: String)
        /// A setting, by stored key.
        case setting(String)
        /// A rule, by its ID (`SyncState.rules`), and its number now (`nil`: deleted).
        case rule(id: String, number: Int?)
    }

    /// One side: its value as the file holds it (`nil`: deleted or unset), and who wrote it when.
    public struct Version: Equatable, Sendable {
        /// The value's JSON text, `nil` for a delete or a setting removed.
        public var value: String?
        /// The device that wrote it.
        public var device: String
        /// The change that wrote it.
        public var stamp: Stamp
    }

    /// The record or setting.
    public var subject: Subject
    /// The record's field; `nil` for a setting, and for an edit against a delete.
    public var field: String?
    /// The versions, oldest first; the last is the one shown.
    public var versions: [Version]
}

extension ReplicaConflict {
    /// A version's value as a person reads it: text without quotes, an amount in the budget's
    /// currency, a list joined; `(deleted)` and `(edited, so kept)` for an edit against a
    /// delete; `(none)` for a value removed.
    public func text(of version: Version, money: MoneyFormat) -> String {
        if field == nil, case .record = subject { return version.value == nil ? "(deleted)" : "(edited, so kept)" }
        guard let value = version.value, let node = try? JSONReader.parse(Array(value.utf8)) else { return "(none)" }
        switch node.value {
        case .string(let text): return text
        case .number(let text):
            if field == "amount", let amount = Int(text) { return money.display(amount) }
            return text
        case .array(let items):
            return items.compactMap { item -> String? in
                guard case .string(let text) = item.value else { return nil }
                return text
            }.joined(separator: ", ")
        default:
            return value
        }
    }
}

/// Finds and settles `ReplicaConflict`s in a replica.
public enum ReplicaConflicts {
    /// Every conflict the replica holds, records first (by kind, ID and field), then settings.
    public static func list(in document: BudgetDocument) -> [ReplicaConflict] {
        guard let state = document.sync else { return [] }
        var result: [ReplicaConflict] = []
        for (key, register) in state.registers where !register.conflicts.isEmpty {
            let versions = register.versions.map {
                ReplicaConflict.Version(value: $0.value, device: $0.stamp.device, stamp: $0.stamp)
            }
            if key.hasPrefix("rule:") {
                let id = String(key.dropFirst("rule:".count))
                guard !id.contains(":") else { continue }
                let number = state.rules.firstIndex(of: id).map { $0 + 1 }
                result.append(ReplicaConflict(subject: .rule(id: id, number: number), field: nil, versions: versions))
                continue
            }
            if key.hasPrefix("setting:") {
                let setting = String(key.dropFirst(8))
                // Lists of deleted statement rows merge as sets (`ReplicaFold.deletedRowsUnion`);
                // a schedule's versions that differ in what they recorded only, by their progress.
                if SettingsCatalog.isDeletedRows(setting) { continue }
                if SettingsCatalog.isSchedule(setting),
                   ScheduleProgress.merged(register.versions)?.progressOnly == true {
                    continue
                }
                result.append(ReplicaConflict(subject: .setting(setting), field: nil, versions: versions))
                continue
            }
            let parts = key.split(separator: ":", maxSplits: 2).map(String.init)
            guard parts.count == 3, let kind = RecordKind(rawValue: parts[0]), !parts[2].hasPrefix("_") else {
                continue
            }
            // A deleted record's registers are kept, not its conflicts.
            guard document.contains(RecordReference(kind: kind, id: parts[1])) else { continue }
            result.append(ReplicaConflict(subject: .record(kind, id: parts[1]), field: parts[2], versions: versions))
        }
        result += editsAgainstDeletes(document, Income.self) + editsAgainstDeletes(document, Expense.self)
            + editsAgainstDeletes(document, Transfer.self)
        return result.sorted { order($0) < order($1) }
    }

    private static func order(_ conflict: ReplicaConflict) -> String {
        switch conflict.subject {
        case .record(let kind, let id): return "0\(kind.singular):\(id):\(conflict.field ?? "")"
        case .setting(let key): return "1\(key)"
        case .rule(let id, _): return "2\(id)"
        }
    }

    /// Live records a delete holds: kept by an edit the delete did not know of, unless an undone
    /// delete that knew every delete (and all they knew) brought them back.
    private static func editsAgainstDeletes<Record: BaseModel>(
        _ document: BudgetDocument, _ type: Record.Type
    ) -> [ReplicaConflict] {
        guard let state = document.sync else { return [] }
        let kind = Record.kind
        let prefix = kind.singular + ":"
        var result: [ReplicaConflict] = []
        for (key, tombstone) in state.deleted where key.hasPrefix(prefix) {
            let id = String(key.dropFirst(prefix.count))
            guard document[type].record(id: id) != nil else { continue }
            if let back = state.registers[RegisterKey.field(kind, id, RegisterKey.presenceField)],
               back.versions.contains(where: { version in
                   RegisterKey.presenceKnew(version.value).map { $0.includes(tombstone.knew) }
                       ?? (version.stamp > tombstone.stamp)
               }) {
                continue
            }
            let edits = state.registers.filter { $0.key.hasPrefix(key + ":") }.values
                .flatMap(\.versions).filter { !tombstone.knew.contains($0.stamp) }
            guard let edit = edits.max(by: { $0.stamp < $1.stamp }) else { continue }
            result.append(ReplicaConflict(
                subject: .record(kind, id: id), field: nil,
                versions: [
                    ReplicaConflict.Version(value: nil, device: tombstone.stamp.device, stamp: tombstone.stamp),
                    ReplicaConflict.Version(value: edit.value, device: edit.stamp.device, stamp: edit.stamp),
                ].sorted { $0.stamp < $1.stamp }))
        }
        return result
    }
}

extension ReplicaConflicts {
    /// How a conflict is settled.
    public enum Choice: Equatable, Sendable {
        /// The value a device wrote.
        case take(device: String)
        /// A value typed anew, by the field's (or setting's) input rules.
        case value(String)
    }

    /// Settles a conflict on every device: the value chosen is written by a change that knows
    /// every version, so each replica that folds this one in drops the others. An edit against a
    /// delete is settled by taking the deleting device (the record goes) or the editing one (it stays).
    ///
    /// - Throws: `SyncError.noSuchVersion` when no version is the device's; what editing the
    ///   record or setting the setting throws for a typed value; nothing changes then.
    public static func resolve(
        _ conflict: ReplicaConflict, by choice: Choice, in document: inout BudgetDocument, now: Int64
    ) throws {
        var draft = document
        switch conflict.subject {
        case .record(let kind, let id):
            guard let field = conflict.field else {
                guard case .take(let device) = choice else { throw SyncError.valueForDelete }
                guard let version = conflict.versions.last(where: { $0.device == device }) else {
                    throw SyncError.noSuchVersion(device: device, among: conflict.versions.map(\.device))
                }
                if version.value == nil {
                    switch kind {
                    case .income: _ = try draft.incomes.remove(ids: [id])
                    case .expense: _ = try draft.expenses.remove(ids: [id])
                    case .transfer: _ = try draft.transfers.remove(ids: [id])
                    }
                } else {
                    draft.writeRegister(RegisterKey.field(kind, id, RegisterKey.presenceField), "1", now: now)
                }
                document = draft
                return
            }
            let text: String?
            switch choice {
            case .take(let device):
                guard let version = conflict.versions.last(where: { $0.device == device }) else {
                    throw SyncError.noSuchVersion(device: device, among: conflict.versions.map(\.device))
                }
                text = version.value
                try draft.setField(field, of: kind, id: id, toJSON: text)
            case .value(let typed):
                guard let settable = SettableField.named(field), settable.applies(to: kind) else {
                    throw SyncError.notTypable(field)
                }
                var edit = try RecordEdit()
                // The amount is the edit's own: typed text in the budget's currency, its size.
                if settable.isAmount {
                    try edit.setAmount(try draft.moneyFormat.parse(typed))
                } else {
                    try edit.set(settable, typed: typed)
                }
                _ = try draft.edit([RecordReference(kind: kind, id: id)], with: edit)
                text = draft.fieldText(field, of: kind, id: id)
            }
            draft.writeRegister(RegisterKey.field(kind, id, field), text, now: now)
        case .rule(let id, _):
            let text: String?
            switch choice {
            case .take(let device):
                guard let version = conflict.versions.last(where: { $0.device == device }) else {
                    throw SyncError.noSuchVersion(device: device, among: conflict.versions.map(\.device))
                }
                text = version.value
            case .value(let typed):
                text = BudgetDocument.text(of: .string(try Rule(settingText: typed).settingText))
            }
            draft.writeRegister(RegisterKey.rule(id), text, now: now)
            draft.showRules()
        case .setting(let key):
            let text: String?
            switch choice {
            case .take(let device):
                guard let version = conflict.versions.last(where: { $0.device == device }) else {
                    throw SyncError.noSuchVersion(device: device, among: conflict.versions.map(\.device))
                }
                var taken = version.value
                // A schedule taken keeps what every device recorded of it.
                let versions = conflict.versions.map { Register.Version(value: $0.value, stamp: $0.stamp) }
                if SettingsCatalog.isSchedule(key), let index = conflict.versions.lastIndex(of: version),
                   let schedule = ScheduleProgress.merged(versions, definedBy: index) {
                    taken = BudgetDocument.text(of: SettingsCatalog.encodeSetting(schedule.shown))
                }
                text = taken
                let stored = taken.flatMap { text in
                    (try? JSONReader.parse(Array(text.utf8))).flatMap(SettingsCatalog.decodeSetting)
                }
                draft.settingsValues.setValue(stored, forKey: key)
            case .value(let typed):
                _ = try draft.setSetting(try SettingsCatalog.key(toSet: key), to: typed)
                text = draft.settingsValues.value(forKey: key).map {
                    BudgetDocument.text(of: SettingsCatalog.encodeSetting($0))
                }
            }
            draft.writeRegister(RegisterKey.setting(key), text, now: now)
        }
        document = draft
    }
}

extension BudgetDocument {
    /// Sets the rules to what their registers hold (after one was settled).
    fileprivate mutating func showRules() {
        guard let state = sync else { return }
        var rules: [Rule] = [], ids: [String] = []
        for id in state.rules + state.registers.keys.compactMap({ key -> String? in
            guard key.hasPrefix("rule:") else { return nil }
            let id = String(key.dropFirst("rule:".count))
            return id.contains(":") || state.rules.contains(id) ? nil : id
        }).sorted() {
            guard let value = state.registers[RegisterKey.rule(id)]?.value,
                  let node = try? JSONReader.parse(Array(value.utf8)), case .string(let text) = node.value,
                  let rule = try? Rule(settingText: text) else { continue }
            rules.append(rule)
            ids.append(id)
        }
        let keyed = zip(ids, rules).map { id, rule in
            (PlaceKey.key(state.registers[RegisterKey.rulePlace(id)]?.value) ?? .infinity, id, rule)
        }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        self[settings: RuleKeys.self].replaceRules(keyed.map(\.2))
        sync?.rules = keyed.map(\.1)
    }

    /// Writes a register by a change that knows every version of it.
    fileprivate mutating func writeRegister(_ key: String, _ value: String?, now: Int64) {
        guard var state = sync else { return }
        let stamp = state.stamp(now: now)
        state.registers[key] = Register(value, stamp: stamp)
        sync = state
    }

    /// A record field's value as a register holds it.
    fileprivate func fieldText(_ field: String, of kind: RecordKind, id: String) -> String? {
        func text<Record: BaseModel>(_ table: RecordTable<Record>) -> String? {
            guard let record = table.record(id: id),
                  let coder = Record.schema.fields.first(where: { $0.key == field }) else { return nil }
            return coder.json(record).map(BudgetDocument.text(of:))
        }
        switch kind {
        case .income: return text(incomes)
        case .expense: return text(expenses)
        case .transfer: return text(transfers)
        }
    }

    /// Sets a record's field to a register's value (its JSON text; `nil`: none).
    fileprivate mutating func setField(_ field: String, of kind: RecordKind, id: String, toJSON text: String?) throws {
        func set<Record: BaseModel>(_ table: inout RecordTable<Record>) throws {
            let record = try table.existingRecord(id: id)
            let changed = ReplicaFold.apply([field: Register(text, stamp: .origin)], to: record)
            try table.update(changed)
        }
        switch kind {
        case .income: try set(&incomes)
        case .expense: try set(&expenses)
        case .transfer: try set(&transfers)
        }
    }
}
