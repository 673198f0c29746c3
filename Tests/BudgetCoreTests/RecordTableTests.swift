import TestSupport
import XCTest
@testable import BudgetCore

final class RecordTableTests: XCTestCase {
    private let day = Day(iso: "2026-11-21")!

    private func assertInvariants<R: BaseModel>(
        _ table: RecordTable<R>, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
            table.records.map(\.order), Array(1...max(table.count, 1)).prefix(table.count).map { $0 },
            "orders must be 1...n", file: file, line: line)
        XCTAssertEqual(Set(table.records.map(\.id)).count, table.count, "ids must be unique", file: file, line: line)
        for record in table.records {
            let number = RecordID.number(fromStored: record.id) ?? -1
            XCTAssertTrue(
                number >= 1 && number <= table.lastID, "id \(record.id) must be allocated", file: file, line: line)
        }
    }

    func testAdd_AllocatesSequentialPaddedIDsAndAppendsLast() throws {
        var table = RecordTable<Expense>()
        let first = try table.add { Expense(id: $0, name: "a", amount: 1, date: day) }
        let second = try table.add { Expense(id: $0, name: "b", amount: 2, date: day) }
        XCTAssertEqual([first.id, second.id], ["00000001", "00000002"])
        XCTAssertEqual([first.order, second.order], [1, 2])
        XCTAssertEqual(table.lastID, 2)
    }

    func testDelete_NeverReusesIDs() throws {
        var table = RecordTable<Income>()
        try table.add { Income(id: $0, name: "a", amount: 1, date: day) }
        try table.add { Income(id: $0, name: "b", amount: 1, date: day) }
        try table.remove(ids: ["00000002"])
        let next = try table.add { Income(id: $0, name: "c", amount: 1, date: day) }
        XCTAssertEqual(next.id, "00000003")
    }

    func testDelete_CompactsOrders() throws {
        var table = RecordTable<Income>()
        for name in ["a", "b", "c", "d"] { try table.add { Income(id: $0, name: name, amount: 1, date: day) } }
        try table.remove(ids: ["00000002"])
        XCTAssertEqual(table.records.map(\.name), ["a", "c", "d"])
        XCTAssertEqual(table.records.map(\.order), [1, 2, 3])
    }

    func testDelete_IsAllOrNothing() throws {
        var table = RecordTable<Income>()
        try table.add { Income(id: $0, name: "a", amount: 1, date: day) }
        let before = table
        XCTAssertThrowsError(try table.remove(ids: ["00000001", "00000009"])) { error in
            XCTAssertEqual(error as? BudgetError, .recordNotFound(.income, id: "00000009"))
        }
        XCTAssertEqual(table, before)
    }

    func testUpdate_ToAnOrderOutOfRangeChangesNothing() throws {
        var table = RecordTable<Income>()
        for name in ["a", "b"] { try table.add { Income(id: $0, name: name, amount: 1, date: day) } }
        let before = table
        var edited = table.records[0]
        edited.name = "changed"
        edited.order = 3
        XCTAssertThrowsError(try table.update(edited)) { error in
            XCTAssertEqual(error as? BudgetError, .positionOutOfRange(.income, position: 3, count: 2))
        }
        XCTAssertEqual(table, before)
        edited.order = 2
        try table.update(edited)
        XCTAssertEqual(table.records.map(\.name), ["b", "changed"])
        assertInvariants(table)
    }

    func testLookups_NameTheFirstMissingIDInTheOrderGiven() throws {
        var table = RecordTable<Expense>()
        for name in ["a", "b", "c"] { try table.add { Expense(id: $0, name: name, amount: 1, date: day) } }
        XCTAssertEqual(try table.existingRecord(id: "00000002").name, "b")
        XCTAssertThrowsError(try table.existingRecord(id: "00000009")) {
            XCTAssertEqual($0 as? BudgetError, .recordNotFound(.expense, id: "00000009"))
        }
        XCTAssertThrowsError(try table.remove(ids: ["00000003", "00000008", "00000001", "00000007"])) {
            XCTAssertEqual($0 as? BudgetError, .recordNotFound(.expense, id: "00000008"))
        }
        XCTAssertThrowsError(try table.modify(ids: ["00000007", "00000002"]) { _ in true }) {
            XCTAssertEqual($0 as? BudgetError, .recordNotFound(.expense, id: "00000007"))
        }
        XCTAssertEqual(table.count, 3)
        XCTAssertEqual(
            try table.modify(ids: ["00000003", "00000001", "00000003"]) { _ in false }.map(\.id),
            ["00000001", "00000003"])
    }

    func testLookups_FindEveryRecordWhetherListedByIDOrMoved() throws {
        // Listed by ID, a record is found by halving; moved records (and the rest around
        // them) are found by a walk when halving misses.
        var table = RecordTable<Expense>()
        for index in 0..<300 { try table.add { Expense(id: $0, name: "e\(index)", amount: index, date: day) } }
        _ = try table.remove(ids: ["00000007", "00000150"])
        var random = SeededGenerator(seed: 11)
        for round in 0..<4 {
            for record in table.records {
                XCTAssertEqual(table.record(id: record.id), record, "round \(round)")
                XCTAssertEqual(try table.existingRecord(id: record.id), record, "round \(round)")
            }
            for missing in ["00000007", "00000150", "00000301", "7", ""] {
                XCTAssertNil(table.record(id: missing), "round \(round)")
                XCTAssertThrowsError(try table.existingRecord(id: missing), "round \(round)")
            }
            let moved = table.records[Int.random(in: 0..<table.count, using: &random)].id
            try table.move(id: moved, to: Int.random(in: 1...table.count, using: &random))
        }
        // A few IDs of a table out of ID order: each found, by halving or by one walk.
        let doomed = (0..<5).map { _ in table.records[Int.random(in: 0..<table.count, using: &random)].id }
        let kept = table.records.filter { !doomed.contains($0.id) }
        let removed = try table.remove(ids: doomed + [doomed[0]])
        XCTAssertEqual(Set(removed.map(\.id)), Set(doomed))
        XCTAssertEqual(table.records.map(\.id), kept.map(\.id))
        assertInvariants(table)
    }

    func testMove_ShiftsTheRecordsBetween() throws {
        var table = RecordTable<Income>()
        for name in ["a", "b", "c", "d", "e"] { try table.add { Income(id: $0, name: name, amount: 1, date: day) } }
        try table.move(id: "00000005", to: 2)
        XCTAssertEqual(table.records.map(\.name), ["a", "e", "b", "c", "d"])
        try table.move(id: "00000001", to: 5)
        XCTAssertEqual(table.records.map(\.name), ["e", "b", "c", "d", "a"])
        assertInvariants(table)
    }

    func testMove_OutOfRangeChangesNothing() throws {
        var table = RecordTable<Income>()
        try table.add { Income(id: $0, name: "a", amount: 1, date: day) }
        let before = table
        XCTAssertThrowsError(try table.move(id: "00000001", to: 2))
        XCTAssertThrowsError(try table.move(id: "00000001", to: 0))
        XCTAssertEqual(table, before)
    }

    func testAdd_FailsWhenIDSpaceIsExhaustedAndChangesNothing() throws {
        var table = RecordTable<Expense>(lastID: RecordID.maximum - 1, orderedRecords: [])
        let last = try table.add { Expense(id: $0, name: "last", amount: 1, date: day) }
        XCTAssertEqual(last.id, "99999999")
        let before = table
        XCTAssertThrowsError(try table.add { Expense(id: $0, name: "one too many", amount: 1, date: day) }) { error in
            XCTAssertEqual(error as? BudgetError, .idSpaceExhausted(.expense))
            XCTAssertEqual(
                (error as? BudgetError)?.errorDescription, "ID space exhausted: expense ids have reached 99999999")
        }
        XCTAssertEqual(table, before)
    }

    func testUpdate_ReplacesInPlaceOrMovesWhenOrderChanges() throws {
        var table = RecordTable<Expense>()
        for name in ["a", "b", "c"] { try table.add { Expense(id: $0, name: name, amount: 1, date: day) } }
        var record = try XCTUnwrap(table.record(id: "00000002"))
        record.amount = 500
        try table.update(record)
        XCTAssertEqual(table.records[1].amount, 500)
        record.order = 3
        try table.update(record)
        XCTAssertEqual(table.records.map(\.name), ["a", "c", "b"])
        assertInvariants(table)
        XCTAssertThrowsError(try table.update(Expense(id: "00000009", name: "x", amount: 1, date: day))) { error in
            XCTAssertEqual(error as? BudgetError, .idNotAllocated(.expense, id: "00000009"))
        }
    }

    func testRandomOperations_KeepInvariantsAfterEveryStep() throws {
        var generator = SeededGenerator(seed: 2026)
        var table = RecordTable<Expense>()
        var model: [String] = []  // the expected IDs in display order
        var issued = 0
        for _ in 0..<3_000 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5:
                let record = try table.add { Expense(id: $0, name: "n", amount: 1, date: day) }
                issued += 1
                XCTAssertEqual(record.id, RecordID.string(for: issued))
                model.append(record.id)
            case 5..<8 where !model.isEmpty:
                let count = Int.random(in: 1...min(3, model.count), using: &generator)
                let doomed = Array(model.shuffled(using: &generator).prefix(count))
                try table.remove(ids: doomed)
                model.removeAll { doomed.contains($0) }
            case 8..<10 where !model.isEmpty:
                let id = model.randomElement(using: &generator)!
                let position = Int.random(in: 1...model.count, using: &generator)
                try table.move(id: id, to: position)
                model.removeAll { $0 == id }
                model.insert(id, at: position - 1)
            default:
                continue
            }
            XCTAssertEqual(table.records.map(\.id), model)
            assertInvariants(table)
        }
    }
}
