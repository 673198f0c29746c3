/// The fold of two replicas of one budget: a pure function, commutative, associative and
/// idempotent in what the budget shows (records, settings), whatever order replicas are folded
/// in and however often.
///
/// - Each field, setting and place is a `Register`: a change made knowing another replaces it;
///   changes made without knowing each other both stay, the later stamp's value shown and the
///   other listed as a conflict (`ReplicaConflicts`).
/// - A record deleted on one device stays deleted unless a version of one of its fields was
///   written without knowing the delete (an edit on another device, an undone delete): then it
///   stays, and an edit against a delete is listed. A deleted record's registers are kept, so
///   that the record such an edit keeps shows the same values in every order of folding.
/// - Records show in the order of their place keys (then IDs), numbered 1…n.
/// - Two live records holding one statement row, settlement or adjustment (`source`:
///   `DerivedSource`) or one schedule occurrence (`schedule`) become one: the lower ID stays,
///   the other is deleted and points to it.
public enum ReplicaFold {
    /// `own` with `other` folded in: `own`'s device, counters, clock (after `other`'s), history
    /// and record of replicas, and the budget both hold.
    ///
    /// - Throws: `SyncError.notAReplica` when either has no devices.
    public static func fold(_ own: BudgetDocument, with other: BudgetDocument) throws(SyncError) -> BudgetDocument {
        guard let mine = own.sync, let theirs = other.sync else { throw .notAReplica }
        if mine.knows.includes(theirs.knows) && theirs.knows.includes(mine.knows) && own.incomes == other.incomes
            && own.expenses == other.expenses && own.transfers == other.transfers
            && own.settingsValues == other.settingsValues {
            return own
        }
        var state = mine
        state.observe(theirs.knows)
        state.merged.merge(theirs.merged) { min($0, $1) }
        state.deleted = mine.deleted.merging(theirs.deleted) { $0.merged(with: $1) }
        var registers: [String: Register] = [:]
        var result = own
        result.incomes = fold(own.incomes, other.incomes, mine, theirs, into: &registers, state: &state)
        result.expenses = fold(own.expenses, other.expenses, mine, theirs, into: &registers, state: &state)
        result.transfers = fold(own.transfers, other.transfers, mine, theirs, into: &registers, state: &state)
        result.settingsValues = foldSettings(own.settingsValues, other.settingsValues, mine, theirs, into: &registers)
        let rules = foldRules(own, other, mine, theirs, into: &registers)
        result[settings: RuleKeys.self].replaceRules(rules.rules)
        state.rules = rules.ids
        state.registers = registers
        result.sync = state
        return result
    }

    // MARK: Records

