import TestSupport
import XCTest
@testable import BudgetCore

/// The property test of issue #28: three devices change one budget offline, each with a clock
/// of its own (ahead or behind by minutes), and fold each other's replicas in random pairs and
/// orders. Once every replica has folded every other, they all show the same budget, a valid
/// one, and no change was lost: each write is the value shown, or was overwritten by a change
/// made knowing it, or is listed as a conflict, or its record was deleted by a delete that knew it.
final class ReplicaFoldPropertyTests: XCTestCase {
    private static let day = Day(iso: "2026-11-01")!

    // MARK: The world

    /// A change seen by the oracle: a record's field or a setting written (`key` as the
    /// registers are keyed, `value` the JSON text, `nil` for a setting removed), or a record
    /// deleted (`deletes`: `<kind>:<id>`).
    struct Event {
        let id: Int
        let device: String
        let key: String
        let value: String?
        /// The register's version: the change's stamp, `origin` for a field as added.
        let stamp: Stamp
        let deletes: String?
        /// The events the device had seen when it made this one.
        let seen: Set<Int>
        let step: Int
    }

    final class Replica {
        let name: String
        var document: BudgetDocument
        /// How far the device's clock is off, in milliseconds.
        let offset: Int64
        /// The events this replica holds, its own and folded in.
        var seen: Set<Int> = []

        init(name: String, document: BudgetDocument, offset: Int64) {
            self.name = name
            self.document = document
            self.offset = offset
        }
    }

    struct World {
        var replicas: [Replica]
        var rng: SeededGenerator
        var time: Int64 = 1_795_000_000_000
        var events: [Event] = []
        var writesByKey: [String: [Int]] = [:]
        var deletesByRecord: [String: [Int]] = [:]
        var writesByRecord: [String: [Int]] = [:]
        var step = 0
        var log: [String] = []
    }

    // MARK: The test

    func testThreeDevices_RandomChangesAndFolds_EndTheSameWithNoLostWrite() throws {
        continueAfterFailure = false
        let rounds = PropertyDepth.rounds(deep: 2_000, fast: 60)
        for seed in 0..<rounds {
            try runSequence(seed: UInt64(seed))
            if (testRun?.failureCount ?? 0) > 0 { break }
        }
    }

    private func runSequence(seed: UInt64) throws {
        var world = try household(seed: seed)
        let steps = Int.random(in: 10...40, using: &world.rng)
        for _ in 0..<steps {
            world.step += 1
            if Int.random(in: 0..<10, using: &world.rng) < 3 {
                let x = Int.random(in: 0..<3, using: &world.rng)
                var y = Int.random(in: 0..<2, using: &world.rng)
                if y >= x { y += 1 }
                try fold(&world, x, y, seed: seed)
            } else {
                let device = Int.random(in: 0..<3, using: &world.rng)
                randomChange(&world, device)
            }
        }
        let before = world.replicas.map(\.document)
        // Every replica folds every other, twice: then all have seen all.
        for _ in 0..<2 {
            for x in 0..<3 {
                for y in 0..<3 where x != y { try fold(&world, x, y, seed: seed) }
            }
        }
        try checkFinal(world, before: before, seed: seed)
    }

    /// Devices a, b and c: `a` made the replica, `b` and `c` joined from a copy; clocks off by
    /// up to five minutes either way.
    private func household(seed: UInt64) throws -> World {
        var rng = SeededGenerator(seed: 0x5EED_0000 &+ seed)
        var start = BudgetDocument()
        try start.addExpense(name: "家賃", amount: 80_000, category: "住居", date: Self.day)
        try start.addIncome(name: "給与", amount: 300_000, date: Self.day)
        _ = try start.setLimit(50_000, for: "食費")
        try start.becomeReplica(device: "a", key: "ka", block: XCTUnwrap(IDBlock(index: 0)))
        var replicas = [Replica(name: "a", document: start, offset: Int64.random(in: -300_000...300_000, using: &rng))]
        for (index, name) in ["b", "c"].enumerated() {
            var joined = start
            try joined.becomeReplica(device: name, key: "k" + name, block: XCTUnwrap(IDBlock(index: index + 1)))
            replicas.append(
                Replica(name: name, document: joined, offset: Int64.random(in: -300_000...300_000, using: &rng)))
        }
        return World(replicas: replicas, rng: rng)
    }

