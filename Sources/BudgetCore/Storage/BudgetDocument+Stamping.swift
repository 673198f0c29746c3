extension BudgetDocument {
    /// In a device's replica, stamps what changed since `original` (the document as the change
    /// found it): each field set, each record added after records with higher place keys or
    /// moved, each record deleted or brought back, each setting set or removed. One change, one
    /// stamp. Called by the store before it writes; an undo is stamped like any change, so it
    /// reaches the other devices as one.
    ///
    /// - Parameter now: the wall clock, milliseconds since 1970.
    mutating func stampChanges(since original: BudgetDocument, now: Int64) {
        // Becoming a replica is no change to stamp: the budget is as it was.
        guard let state = sync, original.sync?.device == state.device else { return }
        var change = Change(state: state, now: now)
        Self.stamp(original.incomes, incomes, in: &change)
        Self.stamp(original.expenses, expenses, in: &change)
        Self.stamp(original.transfers, transfers, in: &change)
        if original.settingsValues != settingsValues {
            stampRules(since: original, in: &change)
            let keys = Set(original.settingsValues.storedKeys + settingsValues.storedKeys)
            let changing = TextOrder.sorted(Array(keys)).filter {
                !SyncState.isLocalSetting($0) && !SyncState.isRuleSetting($0)
            }
            for key in changing {
                let old = original.settingsValues.value(forKey: key), new = settingsValues.value(forKey: key)
                guard old != new else { continue }
                let text = new.map { Self.text(of: SettingsCatalog.encodeSetting($0)) }
                let stamp = change.stamp()
                change.state.registers[RegisterKey.setting(key), default: Register(text, stamp: .origin)]
                    .write(text, stamp: stamp)
            }
        }
        sync = change.state
    }

    /// A change being stamped: the replica's state, and the one stamp the change takes, made
    /// when first needed.
    struct Change {
        var state: SyncState
        let now: Int64
        var made: Stamp?

        mutating func stamp() -> Stamp {
            if let made { return made }
            let next = state.stamp(now: now)
            made = next
            return next
        }
    }

    /// A value's text in a register: the JSON the file holds it as, on one line.
    static func text(of value: JSONValue) -> String {
        String(decoding: JSONSerializer(style: .encoderCompatible).serialize(.compact(value)), as: UTF8.self)
    }

    /// Stamps one table's changes. Records alike at both ends are passed over first (compared
    /// as the history compares them), so a change to one record costs one pass of comparisons.
    private static func stamp<Record: BaseModel>(
        _ before: RecordTable<Record>, _ after: RecordTable<Record>, in change: inout Change
    ) {
        let old = before.records, new = after.records
        let schema = Record.schema
        let (start, endOld, endNew) = schema.changedRuns(from: old, to: new)
        if start == endOld && start == endNew { return }
        let kind = Record.kind
        var formerByID: [String: Record] = [:]
        for record in old[start..<endOld] { formerByID[record.id] = record }
        for record in new[start..<endNew] {
            guard let former = formerByID.removeValue(forKey: record.id) else {
                // An addition takes the change's stamp, so other devices know this one has gone on
                // (a restored copy of an older replica is then found out), but writes nothing.
                _ = change.stamp()
                // Added, or brought back (an undone delete): a delete it had is overruled.
                let id = RegisterKey.record(kind, record.id)
                if change.state.deleted[id] != nil {
                    let stamp = change.stamp()
                    change.state.registers[RegisterKey.field(kind, record.id, RegisterKey.presenceField)] =
                        Register(RegisterKey.presenceText(change.state.knows), stamp: stamp)
                    // Its fields as they are now, each a version the delete did not know.
                    for field in schema.replicatedFields {
                        let key = RegisterKey.field(kind, record.id, field.key)
                        change.state.registers[key] = Register(field.json(record).map(text(of:)), stamp: stamp)
                    }
                }
                continue
            }
            guard !schema.sameContent(former, record) else { continue }
            for field in schema.replicatedFields {
                let was = field.json(former), now = field.json(record)
                guard was != now else { continue }
                let key = RegisterKey.field(kind, record.id, field.key)
                let text = now.map(text(of:))
                let stamp = change.stamp()
                change.state.registers[key, default: Register(was.map(text(of:)), stamp: .origin)]
                    .write(text, stamp: stamp)
            }
        }
        // What is left was deleted.
        for id in formerByID.keys.sorted() {
            let key = RegisterKey.record(kind, id)
            let deletion = Tombstone(stamp: change.stamp(), knew: change.state.knows)
            change.state.deleted[key] = change.state.deleted[key].map { $0.merged(with: deletion) } ?? deletion
            // Its registers stay, all known to the delete: a version another device holds that
            // the delete did not know brings the record back (there, and here when folded in),
            // with these values where nothing later was written.
        }
        stampPlaces(new, changed: start..<endNew, in: &change)
    }

    /// Gives a place key to each record of the changed range whose place its key no longer
    /// gives (the one moved, the one added below another's key), between its neighbours'; the
    /// records around the range keep theirs. When keys no longer separate, every record is
    /// numbered afresh.
    private static func stampPlaces<Record: BaseModel>(
        _ records: RecordList<Record>, changed range: Range<Int>, in change: inout Change
    ) {
        let kind = Record.kind
        let keys = records[range].map { change.state.placeKey(kind, $0.id) }
        let low = range.lowerBound > 0 ? change.state.placeKey(kind, records[range.lowerBound - 1].id) : nil
        let high = range.upperBound < records.count ? change.state.placeKey(kind, records[range.upperBound].id) : nil
        let bounded = [low].compactMap { $0 } + keys + [high].compactMap { $0 }
        guard zip(bounded, bounded.dropFirst()).contains(where: { $0 >= $1 }) else { return }
        if let placed = PlaceKey.placed(keys, low: low, high: high) {
            for (offset, index) in range.enumerated() where placed[offset] != keys[offset] {
                change.state.registers[RegisterKey.field(kind, records[index].id, RegisterKey.placeField)] =
                    Register(PlaceKey.text(placed[offset]), stamp: change.stamp())
            }
            return
        }
        for (index, record) in records.enumerated() where change.state.placeKey(kind, record.id) != Double(index + 1) {
            change.state.registers[RegisterKey.field(kind, record.id, RegisterKey.placeField)] =
                Register(PlaceKey.text(Double(index + 1)), stamp: change.stamp())
        }
    }
}

extension RecordSchema {
    /// The fields replicas merge one by one: all but the ID (the record's identity) and the
    /// order (from the place keys).
    var replicatedFields: [RecordField<Record>] { fields.filter { $0.key != "id" && $0.key != "order" } }
}

extension SyncState {
    /// A record's place key: its register's, else its ID.
    func placeKey(_ kind: RecordKind, _ id: String) -> Double {
        PlaceKey.key(registers[RegisterKey.field(kind, id, RegisterKey.placeField)]?.value)
            ?? Double(RecordID.number(fromStored: id) ?? 0)
    }

    /// Settings that each replica keeps for itself: the schedules' ID counter (each device
    /// hands out its own block's).
    static func isLocalSetting(_ key: String) -> Bool { key == "recur.last-id" }

    /// Whether a stored key is a rule's (`rule.3`): rules merge by their IDs (`rules`), not by number.
    static func isRuleSetting(_ key: String) -> Bool { key.hasPrefix(RuleKeys.name + ".") }
}
