extension ReplicaFold {
    /// The rules of two replicas folded by their IDs: each rule's text and place are registers
    /// (a rule one replica has never seen is taken as the other holds it); the rules whose text
    /// is not `nil` are tried in the order of their places, then IDs.
    static func foldRules(
        _ own: BudgetDocument, _ other: BudgetDocument, _ mine: SyncState, _ theirs: SyncState,
        into registers: inout [String: Register]
    ) -> (rules: [Rule], ids: [String]) {
        var ids = Set(mine.rules).union(theirs.rules)
        for key in Array(mine.registers.keys) + Array(theirs.registers.keys) where key.hasPrefix("rule:") {
            let rest = key.dropFirst("rule:".count)
            if !rest.contains(":") { ids.insert(String(rest)) }
        }
        var live: [(key: Double, id: String, rule: Rule)] = []
        for id in ids.sorted() {
            func merged(_ key: String) -> Register? {
                switch (mine.registers[key], theirs.registers[key]) {
                case let (a?, b?): return a.merged(with: b, knows: mine.knows, otherKnows: theirs.knows)
                case let (a?, nil): return a
                case let (nil, b?): return b
                case (nil, nil): return nil
                }
            }
            let text = merged(RegisterKey.rule(id)), place = merged(RegisterKey.rulePlace(id))
            if let text { registers[RegisterKey.rule(id)] = text }
            if let place { registers[RegisterKey.rulePlace(id)] = place }
            guard let value = text?.value, let node = try? JSONReader.parse(Array(value.utf8)),
                  case .string(let ruleText) = node.value, let rule = try? Rule(settingText: ruleText) else { continue }
            live.append((PlaceKey.key(place?.value) ?? .infinity, id, rule))
        }
        live.sort { ($0.key, $0.id) < ($1.key, $1.id) }
        return (live.map(\.rule), live.map(\.id))
    }
}
