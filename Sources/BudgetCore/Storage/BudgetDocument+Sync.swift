extension BudgetDocument {
    /// Makes this document a device's replica with `state`: each table hands out the device's
    /// own IDs from then on, counted by the table (`RecordTable.ownIDs`, which the writer writes
    /// back as the state's counters).
    ///
    /// - Parameter highestByBlock: each table's highest ID in each block, when the reader knows
    ///   them (it may not keep the records); else the tables' records are looked through.
    /// - Throws: `DocumentInvalidity` when a record of the device's block is above the device's
    ///   counter (its ID could be given out again).
    mutating func takeSync(
        _ state: SyncState, highestByBlock: [RecordKind: [Int]]? = nil
    ) throws(DocumentInvalidity) {
        let block = state.block.ids
        var state = state
        func own<Record: BaseModel>(_ table: inout RecordTable<Record>) throws(DocumentInvalidity) {
            let last = state.counters.removeValue(forKey: Record.kind.singular) ?? (block.lowerBound - 1)
            let highest: Int
            if let known = highestByBlock?[Record.kind], known.indices.contains(state.block.index) {
                highest = known[state.block.index]
            } else {
                highest = table.records.lazy.compactMap { RecordID.number(fromStored: $0.id) }
                    .filter { block.contains($0) }.max() ?? 0
            }
            guard highest <= last else {
                throw DocumentInvalidity(
                    "the device's \(Record.kind.singular) counter is below an id it handed out; ids would be reused")
            }
            table.ownIDs = RecordTable.OwnIDs(last: last, block: block)
        }
        try own(&incomes)
        try own(&expenses)
        try own(&transfers)
        sync = state
    }

    /// Takes `former`'s own IDs (a device's) for tables rebuilt from elsewhere (a restore),
    /// raised to the highest ID of the device's block they hold.
    mutating func keepOwnIDs(of former: BudgetDocument) {
        func keep<Record: BaseModel>(_ table: inout RecordTable<Record>, _ old: RecordTable<Record>) {
            guard var own = old.ownIDs else { return }
            let highest = table.records.lazy.compactMap { RecordID.number(fromStored: $0.id) }
                .filter { own.block.contains($0) }.max() ?? own.last
            own.last = max(own.last, highest)
            table.ownIDs = own
        }
        keep(&incomes, former.incomes)
        keep(&expenses, former.expenses)
        keep(&transfers, former.transfers)
    }

    /// After an undo in a device's replica: the fields whose latest change is another device's
    /// keep their values (`current`'s), for undo reverts this device's change, not theirs.
    mutating func keepOtherDevicesChanges(over current: BudgetDocument) {
        guard let state = sync else { return }
        func keep<Record: BaseModel>(_ table: inout RecordTable<Record>, _ now: RecordTable<Record>) {
            guard table.records != now.records else { return }
            var currentByID: [String: Record] = [:]
            for record in now.records { currentByID[record.id] = record }
            for index in table.records.indices {
                guard let present = currentByID[table.records[index].id], present != table.records[index] else {
                    continue
                }
                let fields = Record.schema.replicatedFields
                for field in fields where field.json(present) != field.json(table.records[index]) {
                    let key = RegisterKey.field(Record.kind, present.id, field.key)
                    guard let latest = state.registers[key]?.latest.stamp, !latest.isOrigin,
                          latest.device != state.device else { continue }
                    field.copy(present, &table.records[index])
                }
            }
        }
        keep(&incomes, current.incomes)
        keep(&expenses, current.expenses)
        keep(&transfers, current.transfers)
    }

    /// The replica's state as the file holds it: with each kind's counter from its table.
    var syncAsWritten: SyncState? {
        guard var state = sync else { return nil }
        if let own = incomes.ownIDs { state.counters[RecordKind.income.singular] = own.last }
        if let own = expenses.ownIDs { state.counters[RecordKind.expense.singular] = own.last }
        // A device that never recorded a transfer writes no counter for them: replicas written
        // before transfers existed stay byte for byte.
        if let own = transfers.ownIDs, own.last >= own.block.lowerBound {
            state.counters[RecordKind.transfer.singular] = own.last
        }
        return state
    }

    /// Makes this document (a file without devices) the replica of a device, changing nothing
    /// else: its records keep their IDs and orders, the history stays. The device hands out
    /// IDs of `block` from there on (block 0 goes on from the counters written before).
    ///
    /// - Throws: `SyncError.blockUsedUp` when a counter is beyond the block.
    public mutating func becomeReplica(device: String, key: String, block: IDBlock) throws(SyncError) {
        let start = block.ids.lowerBound - 1
        var last = 0
        if case .int(let value)? = settingsValues.value(forKey: "recur.last-id") { last = value }
        var counters = [
            RecordKind.income.singular: block.index == 0 ? incomes.lastID : start,
            RecordKind.expense.singular: block.index == 0 ? expenses.lastID : start,
            SyncState.scheduleCounter: block.index == 0 ? last : start,
        ]
        if hasTransfers { counters[RecordKind.transfer.singular] = block.index == 0 ? transfers.lastID : start }
        if let used = counters.first(where: { $0.value > block.ids.upperBound }) { throw .blockUsedUp(used.key) }
        var state = SyncState(device: device, key: key, block: block, counters: counters, budget: sync?.budget ?? key)
        state.knows = sync?.knows ?? VersionVector()
        state.clock = sync?.clock
        if let former = sync {
            state.registers = former.registers
            state.deleted = former.deleted
            state.merged = former.merged
            state.rules = former.rules
        } else {
            // The rules written before: each an ID, and its text and place as every replica has them.
            for (index, rule) in self[settings: RuleKeys.self].orderedRules.enumerated() {
                let id = "r\(index + 1)"
                state.rules.append(id)
                let text = Self.text(of: .string(rule.settingText))
                state.registers[RegisterKey.rule(id)] = Register(text, stamp: .origin)
                state.registers[RegisterKey.rulePlace(id)] = Register(PlaceKey.text(Double(index + 1)), stamp: .origin)
            }
        }
        do {
            try takeSync(state)
        } catch {
            throw .blockUsedUp(error.reason)
        }
        if let clock = state.clock { sync?.clock = Stamp(wall: clock.wall, counter: clock.counter, device: device) }
        // Records moved before they became replicas keep their places: each gets its place's key.
        placeKeysForCurrentOrder(Income.self)
        placeKeysForCurrentOrder(Expense.self)
    }

    /// Gives every record of a kind a place key equal to its order, unless the table is in ID
    /// order (then every record's key is its ID, with nothing written).
    private mutating func placeKeysForCurrentOrder<Record: BaseModel>(_ type: Record.Type) {
        let ids = self[type].records.map { RecordID.number(fromStored: $0.id) ?? 0 }
        guard zip(ids, ids.dropFirst()).contains(where: { $0 >= $1 }) else { return }
        for record in self[type].records {
            let key = RegisterKey.field(Record.kind, record.id, RegisterKey.placeField)
            sync?.registers[key] = Register(PlaceKey.text(Double(record.order)), stamp: .origin)
        }
    }
}
