/// The `sync` member of a replica's data file: `SyncState` as JSON, keys sorted, every stamp as
/// its text, and the reader that refuses anything else.
enum SyncCodec {
    /// The member's value.
    static func encode(_ state: SyncState) -> JSONValue {
        func vector(_ vector: VersionVector) -> JSONValue {
            .string(vector.latest.values.sorted { $0.device < $1.device }.map(\.description).joined(separator: " "))
        }
        var members: [(String, JSONValue)] = [("block", .int(state.block.index))]
        if !state.budget.isEmpty { members.append(("budget", .string(state.budget))) }
        if let clock = state.clock { members.append(("clock", .string(clock.description))) }
        members.append(("counters", .object(state.counters.sorted { $0.key < $1.key }.map {
            ($0.key, .string(RecordID.string(for: $0.value)))
        })))
        if !state.deleted.isEmpty {
            members.append(("deleted", .object(state.deleted.sorted { $0.key < $1.key }.map {
                ($0.key, .compact(.array([.string($0.value.stamp.description), vector($0.value.knew)])))
            })))
        }
        members.append(("device", .string(state.device)))
        members.append(("key", .string(state.key)))
        members.append(("knows", vector(state.knows)))
        if !state.merged.isEmpty {
            let merged = state.merged.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }
            members.append(("merged", .object(merged)))
        }
        if !state.rules.isEmpty { members.append(("rules", .compact(.array(state.rules.map(JSONValue.string))))) }
        if !state.registers.isEmpty {
            members.append(("registers", .object(state.registers.sorted { $0.key < $1.key }.map { key, register in
                (key, .compact(.array(register.versions.map { version in
                    .array([version.value.map(JSONValue.string) ?? .null, .string(version.stamp.description)])
                })))
            })))
        }
        if !state.replicas.isEmpty {
            members.append(("replicas", .object(state.replicas.sorted { $0.key < $1.key }.map { device, seen in
                var fields: [(String, JSONValue)] = []
                if let clock = seen.clock { fields.append(("clock", .string(clock.description))) }
                fields += [
                    ("block", .int(seen.block)), ("drift", .int(Int(seen.drift))),
                    ("file", .string(seen.file)), ("folded", .string(seen.folded)),
                    ("local", .int(Int(seen.localWall))),
                    ("modified", .int(Int(seen.modified))), ("size", .int(seen.size)),
                ]
                return (device, .compact(.object(fields)))
            })))
        }
        return .object(members)
    }

    /// Whether a register's key is a record's presence (`RegisterKey.presenceField`).
    private static func isPresence(_ key: String) -> Bool {
        key.hasSuffix(":" + RegisterKey.presenceField)
    }

    /// Whether a value's strings hold no control character but tabs and line breaks, and no
    /// bidirectional control.
    private static func isPlainText(_ node: JSONNode) -> Bool {
        switch node.value {
        case .string(let text): return (try? FieldRules.checkNote(text)) != nil
        case .array(let items): return items.allSatisfy(isPlainText)
        case .object(let members): return members.allSatisfy { isPlainText($0.node) }
        default: return true
        }
    }

    /// A name of a file beside the data file: no `/`, no control or bidirectional character.
    private static func isFileName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && name != "." && name != ".." && (try? FieldRules.checkNote(name)) != nil
            && !name.contains("\n") && !name.contains("\t")
    }

    /// Reads the member.
    ///
    /// - Throws: `DataFileProblem` at the first value that is not what `encode` writes.
    static func decode(_ node: JSONNode) throws(DataFileProblem) -> SyncState {
        func problem(_ node: JSONNode, _ what: String) -> DataFileProblem {
            DataFileProblem(offset: node.offset, "\"sync\": \(what)")
        }
        func object(_ node: JSONNode, _ what: String) throws(DataFileProblem) -> [JSONMember] {
            guard case .object(let members) = node.value else { throw problem(node, "\(what) must be an object") }
            return members
        }
        func string(_ node: JSONNode, _ what: String) throws(DataFileProblem) -> String {
            guard case .string(let text) = node.value else { throw problem(node, "\(what) must be a string") }
            return text
        }
        func integer(_ node: JSONNode, _ what: String) throws(DataFileProblem) -> Int {
            guard case .number(let text) = node.value, let number = Int(text), number >= 0 else {
                throw problem(node, "\(what) must be a whole number")
            }
            return number
        }
        func signed(_ node: JSONNode) throws(DataFileProblem) -> Int64 {
            guard case .number(let text) = node.value, let number = Int64(text) else {
                throw problem(node, "a replica's drift must be a whole number")
            }
            return number
        }
        func stamp(_ node: JSONNode, _ what: String) throws(DataFileProblem) -> Stamp {
            guard let stamp = Stamp(text: try string(node, what)),
                  stamp.isOrigin || (try? DeviceName.validated(stamp.device)) != nil else {
                throw problem(node, "\(what) is not a stamp")
            }
            return stamp
        }
        func vector(_ node: JSONNode, _ what: String) throws(DataFileProblem) -> VersionVector {
            let text = try string(node, what)
            var stamps: [Stamp] = []
            for part in text.split(separator: " ", omittingEmptySubsequences: false) where !text.isEmpty {
                guard let stamp = Stamp(text: String(part)),
                      !stamps.contains(where: { $0.device == stamp.device }) else {
                    throw problem(node, "\(what) is not a list of stamps, one per device")
                }
                stamps.append(stamp)
            }
            return VersionVector(stamps)
        }
        var fields: [String: JSONNode] = [:]
        for member in try object(node, "the value") { fields[member.key] = member.node }
        let known: Set = [
            "block", "budget", "clock", "counters", "deleted", "device", "key", "knows", "merged", "registers",
            "replicas", "rules",
        ]
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw problem(node, "unknown member \"\(unknown)\"")
        }
        func required(_ key: String) throws(DataFileProblem) -> JSONNode {
            guard let value = fields[key] else { throw problem(node, "\"\(key)\" is missing") }
            return value
        }
        let blockNode = try required("block")
        guard let block = IDBlock(index: try integer(blockNode, "\"block\"")) else {
            throw problem(blockNode, "\"block\" must be 0 to \(IDBlock.count - 1)")
        }
        let deviceNode = try required("device")
        let device = try string(deviceNode, "\"device\"")
        guard (try? DeviceName.validated(device)) != nil else {
            throw problem(deviceNode, "\"device\" is not a device name")
        }
        var counters: [String: Int] = [:]
        for member in try object(try required("counters"), "\"counters\"") {
            let text = try string(member.node, "a counter")
            guard let number = RecordID.number(fromStored: text),
                  number == block.ids.lowerBound - 1 || block.ids.contains(number) else {
                throw problem(member.node, "counter \"\(member.key)\" is not an ID of the device's block")
            }
            counters[member.key] = number
        }
        let key = try string(try required("key"), "\"key\"")
        var state = SyncState(device: device, key: key, block: block, counters: counters)
        if let clock = fields["clock"] { state.clock = try stamp(clock, "\"clock\"") }
        if let budget = fields["budget"] { state.budget = try string(budget, "\"budget\"") }
        state.knows = try vector(try required("knows"), "\"knows\"")
        if let deleted = fields["deleted"] {
            for member in try object(deleted, "\"deleted\"") {
                guard case .array(let parts) = member.node.value, parts.count == 2 else {
                    throw problem(member.node, "a delete must be [stamp, what it knew]")
                }
                state.deleted[member.key] = Tombstone(
                    stamp: try stamp(parts[0], "a delete"), knew: try vector(parts[1], "a delete"))
            }
        }
        if let merged = fields["merged"] {
            for member in try object(merged, "\"merged\"") {
                state.merged[member.key] = try string(member.node, "a merge")
            }
        }
        if let rules = fields["rules"] {
            guard case .array(let items) = rules.value else { throw problem(rules, "\"rules\" must be a list") }
            for item in items {
                let id = try string(item, "a rule's id")
                guard !id.isEmpty, !id.contains(":"), !state.rules.contains(id) else {
                    throw problem(item, "a rule's id must be distinct text without ':'")
                }
                state.rules.append(id)
            }
        }
        if let registers = fields["registers"] {
            for member in try object(registers, "\"registers\"") {
                guard case .array(let items) = member.node.value else {
                    throw problem(member.node, "a register must be a list of versions")
                }
                var versions: [Register.Version] = []
                for item in items {
                    guard case .array(let parts) = item.value, parts.count == 2 else {
                        throw problem(item, "a version must be [value, stamp]")
                    }
                    let value: String?
                    switch parts[0].value {
                    case .null: value = nil
                    case .string(let text):
                        // JSON as a file holds a value, whose text a note's rules allow; a presence
                        // register holds what the undone delete knew (`RegisterKey.presenceText`).
                        guard isPresence(member.key) && RegisterKey.presenceKnew(text) != nil
                            || (try? JSONReader.parse(Array(text.utf8))).map(isPlainText) == true else {
                            throw problem(parts[0], "a version's value must be a record's or setting's JSON")
                        }
                        value = text
                    default: throw problem(parts[0], "a version's value must be a string or null")
                    }
                    versions.append(Register.Version(value: value, stamp: try stamp(parts[1], "a version")))
                }
                guard let register = Register(versions: versions) else {
                    throw problem(member.node, "a register needs versions with distinct stamps")
                }
                state.registers[member.key] = register
            }
        }
        if let replicas = fields["replicas"] {
            for member in try object(replicas, "\"replicas\"") {
                let named = member.key.hasPrefix("?") ? String(member.key.dropFirst()) : member.key
                guard member.key.hasPrefix("?") ? isFileName(named) : (try? DeviceName.validated(named)) != nil else {
                    throw problem(member.node, "a replica must be named by its device")
                }
                var parts: [String: JSONNode] = [:]
                for field in try object(member.node, "a replica") { parts[field.key] = field.node }
                func part(_ key: String) throws(DataFileProblem) -> JSONNode {
                    guard let value = parts[key] else { throw problem(member.node, "a replica needs \"\(key)\"") }
                    return value
                }
                let file = try string(try part("file"), "a replica's file")
                guard isFileName(file) else { throw problem(member.node, "a replica's file must be a file's name") }
                state.replicas[member.key] = ReplicaSeen(
                    file: file,
                    size: try integer(try part("size"), "a replica's size"),
                    modified: Int64(try integer(try part("modified"), "a replica's time")),
                    folded: try string(try part("folded"), "a replica's time"),
                    clock: try parts["clock"].map { node throws(DataFileProblem) in
                        try stamp(node, "a replica's clock")
                    },
                    localWall: Int64(try integer(try part("local"), "a replica's time")),
                    block: try integer(try part("block"), "a replica's block"), drift: try signed(try part("drift")))
            }
        }
        return state
    }
}
