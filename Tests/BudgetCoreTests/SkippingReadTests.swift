import TestSupport
import XCTest
@testable import BudgetCore

/// `JSONFileStore.load(skipping:)`: the fields a reading command never uses are checked and
/// left blank (a list or an optional label is read), the undo history is passed over unread,
/// everything else is what `load()` reads; a value the check does not take as written reads the
/// record whole; a file `load()` refuses is refused the same way, but for a fault inside a
/// history laid out as written (the next change, `undo` or `check` reads it, and says so).
final class SkippingReadTests: XCTestCase {
    private let day = Day(iso: "2026-11-21") ?? .epoch
    private var directory: String!

    override func setUpWithError() throws {
        directory = try ScratchDirectory.make("budget-skipping")
    }

    override func tearDownWithError() throws {
        ScratchDirectory.remove(directory)
    }

    private let skipped: Set<String> = ["name", "category", "note", "tags", "paid_by"]

    /// A budget with every kind and the skipped fields set; of 30,000 expenses, large enough to
    /// be read in two parts.
    private func store(expenses count: Int = 30_000) throws -> JSONFileStore {
        var document = BudgetDocument()
        try document.addAccount(Account(name: "銀行", type: .bank))
        _ = try document.addMember("夫")
        for index in 1...count {
            try document.expenses.add { id in
                Expense(
                    id: id, name: "ｾﾌﾞﾝ \(index)", amount: index, category: ["食費", "住居", "日用品"][index % 3],
                    date: day, note: index % 7 == 0 ? "メモ \(index)" : nil,
                    tags: index % 5 == 0 ? Tags(["a", "b"]) : Tags(), account: "銀行", paidBy: "夫")
            }
        }
        try document.addIncome(name: "給与", amount: 300_000, date: day)
        let path = directory + "/budget.json"
        try Data(FastDocumentCodec.encode(document)).write(to: URL(fileURLWithPath: path))
        return JSONFileStore(path: path)
    }

    private func blanked(_ expense: Expense) -> Expense {
        var blank = Expense(id: expense.id, name: "", amount: expense.amount, category: "", date: expense.date)
        blank.order = expense.order
        blank.account = expense.account
        blank.schedule = expense.schedule
        blank.source = expense.source
        blank.split = expense.split
        blank.parts = expense.parts
        blank.tags = expense.tags  // a list is read, not skipped
        blank.paidBy = expense.paidBy  // so is an optional label (checked by a skim of its own)
        return blank
    }

    func testSkippedFields_AreBlankAndTheRestIsWhatLoadReads() throws {
        let store = try store()
        let whole = try store.load()
        let skimmed = try store.load(skipping: skipped)
        XCTAssertEqual(skimmed.expenses.records.count, 30_000)
        XCTAssertEqual(skimmed.expenses.records.map(blanked), whole.expenses.records.map(blanked))
        XCTAssertTrue(skimmed.expenses.records.allSatisfy { $0.name.isEmpty && $0.note == nil && $0.category.isEmpty })
        XCTAssertNotEqual(skimmed.expenses.records, whole.expenses.records, "the fields were skipped")
        XCTAssertEqual(skimmed.incomes.records.map(\.amount), whole.incomes.records.map(\.amount))
        XCTAssertEqual(skimmed.accounts, whole.accounts)
        XCTAssertEqual(skimmed.members, whole.members)
        XCTAssertEqual(try store.load(skipping: []), whole, "nothing skipped: the whole document")
        XCTAssertEqual(try InMemoryStore(whole).load(skipping: skipped), whole, "a store that cannot skip reads all")
    }

    func testAValueNotAsWritten_ReadsItsRecordWhole_AndAnInvalidOneIsRefusedAsLoadRefusesIt() throws {
        let store = try store(expenses: 20)
        let path = directory + "/budget.json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        // An escape the writer never writes (\u0041 is A) in a skipped name: that record reads whole.
        text = text.replacingOccurrences(of: "\"name\" : \"ｾﾌﾞﾝ 20\"", with: "\"name\" : \"\\u0041\"")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let skimmed = try store.load(skipping: skipped)
        XCTAssertEqual(skimmed.expenses.records.first { $0.name == "A" }?.amount, 20)
        XCTAssertEqual(skimmed.expenses.records.filter { !$0.name.isEmpty }.count, 1)
        // A control character in a skipped note: both readers refuse the file with the same error.
        text = text.replacingOccurrences(of: "\"note\" : \"メモ 7\"", with: "\"note\" : \"\\u0007\"")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var loadError: String?, skippingError: String?
        XCTAssertThrowsError(try store.load()) { loadError = ($0 as? BudgetError)?.errorDescription }
        XCTAssertThrowsError(try store.load(skipping: skipped)) {
            skippingError = ($0 as? BudgetError)?.errorDescription
        }
        XCTAssertNotNil(loadError)
        XCTAssertEqual(skippingError, loadError)
    }