    /// One kind's records folded.
    private static func fold<Record: BaseModel>(
        _ own: RecordTable<Record>, _ other: RecordTable<Record>, _ mine: SyncState, _ theirs: SyncState,
        into registers: inout [String: Register], state: inout SyncState
    ) -> RecordTable<Record> {
        let kind = Record.kind
        let prefix = kind.singular + ":"
        let mineByRecord = Self.registersByRecord(mine.registers, prefix: prefix)
        let theirsByRecord = Self.registersByRecord(theirs.registers, prefix: prefix)
        var otherRecords: [String: Record] = [:]
        otherRecords.reserveCapacity(other.count)
        for record in other.records { otherRecords[record.id] = record }
        var live: [Record] = []
        live.reserveCapacity(max(own.count, other.count))
        var placed: [String: Double] = [:]
        func store(_ id: String, _ merged: [String: Register]) {
            for (field, register) in merged where !(register.versions.count == 1 && register.latest.stamp.isOrigin) {
                registers[RegisterKey.field(kind, id, field)] = register
            }
        }
        func keep(_ record: Record, _ merged: [String: Register]) {
            store(record.id, merged)
            if let key = PlaceKey.key(merged[RegisterKey.placeField]?.value) { placed[record.id] = key }
            live.append(record)
        }
        var seen = Set<String>()
        seen.reserveCapacity(own.count)
        func settle(_ id: String, _ ownRecord: Record?, _ otherRecord: Record?) {
            let recordKey = RegisterKey.record(kind, id)
            let ownFields = mineByRecord[id] ?? [:], otherFields = theirsByRecord[id] ?? [:]
            let tombstone = state.deleted[recordKey]
            // The usual case: the same record, changed nowhere.
            if let ownRecord, let otherRecord, ownFields.isEmpty, otherFields.isEmpty, tombstone == nil,
               ownRecord == otherRecord || Record.schema.sameContent(ownRecord, otherRecord) {
                keep(ownRecord, [:])
                return
            }
            let merged: [String: Register]
            switch (ownRecord, otherRecord) {
            case (nil, nil) where tombstone == nil:
                return
            case (.some, nil) where mine.deleted[recordKey] == nil && theirs.deleted[recordKey] == nil:
                // Only one replica has seen it (added there): as it is.
                merged = ownFields
            case (nil, .some) where mine.deleted[recordKey] == nil && theirs.deleted[recordKey] == nil:
                merged = otherFields
            default:
                // A replica that deleted the record holds the registers it had then (the values
                // it deleted), so that a record an edit keeps shows the same values whichever
                // replicas are folded first.
                merged = mergeFields(
                    own: ownRecord.map { implicit($0, ownFields) } ?? ownFields,
                    other: otherRecord.map { implicit($0, otherFields) } ?? otherFields, mine.knows, theirs.knows)
            }
            // A delete wins over every version it knew of: the record stays deleted, its
            // registers kept.
            let base = ownRecord ?? otherRecord
            if let tombstone, base == nil || !merged.values.contains(where: { register in
                register.versions.contains { !tombstone.knew.contains($0.stamp) }
            }) {
                store(id, merged)
                return
            }
            guard let base else { return }
            keep(apply(merged, to: base), merged)
        }
        for record in own.records {
            seen.insert(record.id)
            settle(record.id, record, otherRecords[record.id])
        }
        for record in other.records where !seen.contains(record.id) {
            seen.insert(record.id)
            settle(record.id, nil, record)
        }
        // Records deleted in both replicas: their registers.
        for id in Set(mineByRecord.keys).union(theirsByRecord.keys).sorted() where !seen.contains(id) {
            settle(id, nil, nil)
        }
        live = removeDuplicates(live, state: &state, registers: &registers)
        // Shown in the order of place keys, then IDs.
        func key(_ record: Record) -> (Double, Int) {
            let number = RecordID.number(fromStored: record.id) ?? 0
            return (placed[record.id] ?? Double(number), number)
        }
        let keyed = live.map { (key($0), $0) }
        let ordered = zip(keyed, keyed.dropFirst()).allSatisfy { $0.0 < $1.0 }
            ? keyed : keyed.sorted { $0.0 < $1.0 }
        var records = ordered.map(\.1)
        for index in records.indices where records[index].order != index + 1 { records[index].order = index + 1 }
        let highest = records.lazy.compactMap { RecordID.number(fromStored: $0.id) }.max() ?? 0
        var table = RecordTable<Record>(lastID: max(own.lastID, other.lastID, highest), orderedRecords: records)
        if var ownIDs = own.ownIDs {
            // Never below an ID of the device's own block that a replica holds.
            let block = ownIDs.block
            ownIDs.last = max(ownIDs.last, records.lazy.compactMap { RecordID.number(fromStored: $0.id) }
                .filter { block.contains($0) }.max() ?? 0)
            table.ownIDs = ownIDs
        }
        return table
    }

    /// Each record's registers, by ID and then field, from `registers` keyed `<kind>:<id>:<field>`.
    private static func registersByRecord(
        _ registers: [String: Register], prefix: String
    ) -> [String: [String: Register]] {
        var result: [String: [String: Register]] = [:]
        for (key, register) in registers where key.hasPrefix(prefix) {
            let rest = key.dropFirst(prefix.count)
            guard let colon = rest.firstIndex(of: ":") else { continue }
            result[String(rest[..<colon]), default: [:]][String(rest[rest.index(after: colon)...])] = register
        }
        return result
    }

