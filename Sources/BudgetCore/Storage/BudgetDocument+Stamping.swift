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
        if original.settingsValues != settingsValues {
            stampRules(since: original, in: &change)
            let keys = Set(original.settingsValues.storedKeys + settingsValues.storedKeys)
            for key in keys.sorted() where !SyncState.isLocalSetting(key) && !SyncState.isRuleSetting(key) {
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

    /// Stamps one table's changes.
    private static func stamp<Record: BaseModel>(
        _ before: RecordTable<Record>, _ after: RecordTable<Record>, in change: inout Change
    ) {
        guard before.records != after.records else { return }
        let kind = Record.kind
        var old: [String: Record] = [:]
        old.reserveCapacity(before.count)
        for record in before.records { old[record.id] = record }
        let schema = Record.schema
        for record in after.records {
            guard let former = old.removeValue(forKey: record.id) else {
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
                        change.state.registers[key] = Register(field.json(record).map(text(of:)), stamp: change.stamp())
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
        for id in old.keys.sorted() {
            let key = RegisterKey.record(kind, id)
            let deletion = Tombstone(stamp: change.stamp(), knew: change.state.knows)
            change.state.deleted[key] = change.state.deleted[key].map { $0.merged(with: deletion) } ?? deletion
            // Its registers stay, all known to the delete: a version another device holds that
            // the delete did not know brings the record back (there, and here when folded in),
            // with these values where nothing later was written.
        }
        stampPlaces(after, in: &change)
    }

    /// Gives a place key to each record whose place its key no longer gives: the records
    /// outside the longest run of rising keys (the one moved, the one added below another's
    /// key), each between its neighbours.
    private static func stampPlaces<Record: BaseModel>(
        _ table: RecordTable<Record>, in change: inout Change
    ) {
        let kind = Record.kind
        let keys = table.records.map { change.state.placeKey(kind, $0.id) }
        guard zip(keys, keys.dropFirst()).contains(where: { $0 >= $1 }) else { return }
        let rising = longestRisingRun(keys)
        var newKeys = keys
        var index = 0
        while index < keys.count {
            guard !rising.contains(index) else {
                index += 1
                continue
            }
            // A gap of records outside the run, between two kept keys (or an end).
            var end = index
            while end < keys.count && !rising.contains(end) { end += 1 }
            let low = index > 0 ? newKeys[index - 1] : (end < keys.count ? keys[end] - Double(end - index + 1) : 0)
            let high = end < keys.count ? keys[end] : low + Double(end - index + 1)
            let step = (high - low) / Double(end - index + 1)
            for position in index..<end { newKeys[position] = low + step * Double(position - index + 1) }
            index = end
        }
        // Keys so close that halving no longer separates them: number every record afresh.
        if zip(newKeys, newKeys.dropFirst()).contains(where: { $0 >= $1 }) {
            newKeys = table.records.indices.map { Double($0 + 1) }
        }
        for (position, record) in table.records.enumerated() where newKeys[position] != keys[position] {
            change.state.registers[RegisterKey.field(kind, record.id, RegisterKey.placeField)] =
                Register(PlaceKey.text(newKeys[position]), stamp: change.stamp())
        }
    }

    /// The positions of a longest strictly rising run of values (a longest increasing
    /// subsequence, O(n log n)).
    static func longestRisingRun(_ values: [Double]) -> Set<Int> {
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run = Set<Int>()
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            run.insert(cursor)
            cursor = previous[cursor]
        }
        return run
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
