import TestSupport
import XCTest
@testable import BudgetCore

/// Records across replicas (issue #28's fold, record by record): fields merge one by one, an
/// edit made against a delete on another device keeps the record and says so, an undo of a
/// delete brings it back everywhere, and the fold of whole tables is a merge in any order.
final class RecordReplicaTests: XCTestCase {
    private func stamp(_ wall: Int64, _ device: String) -> Stamp { Stamp(wall: wall, counter: 0, device: device) }

    private typealias Table = [Int: RecordReplica]

    private func merged(_ a: Table, _ b: Table) -> Table {
        a.merging(b) { $0.merged(with: $1) }
    }

    /// The scenario, record by record: A sets the rent's note, B its amount: both stay.
    func testRent_ANoteOnOneDeviceAndAnAmountOnTheOtherBothStay() {
        let rent = RecordReplica(fields: ["name": "\"家賃\"", "amount": "80000"], stamp: stamp(1, "a"))
        var a = rent, b = rent
        a.set("note", to: "\"11月分\"", stamp: stamp(5, "a"))
        b.set("amount", to: "82000", stamp: stamp(6, "b"))
        for folded in [a.merged(with: b), b.merged(with: a)] {
            XCTAssertEqual([folded["name"], folded["amount"], folded["note"]], ["\"家賃\"", "82000", "\"11月分\""])
            XCTAssertTrue(folded.fields.values.allSatisfy { $0.conflicts.isEmpty })
            XCTAssertTrue(folded.isLive)
        }
    }

    /// A deletes the rent while B, offline, edits it: the record stays on both, and the fold
    /// says it was edited after a delete. A delete made knowing the edit removes it.
    func testEditAgainstADelete_KeepsTheRecordAndSaysSo() {
        let rent = RecordReplica(fields: ["amount": "80000"], stamp: stamp(1, "a"))
        var a = rent, b = rent
        a.delete(stamp: stamp(5, "a"))
        XCTAssertFalse(a.isLive)
        b.set("amount", to: "82000", stamp: stamp(6, "b"))
        var folded = a.merged(with: b)
        XCTAssertEqual(folded, b.merged(with: a))
        XCTAssertTrue(folded.isLive)
        XCTAssertTrue(folded.isEditedAfterDelete)
        XCTAssertEqual(folded["amount"], "82000")
        folded.delete(stamp: stamp(7, "a"))
        XCTAssertFalse(folded.isLive, "deleted knowing the edit")
        XCTAssertFalse(folded.merged(with: b).isLive, "and folding the edit in again changes nothing")
        var undone = folded
        undone.restore(stamp: stamp(8, "a"))
        XCTAssertTrue(undone.merged(with: folded).isLive, "an undo of the delete is a change of its own")
        XCTAssertFalse(undone.merged(with: folded).isEditedAfterDelete, "and no edit against a delete")
    }