    func testRecordsNamedToReadWhole_AreWhole_InTheirPlaces_EvenAfterMoves() throws {
        let store = try store()
        // Moved records: the table's order is no longer the IDs' (each is found by a walk then).
        var moved = try store.load()
        try moved.expenses.move(id: "00029000", to: 1)
        try moved.expenses.move(id: "00000007", to: 29_999)
        try Data(FastDocumentCodec.encode(moved)).write(to: URL(fileURLWithPath: store.path))
        let whole = try store.load()
        let named = ["00029000", "00000007", "00015000", "00030000"].map { RecordReference(kind: .expense, id: $0) }
            + [RecordReference(kind: .income, id: "00000001")]
        var shown: [BudgetDocument] = []
        let read = try store.load(skipping: skipped) { document in
            shown.append(document)
            return named
        }
        XCTAssertEqual(shown.count, 1)
        XCTAssertTrue(shown.first?.expenses.records.allSatisfy(\.name.isEmpty) == true, "shown as read, fields blank")
        for (index, expense) in read.expenses.records.enumerated() {
            if named.contains(RecordReference(kind: .expense, id: expense.id)) {
                XCTAssertEqual(expense, whole.expenses.records[index], "read whole in its place")
            } else {
                XCTAssertEqual(expense, blanked(whole.expenses.records[index]))
            }
        }
        XCTAssertEqual(read.expenses.records.first?.id, "00029000")
        XCTAssertEqual(read.expenses.records.first?.name, "ｾﾌﾞﾝ 29000")
        XCTAssertEqual(read.expenses.records.first { $0.id == "00000007" }?.note, "メモ 7")
        XCTAssertEqual(read.incomes.records, whole.incomes.records)
        // A record that is not there: the whole document is read and shown again.
        shown = []
        let missing = try store.load(skipping: skipped) { document in
            shown.append(document)
            return [RecordReference(kind: .transfer, id: "00000001")]
        }
        XCTAssertEqual(missing, whole)
        XCTAssertEqual(shown.count, 2)
        XCTAssertEqual(shown.last, whole)
        // A store that cannot skip shows the whole document once; what the closure throws is thrown.
        shown = []
        XCTAssertEqual(try InMemoryStore(whole).load(skipping: skipped) { shown.append($0); return named }, whole)
        XCTAssertEqual(shown, [whole])
        XCTAssertThrowsError(try store.load(skipping: skipped) { _ in throw BudgetError.totalOverflow })
    }

    func testASyncSection_IsSeenFromTheEnd_WhenTheFileIsLaidOutAsTheWriterLaysItOut() throws {
        // A budget on several devices is read whole: its `sync` key is looked for from the end,
        // past the transfers, before any record is read.
        var document = BudgetDocument()
        try document.addAccount(Account(name: "銀行", type: .bank))
        try document.addAccount(Account(name: "財布", type: .cash))
        try document.addExpense(name: "x", amount: 1, date: day)
        func found(_ text: String) throws -> Bool? {
            let path = directory + "/sync.json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return FastDocumentCodec.writtenSyncSection(try FileContents(path: path, mapping: false))
        }
        let plain = String(decoding: FastDocumentCodec.encode(document), as: UTF8.self)
        XCTAssertEqual(try found(plain), false)
        var values = RecordValues()
        values["from"] = .text("銀行")
        values["to"] = .text("財布")
        values["amount"] = .amount(100)
        values["date"] = .day(day)
        for _ in 1...3 { _ = try document.addTransfer(values) }
        let transfers = String(decoding: FastDocumentCodec.encode(document), as: UTF8.self)
        XCTAssertTrue(transfers.contains("\n  \"transfers\" : "))
        XCTAssertEqual(try found(transfers), false)
        let synced = transfers.replacingOccurrences(
            of: ",\n  \"transfer_unique_id\"", with: ",\n  \"sync\" : {\n  },\n  \"transfer_unique_id\"")
        XCTAssertEqual(try found(synced), true)
        XCTAssertNil(try found("{\"format\":1}"), "another layout: not known")
        // A key in a string is no key of the document: a string holds no raw line break.
        let named = plain.replacingOccurrences(of: "\"name\" : \"x\"", with: "\"name\" : \"  \\\"sync\\\" : \"")
        XCTAssertEqual(try found(named), false)
    }