    private func fold(_ world: inout World, _ x: Int, _ y: Int, seed: UInt64) throws {
        let own = world.replicas[x], other = world.replicas[y]
        own.document = try ReplicaFold.fold(own.document, with: other.document)
        own.seen.formUnion(other.seen)
        world.log.append("\(world.step): \(own.name) folds \(other.name)")
        XCTAssertNoThrow(try own.document.validate(), "seed \(seed): the fold is no valid budget\n\(trace(world))")
        checkNoLostWrite(world, own, seed: seed)
    }

    private func trace(_ world: World) -> String { world.log.suffix(60).joined(separator: "\n") }

    // MARK: Changes

    private static let names = ["スーパー", "ドラッグストア", "電気", "Coffee", "本"]
    private static let categories = ["食費", "住居", "日用品", "光熱費", "Food"]
    private static let tags = ["家族", "仕事", "旅行"]
    private static let notes = ["11月分", "領収書あり", ""]
    private static let sources = ["card:2026-11-02:ｾﾌﾞﾝ:540", "card:2026-11-03:ﾛｰｿﾝ:320", "bank:2026-11-04:ATM:1000"]

    private func randomChange(_ world: inout World, _ index: Int) {
        let replica = world.replicas[index]
        let document = replica.document
        var rng = world.rng
        defer { world.rng = rng }
        func pick<C: RandomAccessCollection>(_ values: C) -> C.Element where C.Index == Int {
            values[Int.random(in: 0..<values.count, using: &rng)]
        }
        let expenses = document.expenses.records, incomes = document.incomes.records
        let references = expenses.map { RecordReference(kind: .expense, id: $0.id) }
            + incomes.map { RecordReference(kind: .income, id: $0.id) }
        let operation = Int.random(in: 0..<22, using: &rng)
        var description = "\(world.step): \(replica.name) "
        let body: (inout BudgetDocument) throws -> Void
        switch operation {
        case 0, 1:
            let name = pick(Self.names), amount = Int.random(in: 1...9_999, using: &rng)
            let category = pick(Self.categories)
            description += "adds expense \(name) \(amount) \(category)"
            body = { try $0.addExpense(name: name, amount: amount, category: category, date: Self.day) }
        case 2:
            let amount = Int.random(in: 1...99_999, using: &rng)
            description += "adds income \(amount)"
            body = { try $0.addIncome(name: "副業", amount: amount, date: Self.day) }
        case 3:
            // A statement row imported (the same row may be imported on two devices).
            let source = pick(Self.sources)
            guard !expenses.contains(where: { $0.source == source }) else { return }
            description += "imports \(source)"
            body = { document in
                _ = try document.expenses.add { id in
                    Expense(id: id, name: "ｶｰﾄﾞ", amount: 540, category: "食費", date: Self.day, source: source)
                }
            }
        case 4, 5, 6, 7:
            guard !references.isEmpty else { return }
            let reference = pick(references)
            var edit: RecordEdit
            do {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    edit = try RecordEdit()
                    try edit.setAmount(Int.random(in: 1...9_999, using: &rng))
                case 1: edit = try RecordEdit(name: pick(Self.names))
                case 2: edit = try RecordEdit(note: pick(Self.notes))
                default:
                    guard reference.kind == .expense else { return }
                    edit = try RecordEdit(category: pick(Self.categories))
                }
            } catch {
                return
            }
            description += "edits \(reference.kind.singular) \(reference.id): \(edit)"
            body = { _ = try $0.edit([reference], with: edit) }
        case 8, 9:
            guard !references.isEmpty else { return }
            let reference = pick(references)
            description += "deletes \(reference.kind.singular) \(reference.id)"
            body = { document in
                switch reference.kind {
                case .expense: _ = try document.expenses.remove(ids: [reference.id])
                case .income: _ = try document.incomes.remove(ids: [reference.id])
                case .transfer: _ = try document.transfers.remove(ids: [reference.id])
                }
            }
        case 10:
            guard !expenses.isEmpty else { return }
            let id = pick(expenses).id, position = Int.random(in: 1...expenses.count, using: &rng)
            description += "moves expense \(id) to \(position)"
            body = { try $0.expenses.move(id: id, to: position) }
        case 11:
            guard !references.isEmpty else { return }
            let reference = pick(references), tag = pick(Self.tags), adding = Bool.random(using: &rng)
            description += "\(adding ? "tags" : "untags") \(reference.kind.singular) \(reference.id) \(tag)"
            body = { document in
                var edit = try RecordEdit()
                if adding { try edit.changeTags(add: [tag]) } else { try edit.changeTags(remove: [tag]) }
                _ = try document.edit([reference], with: edit)
            }
        case 12:
            let categories = document.categoryNames
            guard !categories.isEmpty else { return }
            let from = pick(categories), to = pick(Self.categories)
            description += "renames category \(from) to \(to)"
            body = { _ = try $0.renameCategory(from, to: to) }
        case 13:
            let category = pick(Self.categories), amount = Int.random(in: 1...99_999, using: &rng)
            description += "sets limit \(category) \(amount)"
            body = { _ = try $0.setLimit(amount, for: category) }
        case 14:
            let category = pick(Self.categories)
            description += "removes limit \(category)"
            body = { _ = try $0.removeLimit(for: category) }
        case 15:
            let pattern = pick(Self.names), category = pick(Self.categories)
            let count = document.rules.rules.count
            let position = Int.random(in: 1...count + 1, using: &rng)
            description += "adds rule \(pattern)→\(category) at \(position)"
            body = { _ = try $0.addRule(Rule(pattern: pattern, category: category), at: position) }
        case 16:
            let count = document.rules.rules.count
            guard count > 0 else { return }
            let number = Int.random(in: 1...count, using: &rng), position = Int.random(in: 1...count, using: &rng)
            if Bool.random(using: &rng) {
                description += "deletes rule \(number)"
                body = { _ = try $0.deleteRule(number: number) }
            } else {
                description += "moves rule \(number) to \(position)"
                body = { _ = try $0.moveRule(number: number, to: position) }
            }
        case 17:
            let name = pick(Self.names), amount = Int.random(in: 1...9_999, using: &rng)
            let dayOfMonth = Int.random(in: 1...28, using: &rng)
            description += "adds schedule \(name) \(amount) on \(dayOfMonth)"
            body = { document in
                let recurrence = try Recurrence(.month, on: .dayOfMonth(dayOfMonth), from: Day(iso: "2026-09-01")!)
                _ = try document.addSchedule(
                    Schedule(kind: .expense, name: name, amount: amount, category: "光熱費", recurrence: recurrence))
            }
        case 18:
            let schedules = document.schedules
            guard !schedules.isEmpty else { return }
            let entry = pick(schedules)
            if Bool.random(using: &rng) {
                description += "deletes schedule \(entry.id)"
                body = { _ = try $0.deleteSchedule(id: entry.id) }
            } else {
                let amount = Int.random(in: 1...9_999, using: &rng)
                description += "edits schedule \(entry.id) amount \(amount)"
                body = { document in
                    let edited = try entry.schedule.setting("amount", to: .amount(amount))
                    _ = try document.editSchedule(id: entry.id, to: edited)
                }
            }
        case 19:
            let through = Day(iso: pick(["2026-09-30", "2026-10-31", "2026-11-30"]))!
            description += "records due occurrences through \(through.iso)"
            body = { _ = try $0.recordDueOccurrences(through: through) }
        default:
            description += "undoes"
            body = { _ = try $0.undoLastChange() }
        }
        if change(&world, index, body) { world.log.append(description) }
    }

    /// Runs a change as a store's transaction does (recorded, stamped, validated) and records
    /// its events; `false` when it was refused.
    private func change(_ world: inout World, _ index: Int, _ body: (inout BudgetDocument) throws -> Void) -> Bool {
        let replica = world.replicas[index]
        let original = replica.document
        var draft = original
        do {
            try body(&draft)
        } catch {
            return false
        }
        world.time += Int64.random(in: 1...120_000, using: &world.rng)
        draft.finishChange(since: original, now: world.time + replica.offset)
        do {
            try draft.validate(since: original)
            try draft.checkTotals(since: original)
        } catch {
            return false
        }
        replica.document = draft
        var made: [(key: String, value: String?, deletes: String?)] = []
        diff(original.incomes, draft.incomes, into: &made)
        diff(original.expenses, draft.expenses, into: &made)
        let keys = Set(original.settingsValues.storedKeys + draft.settingsValues.storedKeys)
        for key in keys.sorted() where !SyncState.isLocalSetting(key) && !SyncState.isRuleSetting(key) {
            let old = original.settingsValues.value(forKey: key), new = draft.settingsValues.value(forKey: key)
            guard old != new else { continue }
            made.append((RegisterKey.setting(key), Self.settingText(new), nil))
        }
        // Rules are written by their IDs: each rule's text this change wrote.
        if let clock = draft.sync?.clock {
            for (key, register) in draft.sync?.registers ?? [:]
            where key.hasPrefix("rule:") && !key.dropFirst(5).contains(":") && register.latest.stamp == clock
                && original.sync?.registers[key] != register {
                made.append((key, register.value, nil))
            }
        }
        let seen = replica.seen
        for event in made {
            let id = world.events.count
            let stamp = event.deletes == nil
                ? draft.sync?.registers[event.key]?.latest.stamp ?? .origin
                : draft.sync?.deleted[event.key]?.stamp ?? .origin
            world.events.append(Event(
                id: id, device: replica.name, key: event.key, value: event.value, stamp: stamp,
                deletes: event.deletes, seen: seen, step: world.step))
            if let record = event.deletes {
                world.deletesByRecord[record, default: []].append(id)
            } else {
                world.writesByKey[event.key, default: []].append(id)
                if let record = recordKey(of: event.key) { world.writesByRecord[record, default: []].append(id) }
            }
            replica.seen.insert(id)
        }
        return true
    }

    /// Whether `shown` is the schedule `written` with as much recorded or more (what devices
    /// recorded of a schedule merges by its progress, `ScheduleProgress`).
    private static func scheduleProgressed(from written: String?, to shown: String?) -> Bool {
        func schedule(_ text: String?) -> Schedule? {
            guard let text, let node = try? JSONReader.parse(Array(text.utf8)), case .string(let value) = node.value
            else { return nil }
            return try? Schedule(settingText: value)
        }
        guard let before = schedule(written), let after = schedule(shown) else { return false }
        func definition(_ schedule: Schedule) -> Schedule {
            var schedule = schedule
            schedule.recordedThrough = nil
            schedule.coveredThrough = nil
            schedule.skipped = []
            return schedule
        }
        return definition(before) == definition(after)
            && (after.recordedThrough ?? .epoch) >= (before.recordedThrough ?? .epoch)
            && (after.coveredThrough ?? .epoch) >= (before.coveredThrough ?? .epoch)
            && Set(before.skipped).isSubset(of: after.skipped)
    }

    private static func settingText(_ value: StoredSetting?) -> String? {
        value.map { BudgetDocument.text(of: SettingsCatalog.encodeSetting($0)) }
    }

    private static func fieldText<Record: BaseModel>(_ field: RecordField<Record>, _ record: Record) -> String? {
        field.json(record).map(BudgetDocument.text(of:))
    }

    /// Each field written (every field of a record added or brought back) and each record deleted.
    private func diff<Record: BaseModel>(
        _ before: RecordTable<Record>, _ after: RecordTable<Record>,
        into made: inout [(key: String, value: String?, deletes: String?)]
    ) {
        let kind = Record.kind
        var old: [String: Record] = [:]
        for record in before.records { old[record.id] = record }
        for record in after.records {
            let former = old.removeValue(forKey: record.id)
            for field in Record.schema.replicatedFields {
                let value = Self.fieldText(field, record)
                if let former, Self.fieldText(field, former) == value { continue }
                made.append((RegisterKey.field(kind, record.id, field.key), value, nil))
            }
        }
        for id in old.keys.sorted() {
            let record = RegisterKey.record(kind, id)
            made.append((record, nil, record))
        }
    }

    // MARK: The oracle

    /// A version listed in a conflict.
    private struct Listed: Hashable {
        let key: String
        let stamp: Stamp
        let value: String?
    }

    /// Every event the replica has seen is accounted for in it: a write is the value shown, or
    /// overwritten by a write the replica holds that knew it, or listed as a conflict, or its
    /// record is gone by a delete that knew it (or folded into its duplicate); a delete's
    /// record is gone, or listed as edited against the delete, or brought back knowingly.
    ///
    /// Checked after every fold, so "seen" is exact: a replica that took in an event through a
    /// fold held it (or what knowingly replaced it) from then on.
    private func checkNoLostWrite(_ world: World, _ replica: Replica, seed: UInt64) {
        let document = replica.document
        let conflicts = ReplicaConflicts.list(in: document)
        var listed = Set<Listed>()
        var editedAgainstDelete = Set<String>()
        for conflict in conflicts {
            switch conflict.subject {
            case .record(let kind, let id):
                guard let field = conflict.field else {
                    editedAgainstDelete.insert(RegisterKey.record(kind, id))
                    continue
                }
                for version in conflict.versions {
                    let key = RegisterKey.field(kind, id, field)
                    listed.insert(Listed(key: key, stamp: version.stamp, value: version.value))
                }
            case .setting(let key):
                for version in conflict.versions {
                    listed.insert(Listed(key: RegisterKey.setting(key), stamp: version.stamp, value: version.value))
                }
            case .rule(let id, _):
                for version in conflict.versions {
                    listed.insert(Listed(key: RegisterKey.rule(id), stamp: version.stamp, value: version.value))
                }
            }
        }
        let merged = document.sync?.merged ?? [:]
        for id in replica.seen.sorted() {
            let event = world.events[id]
            if let record = event.deletes {
                if !isLive(document, recordKey: record) { continue }
                if editedAgainstDelete.contains(record) { continue }
                let fields = world.writesByRecord[record] ?? []
                if fields.contains(where: { replica.seen.contains($0) && world.events[$0].seen.contains(id) }) {
                    continue
                }

                XCTFail("seed \(seed): \(replica.name) lost \(describe(event))\n\(trace(world))")
                return
            }
            let value = value(document, key: event.key)
            if value.exists && value.text == event.value { continue }
            if value.exists && Self.scheduleProgressed(from: event.value, to: value.text) { continue }
            if (world.writesByKey[event.key] ?? []).contains(where: {
                replica.seen.contains($0) && world.events[$0].seen.contains(id)
            }) {
                continue
            }
            if listed.contains(Listed(key: event.key, stamp: event.stamp, value: event.value)) { continue }
            if let record = recordKey(of: event.key) {
                // Folded into its duplicate (a statement row or occurrence recorded twice).
                if !value.exists && merged[record] != nil { continue }
                // Deleted knowingly; a record brought back by an edit made against the delete
                // (listed) shows that edit's side.
                if (world.deletesByRecord[record] ?? []).contains(where: {
                    replica.seen.contains($0) && world.events[$0].seen.contains(id)
                }) {
                    continue
                }
            }
            XCTFail(
                "seed \(seed): \(replica.name) lost \(describe(event)), shows \(value.text ?? "nothing")\n"
                    + trace(world))
            return
        }
    }

    private func describe(_ event: Event) -> String {
        let what = event.deletes.map { "the delete of \($0)" } ?? "\(event.key) = \(event.value ?? "nil")"
        return "\(what) by \(event.device) at step \(event.step) (\(event.stamp))"
    }

    /// `<kind>:<id>` of a record field's key.
    private func recordKey(of key: String) -> String? {
        guard !key.hasPrefix("setting:"), !key.hasPrefix("rule:") else { return nil }
        let parts = key.split(separator: ":", maxSplits: 2)
        return parts.count == 3 ? "\(parts[0]):\(parts[1])" : nil
    }

    /// Whether the record is live.
    private func isLive(_ document: BudgetDocument, recordKey: String) -> Bool {
        let parts = recordKey.split(separator: ":").map(String.init)
        guard parts.count == 2 else { return false }
        return parts[0] == RecordKind.income.singular
            ? document.incomes.record(id: parts[1]) != nil : document.expenses.record(id: parts[1]) != nil
    }

    /// The value a key shows: a setting's (`exists` even when unset), a live record's field.
    private func value(_ document: BudgetDocument, key: String) -> (exists: Bool, text: String?) {
        if key.hasPrefix("setting:") {
            return (true, Self.settingText(document.settingsValues.value(forKey: String(key.dropFirst(8)))))
        }
        if key.hasPrefix("rule:") {
            // The text of the rule shown with this ID (`nil`: no rule has it).
            let rules = document[settings: RuleKeys.self].orderedRules
            guard let index = document.sync?.rules.firstIndex(of: String(key.dropFirst(5))),
                  rules.indices.contains(index) else { return (true, nil) }
            return (true, BudgetDocument.text(of: .string(rules[index].settingText)))
        }
        let parts = key.split(separator: ":", maxSplits: 2).map(String.init)
        guard parts.count == 3 else { return (false, nil) }
        func field<Record: BaseModel>(_ table: RecordTable<Record>) -> (Bool, String?) {
            guard let record = table.record(id: parts[1]),
                  let field = Record.schema.replicatedFields.first(where: { $0.key == parts[2] }) else {
                return (false, nil)
            }
            return (true, Self.fieldText(field, record))
        }
        return parts[0] == RecordKind.income.singular ? field(document.incomes) : field(document.expenses)
    }

    // MARK: The end

    private func export(_ document: BudgetDocument) -> String {
        let json = BudgetExport.document(document, query: RecordQuery())
        return String(decoding: JSONSerializer(style: .encoderCompatible).serialize(json), as: UTF8.self)
    }

    /// What a budget shows: its records (every field of the schema, in order), counters and
    /// settings, as `budget export --format json` writes them.
    private func shown(_ document: BudgetDocument) -> String { export(document) }

    /// The lines of two texts that differ.
    private func difference(_ one: String, _ other: String) -> String {
        let left = one.split(separator: "\n"), right = other.split(separator: "\n")
        return zip(left, right).filter { $0 != $1 }.prefix(6).map { "- \($0)\n+ \($1)" }.joined(separator: "\n")
            + (left.count == right.count ? "" : "\n(\(left.count) lines, \(right.count) lines)")
    }

    private func checkFinal(_ world: World, before: [BudgetDocument], seed: UInt64) throws {
        let documents = world.replicas.map(\.document)
        let context = "seed \(seed)\n\(trace(world))"
        // 1. One budget everywhere.
        let exports = documents.map(export)
        for other in 1..<3 {
            XCTAssert(
                exports[0] == exports[other], "replicas differ:\n\(difference(exports[0], exports[other]))\n\(context)")
        }
        for document in documents {
            // 2. No two live records share an ID, a statement row or a schedule occurrence.
            checkDistinct(document.incomes, context)
            checkDistinct(document.expenses, context)
            // 3. Orders 1…n, a valid budget.
            XCTAssertEqual(document.incomes.records.map(\.order), Array(0..<document.incomes.count).map { $0 + 1 })
            XCTAssertEqual(document.expenses.records.map(\.order), Array(0..<document.expenses.count).map { $0 + 1 })
            XCTAssertNoThrow(try document.validate(), context)
        }
        // 4. Folding again changes nothing; other orders of folding show the same.
        let reference = exports[0]
        for x in 0..<3 {
            for y in 0..<3 {
                let again = try ReplicaFold.fold(documents[x], with: documents[y])
                let was = exports[x], now = shown(again)
                XCTAssert(was == now, "fold \(x)←\(y) again changed it:\n\(difference(was, now))\n\(context)")
            }
        }
        let (a, b, c) = (before[0], before[1], before[2])
        let orders = [
            try ReplicaFold.fold(ReplicaFold.fold(a, with: b), with: c),
            try ReplicaFold.fold(a, with: ReplicaFold.fold(b, with: c)),
            try ReplicaFold.fold(ReplicaFold.fold(c, with: a), with: b),
            try ReplicaFold.fold(b, with: ReplicaFold.fold(c, with: a)),
            try ReplicaFold.fold(ReplicaFold.fold(b, with: c), with: a),
        ]
        for (index, document) in orders.enumerated() {
            let other = shown(document)
            XCTAssert(
                other == reference,
                "fold order \(index) shows another budget:\n\(difference(reference, other))\n\(context)")
        }
        for replica in world.replicas { checkNoLostWrite(world, replica, seed: seed) }
    }

    private func checkDistinct<Record: BaseModel>(_ table: RecordTable<Record>, _ context: String) {
        let ids = table.records.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count, "two \(Record.kind.plural) share an ID, \(context)")
        for key in ["source", "schedule"] {
            guard let field = Record.schema.replicatedFields.first(where: { $0.key == key }) else { continue }
            let marks = table.records.compactMap { Self.fieldText(field, $0) }.filter { $0 != "null" && $0 != "\"\"" }
            XCTAssertEqual(Set(marks).count, marks.count, "two \(Record.kind.plural) share a \(key), \(context)")
        }
    }
}
