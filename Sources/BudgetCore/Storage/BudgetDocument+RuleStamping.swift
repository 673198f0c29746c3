extension BudgetDocument {
    /// In a device's replica, stamps what a change did to the rules: each rule keeps its ID
    /// (`SyncState.rules`) through moves and edits, so that its text and place are registers
    /// that merge; a rule added gets a new ID, a rule deleted leaves its text `nil`.
    func stampRules(since original: BudgetDocument, in change: inout Change) {
        let before = original[settings: RuleKeys.self].orderedRules
        let after = self[settings: RuleKeys.self].orderedRules
        guard before != after || change.state.rules.count != after.count else { return }
        var formerIDs = change.state.rules
        if formerIDs.count != before.count {
            // A file edited by hand: its rules are taken as new.
            let stamp = change.stamp()
            formerIDs = before.indices.map { "\(stamp)#old\($0)" }
        }
        var ids = [String?](repeating: nil, count: after.count)
        var used = Set<Int>()
        // The same rule at the same place, then the same rule anywhere (moved), then a rule
        // edited where it was (as many rules as before).
        for index in after.indices where index < before.count && before[index] == after[index] {
            ids[index] = formerIDs[index]
            used.insert(index)
        }
        for index in after.indices where ids[index] == nil {
            if let former = before.indices.first(where: { !used.contains($0) && before[$0] == after[index] }) {
                ids[index] = formerIDs[former]
                used.insert(former)
            }
        }
        if before.count == after.count {
            for index in after.indices where ids[index] == nil && !used.contains(index) {
                ids[index] = formerIDs[index]
                used.insert(index)
            }
        }
        let stamp = change.stamp()
        let newIDs = after.indices.map { index in ids[index] ?? "\(stamp)#\(index)" }
        var state = change.state
        for (index, id) in newIDs.enumerated() {
            let text = Self.text(of: .string(after[index].settingText))
            let key = RegisterKey.rule(id)
            if state.registers[key]?.value != text {
                state.registers[key, default: Register(text, stamp: .origin)].write(text, stamp: stamp)
            }
        }
        for (index, id) in formerIDs.enumerated() where !used.contains(index) {
            state.registers[RegisterKey.rule(id), default: Register(nil, stamp: .origin)].write(nil, stamp: stamp)
        }
        let keys = newIDs.map { PlaceKey.key(state.registers[RegisterKey.rulePlace($0)]?.value) }
        let placed = PlaceKey.placed(keys) ?? newIDs.indices.map { Double($0 + 1) }
        for (index, id) in newIDs.enumerated() where keys[index] != placed[index] {
            state.registers[RegisterKey.rulePlace(id)] = Register(PlaceKey.text(placed[index]), stamp: stamp)
        }
        state.rules = newIDs
        change.state = state
    }
}