    /// A record's registers with the fields never changed filled in: the record's value, by `Stamp.origin`.
    private static func implicit<Record: BaseModel>(
        _ record: Record, _ stored: [String: Register]
    ) -> [String: Register] {
        var registers = stored
        for field in Record.schema.replicatedFields where registers[field.key] == nil {
            registers[field.key] = Register(field.json(record).map(BudgetDocument.text(of:)), stamp: .origin)
        }
        return registers
    }

    /// Two replicas' registers of one record, folded field by field (a replica without the
    /// record, which deleted it, holds the registers of the fields changed before).
    private static func mergeFields(
        own: [String: Register], other: [String: Register], _ knows: VersionVector, _ otherKnows: VersionVector
    ) -> [String: Register] {
        var result: [String: Register] = [:]
        for key in Set(own.keys).union(other.keys) {
            switch (own[key], other[key]) {
            case let (mine?, theirs?): result[key] = mine.merged(with: theirs, knows: knows, otherKnows: otherKnows)
            case let (mine?, nil): result[key] = mine.unseen(by: otherKnows)
            case let (nil, theirs?): result[key] = theirs.unseen(by: knows)
            case (nil, nil): break
            }
        }
        return result
    }

    /// The record with each field's register's value.
    static func apply<Record: BaseModel>(_ registers: [String: Register], to base: Record) -> Record {
        var changed = false
        var members: [(String, JSONValue)] = []
        guard case .object(let fields) = Record.schema.json(base) else { return base }
        var byKey: [String: JSONValue] = [:]
        for (key, value) in fields { byKey[key] = value }
        for field in Record.schema.replicatedFields {
            guard let register = registers[field.key] else { continue }
            let current = byKey[field.key].map(BudgetDocument.text(of:))
            guard register.value != current else { continue }
            changed = true
            if let text = register.value, let node = try? JSONReader.parse(Array(text.utf8)),
               let value = JSONValue(node) {
                byKey[field.key] = value
            } else {
                byKey[field.key] = nil
            }
        }
        guard changed else { return base }
        for (key, _) in fields where byKey[key] != nil { members.append((key, byKey[key] ?? .null)) }
        for (key, value) in byKey where !fields.contains(where: { $0.0 == key }) { members.append((key, value)) }
        let bytes = JSONSerializer(style: .encoderCompatible).serialize(.object(members))
        guard let node = try? JSONReader.parse(bytes), let record = try? Record.schema.decode(node, key: base.id) else {
            return base
        }
        return record
    }

    /// The live records without those that hold a statement row or schedule occurrence held by
    /// a record with a lower ID: each goes, deleted knowing what it held, and points to the one kept.
    private static func removeDuplicates<Record: BaseModel>(
        _ records: [Record], state: inout SyncState, registers: inout [String: Register]
    ) -> [Record] {
        let kind = Record.kind
        let marks = Record.schema.replicatedFields.filter { $0.key == "source" || $0.key == "schedule" }
        guard !marks.isEmpty else { return records }
        var holder: [String: (id: Int, index: Int)] = [:]
        var gone: [Int: Int] = [:]  // index → index kept
        for (index, record) in records.enumerated() {
            let number = RecordID.number(fromStored: record.id) ?? 0
            for field in marks {
                guard let value = field.json(record), value != .null, value != .string("") else { continue }
                let mark = field.key + "\u{0}" + BudgetDocument.text(of: value)
                if let first = holder[mark] {
                    if number < first.id {
                        gone[first.index] = index
                        holder[mark] = (number, index)
                    } else {
                        gone[index] = first.index
                    }
                } else {
                    holder[mark] = (number, index)
                }
            }
        }
        guard !gone.isEmpty else { return records }
        var kept: [Record] = []
        for (index, record) in records.enumerated() {
            guard var target = gone[index] else {
                kept.append(record)
                continue
            }
            while let next = gone[target], next != index { target = next }
            let prefix = RegisterKey.record(kind, record.id) + ":"
            var knew = VersionVector()
            for (key, register) in registers where key.hasPrefix(prefix) {
                for version in register.versions { knew.record(version.stamp) }
                registers[key] = nil
            }
            let recordKey = RegisterKey.record(kind, record.id)
            let deletion = Tombstone(stamp: knew.latest.values.max() ?? .origin, knew: knew)
            state.deleted[recordKey] = state.deleted[recordKey].map { $0.merged(with: deletion) } ?? deletion
            state.merged[recordKey] = RegisterKey.record(kind, records[target].id)
        }
        return kept
    }

