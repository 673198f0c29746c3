import XCTest
@testable import BudgetCore

/// Statements longer than a block of entries (`StatementEntries`, 4,096 rows): blocks let go as
/// their rows become records, rows kept while they wait to be linked, balances checked over
/// every block, and rows counted by identity without a copy of their text (`RowOccurrences`).
final class LargeStatementTests: XCTestCase {
    private let start = Day(year: 2026, month: 1, day: 1)!
    private var blockSize: Int { 1 << StatementEntries.blockShift }

    /// Row `number` (from 0): an expense on one of 100 days, of one of 7 amounts and 3 names,
    /// so identical rows repeat (and take occurrences 2, 3, …), with a running balance.
    private func entries(_ count: Int, opening: Int = 10_000_000) -> [StatementEntry] {
        var occurrences = RowOccurrences()
        var balance = opening
        return (0..<count).map { number in
            let date = start.advanced(byDays: number * 100 / count)!
            let (amount, name) = (100 * (number % 7 + 1), ["ｾﾌﾞﾝ", "家賃", "Cafe"][number % 3])
            let occurrence = occurrences.count(RowOccurrences.Key(content: (date, .expense, amount), text: name))
            balance -= amount
            var entry = StatementEntry(
                line: number + 2, kind: .expense, date: date, name: name, amount: amount, tags: Tags(),
                identityParts: .content(
                    amount: amount, name: name, date: date, occurrence: Int32(occurrence), kind: .expense))
            entry.balance = balance
            return entry
        }
    }

    func testEntries_AreReadAcrossBlocksWrittenInPlaceAndLetGoBlockByBlock() {
        let count = blockSize * 2 + 10
        var entries = StatementEntries(self.entries(count))
        XCTAssertEqual(entries.count, count)
        XCTAssertEqual(entries.map(\.line), Array(2..<count + 2))
        entries[blockSize + 1].name = "moved"
        XCTAssertEqual(entries[blockSize + 1].name, "moved")
        XCTAssertEqual(entries[blockSize].name, self.entries(count)[blockSize].name)
        XCTAssertEqual(entries, StatementEntries(entries.map { $0 }))
        // Letting go before a position inside the second block keeps that block.
        entries.release(before: blockSize + 5)
        XCTAssertEqual(entries[blockSize + 1].name, "moved")
        XCTAssertEqual(entries.last?.line, count + 1)
        let literal: StatementEntries = [self.entries(1)[0]]
        XCTAssertEqual(literal.count, 1)
    }

    func testOccurrences_CountIdenticalRowsByTheirBytesAndPeekWithoutCounting() {
        var occurrences = RowOccurrences(roomFor: 0)
        let day = start
        func key(_ name: String, _ amount: Int = 500, kind: RecordKind = .expense) -> RowOccurrences.Key {
            RowOccurrences.Key(content: (day, kind, amount), text: name)
        }
        XCTAssertEqual(occurrences.count(key("が")), 1)
        XCTAssertEqual(occurrences.peek(key("が")), 2)
        XCTAssertEqual(occurrences.peek(key("が")), 2, "peeking counts nothing")
        XCTAssertEqual(occurrences.count(key("が")), 2)
        XCTAssertEqual(occurrences.count(key("か\u{3099}")), 1, "a decomposed が is other bytes: another row")
        XCTAssertEqual(occurrences.count(key("が", 501)), 1)
        XCTAssertEqual(occurrences.count(key("が", kind: .income)), 1)
        XCTAssertEqual(occurrences.count(.id("が")), 1, "a statement ID is never a row's content")
        XCTAssertEqual(occurrences.count(.id("が")), 2)
        // Far past the room it was made with, every key keeps its own count.
        for round in 1...3 {
            for number in 0..<10_000 { XCTAssertEqual(occurrences.count(key("n\(number)", number)), round) }
        }
        XCTAssertEqual(occurrences.count(key("が")), 3)
    }

    func testImport_OfManyBlocksAddsEveryRowOnceAndKnowsThemAllTheSecondTime() throws {
        let count = blockSize * 3 + 17
        let entries = entries(count)
        var document = BudgetDocument()
        let settings = StatementImport(origin: "bank")
        let first = try document.importStatement(StatementEntries(entries), settings)
        XCTAssertEqual(first.added.count, count)
        XCTAssertEqual(first.expenses, count)
        XCTAssertEqual(document.expenses.records.map(\.source), entries.map { "bank:" + $0.identity })
        XCTAssertEqual(document.expenses.records.last?.name, entries.last?.name)
        XCTAssertEqual(Set(document.expenses.records.compactMap(\.source)).count, count, "every row its own source")
        let second = try document.importStatement(StatementEntries(entries), settings)
        XCTAssertEqual(second.added.count, 0)
        XCTAssertEqual(second.alreadyThere, count)
    }

    func testImport_KeepsRowsThatWaitToBeLinkedAcrossBlocks() throws {
        let count = blockSize * 2 + 3
        let entries = entries(count)
        var document = BudgetDocument()
        // A record typed in, like the last row: the last row is linked to it, not added.
        let last = try XCTUnwrap(entries.last)
        let typed = try document.addExpense(name: "typed", amount: last.amount, date: last.date)
        let result = try document.importStatement(StatementEntries(entries), StatementImport(origin: "bank"))
        XCTAssertEqual(result.matched.count, 1)
        XCTAssertEqual(result.added.count, count - 1)
        XCTAssertEqual(document.expenses.record(id: typed.id)?.name, "typed")
        XCTAssertNotNil(document.expenses.record(id: typed.id)?.source)
        XCTAssertEqual(document.expenses.records.count, count)
    }

    func testImport_ChecksTheBalancesOfEveryBlockAfterItsRowsAreIn() throws {
        let count = blockSize * 2 + 40
        var document = BudgetDocument()
        try document.addAccount(Account(name: "MUFG", type: .bank))
        var settings = StatementImport(origin: "mufg")
        settings.account = "MUFG"
        var good = document
        let result = try good.importStatement(StatementEntries(entries(count)), settings)
        XCTAssertEqual(result.added.count, count)
        XCTAssertEqual(result.openingTaken?.balance, 10_000_000)
        // A row missing from the last block: the row after it is named.
        var gap = entries(count)
        gap.remove(at: count - 5)
        var missing = document
        XCTAssertThrowsError(try missing.importStatement(StatementEntries(gap), settings)) { error in
            XCTAssertEqual((error as? ImportError)?.line, count - 2)
        }
        XCTAssertEqual(missing.expenses.records.count, 0, "nothing is added")
    }
}
