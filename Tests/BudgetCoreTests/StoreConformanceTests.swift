import TestSupport
import XCTest
@testable import BudgetCore

/// One suite, run against every `DataProtocol` implementation.
final class StoreConformanceTests: XCTestCase {
    private let day = Day(iso: "2026-11-21")!
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("budget-store-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `body` once with each store, each starting empty.
    private func forEachStore(_ body: (any BudgetCore.DataProtocol, String) throws -> Void) throws {
        try body(InMemoryStore(), "in-memory")
        try body(JSONFileStore(path: directory.appendingPathComponent("\(UUID().uuidString).json").path), "json-file")
    }

    func testFetch_OnAnEmptyStoreReturnsNothing() throws {
        try forEachStore { store, name in
            XCTAssertEqual(try store.fetchIncomes(), [], name)
            XCTAssertEqual(try store.fetchExpenses(), [], name)
        }
    }

    func testAdd_ThenFetchReturnsTheRecordsInOrder() throws {
        try forEachStore { store, name in
            try store.add(Expense.self) {
                Expense(id: $0, name: "家賃", amount: 80_000, category: "住居", date: day, note: "11月")
            }
            try store.add(Expense.self) { Expense(id: $0, name: "Lunch", amount: 900, date: day) }
            let expenses = try store.fetchExpenses()
            XCTAssertEqual(expenses.map(\.name), ["家賃", "Lunch"], name)
            XCTAssertEqual(expenses.map(\.id), ["00000001", "00000002"], name)
            XCTAssertEqual(expenses.first?.note, "11月", name)
            XCTAssertEqual(expenses.last?.category, "uncategorized", name)
        }
    }

    func testKinds_HaveSeparateCounters() throws {
        try forEachStore { store, name in
            let income = try store.add(Income.self) { Income(id: $0, name: "Salary", amount: 1, date: day) }
            let expense = try store.add(Expense.self) { Expense(id: $0, name: "Rent", amount: 1, date: day) }
            XCTAssertEqual([income.id, expense.id], ["00000001", "00000001"], name)
        }
    }

    func testUpdateExpense_ChangesTheStoredRecord() throws {
        try forEachStore { store, name in
            var expense = try store.add(Expense.self) { Expense(id: $0, name: "Lunch", amount: 900, date: day) }
            expense.amount = 1_200
            expense.category = "food"
            try store.updateExpense(expense)
            XCTAssertEqual(try store.fetchExpenses(), [expense], name)
        }
    }

    func testUpdateIncome_WithAnUnallocatedIDThrows() throws {
        try forEachStore { store, name in
            XCTAssertThrowsError(try store.updateIncome(Income(id: "00000001", name: "x", amount: 1, date: day)), name)
            XCTAssertEqual(try store.fetchIncomes(), [], name)
        }
    }

    func testDeleteIncome_OfAnUnknownIDThrowsAndIsNeverSilent() throws {
        try forEachStore { store, name in
            XCTAssertThrowsError(try store.deleteIncome(id: "00000001"), name) { error in
                XCTAssertEqual(error as? BudgetError, .recordNotFound(.income, id: "00000001"), name)
            }
        }
    }

    func testDeleteExpense_CompactsOrderAndKeepsTheCounter() throws {
        try forEachStore { store, name in
            for label in ["a", "b", "c"] {
                try store.add(Expense.self) { Expense(id: $0, name: label, amount: 1, date: day) }
            }
            try store.deleteExpense(id: "00000001")
            XCTAssertEqual(try store.fetchExpenses().map(\.order), [1, 2], name)
            let next = try store.add(Expense.self) { Expense(id: $0, name: "d", amount: 1, date: day) }
            XCTAssertEqual(next.id, "00000004", name)
        }
    }

    func testMove_IsVisibleToLaterFetches() throws {
        try forEachStore { store, name in
            for label in ["a", "b", "c"] {
                try store.add(Income.self) { Income(id: $0, name: label, amount: 1, date: day) }
            }
            try store.move(Income.self, id: "00000003", to: 1)
            XCTAssertEqual(try store.fetchIncomes().map(\.name), ["c", "a", "b"], name)
        }
    }

    func testTransaction_ThatThrowsSavesNothing() throws {
        struct Abort: Error {}
        try forEachStore { store, name in
            try store.add(Income.self) { Income(id: $0, name: "kept", amount: 1, date: day) }
            XCTAssertThrowsError(try store.transaction { document in
                try document.incomes.add { Income(id: $0, name: "lost", amount: 1, date: day) }
                throw Abort()
            }, name)
            XCTAssertEqual(try store.fetchIncomes().map(\.name), ["kept"], name)
            XCTAssertEqual(try store.load().incomes.lastID, 1, name)
        }
    }

    func testRandomOperations_KeepInvariantsInBothStores() throws {
        try forEachStore { store, name in
            var generator = SeededGenerator(seed: 7)
            for _ in 0..<150 {
                let current = try store.fetchExpenses()
                switch Int.random(in: 0..<3, using: &generator) {
                case 0:
                    try store.add(Expense.self) { Expense(id: $0, name: "n", amount: 1, date: day) }
                case 1 where !current.isEmpty:
                    try store.deleteExpense(id: current.randomElement(using: &generator)!.id)
                case 2 where !current.isEmpty:
                    try store.move(Expense.self, id: current.randomElement(using: &generator)!.id,
                                   to: Int.random(in: 1...current.count, using: &generator))
                default:
                    continue
                }
                let after = try store.fetchExpenses()
                XCTAssertEqual(after.map(\.order), Array(0..<after.count).map { $0 + 1 }, name)
            }
        }
    }

    // MARK: Nesting and threads

    private static let nested = "a transaction is already open on this store; nested transactions are not supported"

    /// The message of what `body` threw, or `no error`.
    private static func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return error.localizedDescription
        }
    }

    func testTransaction_NestedCallsOnTheSameStoreThrowInsteadOfWaiting() throws {
        struct Abort: Error {}
        try forEachStore { store, name in
            let day = self.day
            // On a missing file first (the file store runs the change before it locks), then on an existing one.
            for round in 1...2 {
                let worker = Worker.start {
                    try store.transaction { document -> [String] in
                        try document.incomes.add { Income(id: $0, name: "outer \(round)", amount: 1, date: day) }
                        return [
                            Self.message { try store.transaction { _ in } },
                            Self.message { _ = try store.load() },
                            Self.message {
                                _ = try store.add(Income.self) { Income(id: $0, name: "inner", amount: 1, date: day) }
                            },
                        ]
                    }
                }
                guard let outcome = worker.wait() else {
                    return XCTFail("\(name): a nested call still waits after 10 s")
                }
                XCTAssertEqual(try outcome.get(), Array(repeating: Self.nested, count: 3), name)
            }
            // A transaction that throws leaves the store open to the next one too.
            XCTAssertThrowsError(try store.transaction { _ in throw Abort() }, name)
            try store.add(Income.self) { Income(id: $0, name: "after", amount: 1, date: day) }
            XCTAssertEqual(try store.fetchIncomes().map(\.name), ["outer 1", "outer 2", "after"], name)
        }
    }

    func testTransaction_OnTwoThreadsBothCompleteOneAfterTheOther() throws {
        try forEachStore { store, name in
            let day = self.day
            try store.add(Income.self) { Income(id: $0, name: "first", amount: 1, date: day) }
            let inside = DispatchSemaphore(value: 0)
            let first = Worker.start {
                try store.transaction { document in
                    try document.incomes.add { Income(id: $0, name: "a", amount: 1, date: day) }
                    inside.signal()
                    // Meanwhile the other thread asks for the store, and waits.
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
            let second = Worker.start {
                _ = inside.wait(timeout: .now() + 10)
                _ = try store.add(Income.self) { Income(id: $0, name: "b", amount: 1, date: day) }
                _ = try store.load()
            }
            guard let a = first.wait(), let b = second.wait() else {
                return XCTFail("\(name): a transaction still waits after 10 s")
            }
            XCTAssertNoThrow(try a.get(), name)
            XCTAssertNoThrow(try b.get(), name)
            XCTAssertEqual(try store.fetchIncomes().map(\.name), ["first", "a", "b"], name)
        }
    }
}
