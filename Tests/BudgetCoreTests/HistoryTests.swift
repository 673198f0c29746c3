import TestSupport
import XCTest
@testable import BudgetCore

final class HistoryTests: XCTestCase {
    private let day = Day(iso: "2026-11-21")!

    private func snapshot(_ document: BudgetDocument) -> ([Income], [Expense]) {
        (Array(document.incomes.records), Array(document.expenses.records))
    }

    /// One random change, sometimes touching several records and both kinds at once.
    private func randomChange(_ document: inout BudgetDocument, _ generator: inout SeededGenerator) throws {
        let steps = Int.random(in: 0..<4, using: &generator) == 0 ? Int.random(in: 2...6, using: &generator) : 1
        for _ in 0..<steps {
            let count = document.expenses.count
            switch Int.random(in: 0..<6, using: &generator) {
            case 0, 1:
                try document.expenses.add {
                    Expense(id: $0, name: "e\(Int.random(in: 0..<99, using: &generator))", amount: 5, date: self.day)
                }
            case 2 where count > 0:
                let id = document.expenses.records.randomElement(using: &generator)!.id
                try document.expenses.remove(ids: [id])
            case 3 where count > 0:
                var record = document.expenses.records.randomElement(using: &generator)!
                record.amount += 1
                record.note = Bool.random(using: &generator) ? "edited" : nil
                try document.expenses.update(record)
            case 4 where count > 1:
                let id = document.expenses.records.randomElement(using: &generator)!.id
                try document.expenses.move(id: id, to: Int.random(in: 1...count, using: &generator))
            default:
                try document.incomes.add { Income(id: $0, name: "i", amount: 1, date: self.day) }
            }
        }
    }

    func testUndo_TwentyRandomChangesReturnThroughEveryEarlierStateExactly() throws {
        for seed in 1...25 as ClosedRange<UInt64> {
            var generator = SeededGenerator(seed: seed)
            let store = InMemoryStore()
            for _ in 0..<5 { try store.add(Expense.self) { Expense(id: $0, name: "start", amount: 1, date: day) } }
            var states = [snapshot(try store.load())]
            while states.count <= 20 {
                try store.transaction { try randomChange(&$0, &generator) }
                let now = snapshot(try store.load())
                // a move in place changes nothing
                if now.0 != states.last?.0 || now.1 != states.last?.1 { states.append(now) }
            }
            XCTAssertEqual(try store.load().history.count, 25, "5 adds and 20 changes")
            for step in (0..<20).reversed() {
                _ = try store.transaction { try $0.undoLastChange() }
                let now = snapshot(try store.load())
                XCTAssertEqual(now.0, states[step].0, "seed \(seed), back to step \(step)")
                XCTAssertEqual(now.1, states[step].1, "seed \(seed), back to step \(step)")
            }
        }
    }

    func testUndo_ChangesOfManyRecordsAtOnceReturnExactly() throws {
        // Undo rebuilds the records in one pass; changes that remove, edit and move dozens of
        // records of a larger table at once must still come back exactly.
        var generator = SeededGenerator(seed: 77)
        let store = InMemoryStore()
        try store.transaction { document in
            for index in 0..<300 {
                try document.expenses.add { Expense(id: $0, name: "r\(index)", amount: index, date: self.day) }
            }
        }
        var states = [snapshot(try store.load())]
        for _ in 0..<12 {
            try store.transaction { document in
                for _ in 0..<Int.random(in: 20...80, using: &generator) { try randomChange(&document, &generator) }
            }
            states.append(snapshot(try store.load()))
        }
        for step in (0..<12).reversed() {
            _ = try store.transaction { try $0.undoLastChange() }
            let now = snapshot(try store.load())
            XCTAssertEqual(now.1.map(\.id), states[step].1.map(\.id), "back to step \(step)")
            XCTAssertEqual(now.1, states[step].1, "back to step \(step)")
            XCTAssertEqual(now.0, states[step].0, "back to step \(step)")
        }
    }