    /// Three replicas add (each from its own block of IDs), edit, delete, bring back and fold
    /// tables in random orders: the fold is commutative, associative and idempotent, every
    /// replica that folds in the others ends with the same table, and a record is gone only
    /// where a delete knew every version of it.
    func testTables_FoldIsAMergeAndNothingIsLostSilently() throws {
        let rounds = PropertyDepth.rounds(deep: 1_000, fast: 150)
        var generator = SeededGenerator(seed: 2828)
        let devices = ["a", "b", "c"]
        for round in 0..<rounds {
            var clocks = devices.map { HybridClock(device: $0) }
            var tables = [Table](repeating: [:], count: 3)
            var lastIDs = [Int?](repeating: nil, count: 3)
            var now: Int64 = 1
            for _ in 0..<Int.random(in: 1...25, using: &generator) {
                let index = Int.random(in: 0..<3, using: &generator)
                now += Int64.random(in: -2...4, using: &generator)
                let keys = tables[index].keys.sorted()
                switch Int.random(in: 0..<10, using: &generator) {
                case 0...2:
                    let block = try XCTUnwrap(IDBlock(index: index))
                    let id = try XCTUnwrap(block.next(after: lastIDs[index]))
                    lastIDs[index] = id
                    let value = String(Int.random(in: 0...9, using: &generator))
                    tables[index][id] = RecordReplica(
                        fields: ["name": value, "amount": value], stamp: clocks[index].stamp(now: now))
                case 3...4 where !keys.isEmpty:
                    let id = keys[Int.random(in: 0..<keys.count, using: &generator)]
                    let field = Bool.random(using: &generator) ? "name" : "note"
                    let value = String(Int.random(in: 0...9, using: &generator))
                    tables[index][id]?.set(field, to: value, stamp: clocks[index].stamp(now: now))
                case 5 where !keys.isEmpty:
                    let id = keys[Int.random(in: 0..<keys.count, using: &generator)]
                    tables[index][id]?.delete(stamp: clocks[index].stamp(now: now))
                case 6 where !keys.isEmpty:
                    let id = keys[Int.random(in: 0..<keys.count, using: &generator)]
                    if tables[index][id]?.isLive == false {
                        tables[index][id]?.restore(stamp: clocks[index].stamp(now: now))
                    }
                default:
                    let other = (index + Int.random(in: 1...2, using: &generator)) % 3
                    tables[index] = merged(tables[index], tables[other])
                    for record in tables[other].values {
                        for register in record.fields.values { clocks[index].observe(register.stamp) }
                        for deletion in record.deletions { clocks[index].observe(deletion.stamp) }
                    }
                }
            }
            let (x, y, z) = (tables[0], tables[1], tables[2])
            XCTAssertEqual(merged(x, y), merged(y, x), "commutative, round \(round)")
            XCTAssertEqual(merged(merged(x, y), z), merged(x, merged(y, z)), "associative, round \(round)")
            XCTAssertEqual(merged(x, x), x, "idempotent, round \(round)")
            let all = merged(merged(x, y), z)
            let table = ReplicaTable(all)
            let shown = table.ordered(without: table.duplicates(by: ["name"]))
            XCTAssertEqual(Set(shown).count, shown.count, "each record shown once, round \(round)")
            XCTAssertEqual(
                shown, ReplicaTable(merged(z, merged(y, x))).ordered(without: table.duplicates(by: ["name"])),
                "the same order whatever the fold's, round \(round)")
            for index in 0..<3 {
                XCTAssertEqual(
                    merged(merged(tables[index], tables[(index + 1) % 3]), tables[(index + 2) % 3]), all,
                    "every replica ends with the same table, round \(round)")
            }
            // A record is gone only where a delete that stands knew every version of its fields.
            for table in tables {
                for (id, record) in table where all[id]?.isLive == false {
                    let standing = Set(all[id]?.presence.versions.filter { !$0.value }.map(\.stamp) ?? [])
                    for register in record.fields.values {
                        for version in register.versions {
                            let known = all[id]?.deletions.contains {
                                standing.contains($0.stamp) && $0.knew.contains(version.stamp)
                            } ?? false
                            XCTAssertTrue(known, "round \(round): record \(id) gone with a change no delete knew")
                        }
                    }
                }
            }
        }
    }

    /// The same card statement imported on both devices, and the same rent recorded by both
    /// devices' schedules offline: one record each once folded, the one added first kept and
    /// the other's ID pointing to it; the order shown is the same on both, 1…n.
    func testDuplicatesAndOrder_AreTheSameOnEveryDevice() {
        var a = ReplicaTable(), b = ReplicaTable()
        a[1] = RecordReplica(fields: ["name": "\"家賃\"", "order": "1"], stamp: stamp(1, "a"))
        b = a
        a[2] = RecordReplica(
            fields: ["name": "\"ｾﾌﾞﾝ\"", "source": "\"rakuten-card:2026-11-03|expense|150|1|ｾﾌﾞﾝ\"", "order": "2"],
            stamp: stamp(5, "a"))
        b[10_000_000] = RecordReplica(
            fields: ["name": "\"ｾﾌﾞﾝ\"", "source": "\"rakuten-card:2026-11-03|expense|150|1|ｾﾌﾞﾝ\"", "order": "2"],
            stamp: stamp(4, "b"))
        a[3] = RecordReplica(
            fields: ["name": "\"Rent\"", "schedule": "\"s1@2026-11-25\"", "order": "3"], stamp: stamp(6, "a"))
        b[10_000_001] = RecordReplica(
            fields: ["name": "\"Rent\"", "schedule": "\"s1@2026-11-25\"", "order": "3"], stamp: stamp(7, "b"))
        let onA = a.merged(with: b), onB = b.merged(with: a)
        XCTAssertEqual(onA, onB)
        let duplicates = onA.duplicates(by: ["source", "schedule"])
        XCTAssertEqual(duplicates, [2: 10_000_000, 10_000_001: 3], "the one added first is kept")
        XCTAssertEqual(onA.ordered(without: duplicates), [1, 10_000_000, 3])
        var moved = onA
        moved[1]?.set("order", to: "9", stamp: stamp(8, "a"))
        XCTAssertEqual(moved.ordered(without: duplicates), [10_000_000, 3, 1])
    }
}