    // MARK: Settings

    private static func foldSettings(
        _ own: SettingsValues, _ other: SettingsValues, _ mine: SyncState, _ theirs: SyncState,
        into registers: inout [String: Register]
    ) -> SettingsValues {
        let prefix = "setting:"
        var keys = Set(own.storedKeys).union(other.storedKeys)
        for key in Array(mine.registers.keys) + Array(theirs.registers.keys) where key.hasPrefix(prefix) {
            keys.insert(String(key.dropFirst(prefix.count)))
        }
        var result = own
        for key in keys.sorted() where !SyncState.isRuleSetting(key) {
            if SyncState.isLocalSetting(key) {
                let values = [own.value(forKey: key), other.value(forKey: key)].compactMap { value -> Int? in
                    if case .int(let number)? = value { return number }
                    return nil
                }
                if let highest = values.max() { result.setValue(.int(highest), forKey: key) }
                continue
            }
            let registerKey = RegisterKey.setting(key)
            func register(_ values: SettingsValues, _ state: SyncState) -> Register? {
                state.registers[registerKey]
                    ?? values.value(forKey: key).map {
                        Register(BudgetDocument.text(of: SettingsCatalog.encodeSetting($0)), stamp: .origin)
                    }
            }
            let merged: Register
            switch (register(own, mine), register(other, theirs)) {
            case let (a?, b?): merged = a.merged(with: b, knows: mine.knows, otherKnows: theirs.knows)
            case let (a?, nil): merged = a
            case let (nil, b?): merged = b
            case (nil, nil): continue
            }
            if !(merged.versions.count == 1 && merged.latest.stamp.isOrigin) { registers[registerKey] = merged }
            var value = merged.value.flatMap { text in
                (try? JSONReader.parse(Array(text.utf8))).flatMap(SettingsCatalog.decodeSetting)
            }
            if SettingsCatalog.isSchedule(key), merged.versions.count > 1,
               let schedule = ScheduleProgress.merged(merged.versions) {
                // What each device recorded of a schedule counts, whoever changed its definition.
                value = schedule.shown
            }
            if SettingsCatalog.isDeletedRows(key), merged.versions.count > 1 {
                // Rows deleted on two devices: each list is what its device deleted, so all stay deleted.
                value = deletedRowsUnion(merged.versions.map(\.value))
            }
            result.setValue(value, forKey: key)
        }
        return result
    }
}

extension ReplicaFold {
    /// The sources of deleted rows in any of the lists (each a setting's JSON text), each once,
    /// in order: one device's deletes and another's, made without knowing each other.
    static func deletedRowsUnion(_ texts: [String?]) -> StoredSetting? {
        var sources = Set<String>()
        for text in texts {
            guard let text, let node = try? JSONReader.parse(Array(text.utf8)), case .string(let list) = node.value
            else { continue }
            for source in list.split(separator: ";") { sources.insert(String(source)) }
        }
        return sources.isEmpty ? nil : .string(sources.sorted().joined(separator: ";"))
    }
}

extension Register {
    /// The versions that a replica knowing `knows` has not seen (`nil`: none): what survives of
    /// this register against a replica that no longer holds the value.
    func unseen(by knows: VersionVector) -> Register? {
        Register(versions: versions.filter { !knows.contains($0.stamp) })
    }
}