    func testDiffers_AgreesWithEqualityAfterEveryKindOfChange() throws {
        var generator = SeededGenerator(seed: 31)
        var document = BudgetDocument()
        for _ in 0..<400 {
            let original = document
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: try randomChange(&document, &generator)
            case 1:
                document[settings: DisplayKeys.self][DisplayKeys.color] =
                    [.auto, .always, .never].randomElement(using: &generator)!
            case 2: if !document.history.isEmpty { try document.undoLastChange() }
            case 3:
                if document.expenses.count > 0 {
                    try document.expenses.move(id: document.expenses.records[0].id, to: 1)
                }
            default: break
            }
            document.recordChange(since: original)
            XCTAssertEqual(document.differs(from: original), document != original)
        }
    }

    func testUndo_NeverLowersTheCounter() throws {
        let store = InMemoryStore()
        try store.add(Expense.self) { Expense(id: $0, name: "a", amount: 1, date: day) }
        _ = try store.transaction { try $0.undoLastChange() }
        XCTAssertEqual(try store.fetchExpenses(), [])
        XCTAssertEqual(try store.add(Expense.self) { Expense(id: $0, name: "b", amount: 1, date: day) }.id, "00000002")
    }

    func testUndo_WithEmptyHistoryFails() {
        var document = BudgetDocument()
        XCTAssertThrowsError(try document.undoLastChange()) { error in
            XCTAssertEqual(error as? BudgetError, .nothingToUndo)
        }
    }

    func testUndo_RefusesWhenTheRecordsNoLongerMatchAndChangesNothing() throws {
        var document = BudgetDocument()
        let original = document
        try document.expenses.add { Expense(id: $0, name: "a", amount: 1, date: day) }
        document.recordChange(since: original)
        document.expenses.records = []  // as a hand edit would
        let before = document
        XCTAssertThrowsError(try document.undoLastChange()) { error in
            XCTAssertEqual(
                error as? BudgetError,
                .undoConflict(summary: "add expense 00000001 (a)", reason: "expense 00000001 is no longer there"))
        }
        XCTAssertEqual(document, before)
    }

    func testUndo_RefusesAnEntryWhoseResultTheReaderWouldRefuseAndChangesNothing() throws {
        // Entries as a hand edit could make them: the reader now refuses such files, and undo
        // checks its result as well, whatever way the entry got into the document.
        var base = BudgetDocument()
        try base.expenses.add { Expense(id: $0, name: "a", amount: 1, date: day) }
        let coffee = Expense(id: "00000009", name: "Coffee", amount: 5, category: "food", order: 2, date: day)
        let entries: [(ChangeRecord, String)] = [
            (ChangeRecord(summary: "delete expense 00000009 (Coffee)", time: "t", incomes: TableChange(),
                          expenses: TableChange(added: [], removed: [coffee], edited: [], moved: []), settings: []),
             "expense 00000009 is above the counter 00000001; its id could be given out again"),
            (ChangeRecord(summary: "set display.color", time: "t", incomes: TableChange(), expenses: TableChange(),
                          settings: [("display.color", .string("purple"))]),
             "setting \"display.color\" must be auto, always or never"),
            (ChangeRecord(summary: "set display.colour", time: "t", incomes: TableChange(), expenses: TableChange(),
                          settings: [("display.colour", .string("never"))]),
             "unknown setting \"display.colour\" (was it written by a newer budget?)"),
        ]
        for (entry, reason) in entries {
            var document = base
            document.history = [entry]
            let before = document
            XCTAssertThrowsError(try document.undoLastChange(), entry.summary) { error in
                XCTAssertEqual(
                    error as? BudgetError,
                    .undoConflict(
                        summary: entry.summary, reason: "the result would be an invalid data file: \(reason)"))
            }
            XCTAssertEqual(document, before, entry.summary)
            // Written to a file, the same history is refused on reading.
            XCTAssertThrowsError(try DocumentCodec.decodeStrictly(FastDocumentCodec.encode(document)), entry.summary)
            XCTAssertNil(FastDocumentCodec.decode(FastDocumentCodec.encode(document)), entry.summary)
        }
    }

    func testHistory_KeepsOnlyTheLastThirtyChanges() throws {
        let store = InMemoryStore()
        for index in 1...40 { try store.add(Income.self) { Income(id: $0, name: "n\(index)", amount: 1, date: day) } }
        let history = try store.load().history
        XCTAssertEqual(history.count, BudgetDocument.historyLimit)
        XCTAssertEqual(history.last?.summary, "add income 00000040 (n40)")
        XCTAssertEqual(history.first?.summary, "add income 00000011 (n11)")
    }

    func testHistory_EntryCostsTheChangeNotTheFile() throws {
        var document = BudgetDocument()
        for _ in 0..<2_000 { try document.expenses.add { Expense(id: $0, name: "x", amount: 1, date: day) } }
        let original = document
        try document.expenses.remove(ids: ["00001000"])
        document.recordChange(since: original)
        let change = try XCTUnwrap(document.history.last)
        XCTAssertEqual(change.expenses.removed.map(\.id), ["00001000"])
        XCTAssertTrue(change.expenses.moved.isEmpty, "compaction is not a move")
        XCTAssertLessThan(JSONSerializer(style: .encoderCompatible).serialize(HistoryCodec.encode([change])).count, 400)
        let moved = document
        try document.expenses.move(id: "00000001", to: 1_999)
        document.recordChange(since: moved)
        XCTAssertEqual(document.history.last?.expenses.moved.map(\.id), ["00000001"])
    }

    func testHistory_RoundTripsThroughTheFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "budget-history-\(UUID().uuidString).json").path
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: path + ".lock")
        }
        let store = JSONFileStore(path: path)
        try store.add(Expense.self) { Expense(id: $0, name: "家賃", amount: 1, category: "住居", date: day, note: "n") }
        try store.add(Expense.self) { Expense(id: $0, name: "b", amount: 2, date: day) }
        try store.move(Expense.self, id: "00000002", to: 1)
        try store.transaction { document in
            var record = document.expenses.records[1]
            record.name = "renamed"
            try document.expenses.update(record)
            try document.expenses.remove(ids: ["00000002"])
        }
        let inMemory = try store.load()
        let bytes = DocumentCodec.encode(inMemory)
        XCTAssertEqual(try DocumentCodec.decode(bytes), inMemory)
        XCTAssertEqual(
            inMemory.history.map(\.summary),
            [
                "add expense 00000001 (家賃)", "add expense 00000002 (b)", "move expense 00000002 (b)",
                "delete 1 expense, edit 1 expense",
            ])
        for _ in 0..<4 { _ = try store.transaction { try $0.undoLastChange() } }
        XCTAssertEqual(try store.fetchExpenses(), [])
    }

    /// History is not the budget: an unusable entry is a repairable problem, and the repaired
    /// document keeps the entries after the newest unusable one (the older ones are reached
    /// only through it), whichever rule the entry breaks.
    func testUnusableEntries_AreRepairableAndTheRepairKeepsTheNewerEntries() throws {
        var document = BudgetDocument()
        for name in ["a", "b", "c", "d"] {
            let before = document
            try document.expenses.add { Expense(id: $0, name: name, amount: 5, date: self.day) }
            document.recordChange(since: before)
        }
        for id in ["00000001", "00000002"] {
            let before = document
            try document.expenses.remove(ids: [id])
            document.recordChange(since: before)
        }
        XCTAssertEqual(document.history.count, 6)
        let text = String(decoding: FastDocumentCodec.encode(document), as: UTF8.self)
        let breakers: [(String, String, Int)] = [
            (#""summary" : "add expense 00000002 (b)""#, #""summary" : 2"#, 2),  // entry 2: a summary that is not text
            (#""name":"a""#, #""name":"a","zz":1"#, 5),  // entry 5: an unknown field in a removed record
        ]
        for (target, replacement, newest) in breakers {
            XCTAssertTrue(text.contains(target), target)
            let broken = Array(text.replacingOccurrences(of: target, with: replacement).utf8)
            XCTAssertTrue(FastDocumentCodec.decode(broken) == nil, "the fast reader declines it")
            let report = try DocumentCodec.inspect(broken)
            guard report.problems.count == 1 else { return XCTFail("\(target): \(report.problems.map(\.reason))") }
            XCTAssertTrue(report.problems.allSatisfy(\.isRepairable), target)
            XCTAssertTrue(report.problems[0].reason.contains("history entry \(newest)"), report.problems[0].reason)
            XCTAssertEqual(report.droppedHistoryEntries, newest)
            XCTAssertTrue(Array(report.document.history) == Array(document.history.dropFirst(newest)), target)
        }
    }
}