    func testAFileWithoutHistory_IsSeenFromTheEnd_SoNoHistoryIsLookedFor() throws {
        var document = BudgetDocument()
        try document.addAccount(Account(name: "銀行", type: .bank))
        try document.addAccount(Account(name: "財布", type: .cash))
        try document.addExpense(name: "x", amount: 1, date: day)
        func withoutHistory(_ document: BudgetDocument) -> Bool {
            ByteView.withBytes(of: FastDocumentCodec.encode(document)) { FastDocumentCodec.writtenWithoutHistory($0) }
        }
        XCTAssertTrue(withoutHistory(document), "settings, no incomes")
        var values = RecordValues()
        values["from"] = .text("銀行")
        values["to"] = .text("財布")
        values["amount"] = .amount(100)
        values["date"] = .day(day)
        _ = try document.addTransfer(values)
        _ = try document.addIncome(name: "給与", amount: 5, date: day)
        XCTAssertTrue(withoutHistory(document), "past the transfers, the settings and the incomes")
        var changed = document
        try changed.expenses.update(Expense(id: "00000001", name: "y", amount: 2, order: 1, date: day))
        changed.recordChange(since: document)
        XCTAssertFalse(changed.history.isEmpty)
        XCTAssertFalse(withoutHistory(changed), "a history")
        XCTAssertEqual(FastDocumentCodec.decode(FastDocumentCodec.encode(changed)), changed)
        let minified = Array("{\"format\":1}".utf8)
        XCTAssertFalse(ByteView.withBytes(of: minified) { FastDocumentCodec.writtenWithoutHistory($0) })
    }
    func testAHistory_IsPassedOverUnread_AndADocumentReadSoIsNeverWritten() throws {
        let store = try store(expenses: 3000)
        // A history of two changes, the last of many records.
        try store.transaction { document in
            try document.expenses.update(Expense(id: "00000001", name: "変更", amount: 1, order: 1, date: day))
        }
        try store.transaction { document in
            for index in 2...2000 { document.expenses.records[index - 1].amount = index * 2 }
        }
        let whole = try store.load()
        XCTAssertEqual(whole.history.count, 2)
        for fields in [Set<String>(), skipped] {
            let read = try store.load(skipping: fields)
            XCTAssertTrue(read.history.isEmpty, "not read")
            XCTAssertTrue(read.isReadingCopy)
            XCTAssertEqual(read.expenses.records.map(\.amount), whole.expenses.records.map(\.amount))
            XCTAssertEqual(read.incomes.records.map(\.amount), whole.incomes.records.map(\.amount))
            XCTAssertEqual(read.settingsValues, whole.settingsValues)
            // Such a document is never written: a history would be lost.
            let copy = JSONFileStore(path: directory + "/copy-\(fields.count).json")
            XCTAssertThrowsError(try copy.create(read, describedAs: "a copy")) { error in
                guard case .invalidResult? = error as? BudgetError else { return XCTFail("\(error)") }
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/copy-\(fields.count).json"))
        }
        XCTAssertFalse(whole.isReadingCopy)
        XCTAssertNoThrow(try JSONFileStore(path: directory + "/whole.json").create(whole, describedAs: "a copy"))
        // A file laid out otherwise has its history read as before.
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        let moved = directory + "/moved.json"
        try text.replacingOccurrences(of: "],\n  \"income_unique_id\"", with: "]\n  ,\"income_unique_id\"")
            .write(toFile: moved, atomically: true, encoding: .utf8)
        XCTAssertEqual(try JSONFileStore(path: moved).load(skipping: []).history.count, 2)
    }
    func testATableBeforeAHistoryLargerThanIt_IsSplitAtHalfTheTable() throws {
        let store = try store(expenses: 30_000)
        for edit in 1...3 {
            try store.transaction { document in
                for index in document.expenses.records.indices { document.expenses.records[index].amount += edit }
            }
        }
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: store.path)))
        let text = String(decoding: bytes, as: UTF8.self)
        func offset(_ index: String.Index) -> Int { text.utf8.distance(from: text.startIndex, to: index) }
        let tableStart = offset(try XCTUnwrap(text.range(of: "\"expenses\" : {")).upperBound)
        let tableEnd = offset(try XCTUnwrap(text.range(of: "\n  },\n  \"format\" : 1,")).lowerBound)
        try ByteView.withBytes(of: bytes) { view in
            let historyEnd = try XCTUnwrap(FastDocumentCodec.writtenHistoryEnd(view))
            XCTAssertGreaterThan(historyEnd - tableEnd, tableEnd - tableStart, "the history is the larger")
            let found = FastDocumentCodec.tableEnd(in: view, from: tableStart, before: historyEnd)
            XCTAssertGreaterThanOrEqual(found, tableEnd - (64 << 10))
            XCTAssertLessThanOrEqual(found, tableEnd + (64 << 10))
        }
        let read = try store.load(skipping: [])
        XCTAssertEqual(read.expenses.records, try store.load().expenses.records)
    }
}
