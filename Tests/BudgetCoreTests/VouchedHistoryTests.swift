import TestSupport
import XCTest
@testable import BudgetCore

/// A change to a file whose lock file holds its stamp takes the undo history as the stamp
/// vouches for it (`FastDocumentCodec.vouchedHistory`): entry by entry as the writer lays
/// them out, each kept as its bytes, none skimmed. It must keep what the skim keeps, and a
/// change must write what it writes when the history is skimmed.
final class VouchedHistoryTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = try ScratchDirectory.make("budget-vouched")
    }

    override func tearDownWithError() throws {
        ScratchDirectory.remove(directory)
    }

    private func expense(_ id: String, _ index: Int, name: String? = nil) -> Expense {
        Expense(
            id: id, name: name ?? ["Lunch", "家賃", "ｾﾌﾞﾝ", "ＡＭＡＺＯＮ"][index % 4] + " \(index)",
            amount: index % 11 == 0 ? -index : index * 3, category: ["food", "食費"][index % 2],
            date: Day(iso: "2026-0\(1 + index % 9)-1\(index % 10)")!)
    }

    private func transfer(_ id: String) -> Transfer {
        Transfer(id: id, amount: 5_000, from: "Bank", to: "Card", date: Day(iso: "2026-03-01")!)
    }

    /// A document whose history holds every part an entry may have: a bulk add and delete,
    /// edits and moves, settings, transfers (after the time), and texts the skim declines (an
    /// escaped quote) or a summary of Japanese text.
    private func document() throws -> BudgetDocument {
        var document = BudgetDocument()
        for index in 0..<300 { try document.expenses.add { self.expense($0, index) } }
        var added = TableChange<Expense>()
        added.added = document.expenses.records.map(\.id)
        document.history.append(
            ChangeRecord(summary: "add 300 expenses", time: "2026-11-01T10:00:00Z", incomes: TableChange(),
                         expenses: added, settings: []))
        var removed = TableChange<Expense>()
        removed.removed = (0..<40).map { expense(RecordID.string(for: 1_000 + $0), $0) }
        removed.moved = [(RecordID.string(for: 7), 3)]
        document.history.append(
            ChangeRecord(summary: "delete 40 expenses", time: "2026-11-02T10:00:00Z", incomes: TableChange(),
                         expenses: removed, settings: [("budget.limit.食費", .int(30_000)), ("display.currency", nil)]))
        var edited = TableChange<Expense>()
        edited.edited = [expense(RecordID.string(for: 2), 2, name: "a \"quoted\" name\\")]
        var transfers = TableChange<Transfer>()
        transfers.removed = [transfer(RecordID.string(for: 4))]
        document.history.append(
            ChangeRecord(summary: "edit expense 00000002 (家賃 2)", time: "2026-11-03T10:00:00Z",
                         incomes: TableChange(), expenses: edited, transfers: transfers, settings: []))
        var incomes = TableChange<Income>()
        incomes.added = ["00000001"]
        document.history.append(
            ChangeRecord(summary: "add income 00000001 (給料)", time: "2026-11-04T10:00:00Z", incomes: incomes,
                         expenses: TableChange(), settings: []))
        return document
    }

    func testAStampedHistory_KeepsEachEntryAsTheSkimDoes_AndReadsTheSameChanges() throws {
        let path = directory + "/budget.json"
        try Data(FastDocumentCodec.encode(try document())).write(to: URL(fileURLWithPath: path))
        let contents = try FileContents(path: path, mapping: true)
        let (vouched, skimmed) = try contents.withBytes { bytes in
            let range = try XCTUnwrap(FastDocumentCodec.writtenHistoryRange(bytes))
            var cursor = ByteCursor(bytes)
            cursor.index = range.lowerBound
            let skimmed = try XCTUnwrap(FastDocumentCodec.history(&cursor, file: contents)).history
            XCTAssertEqual(cursor.index, range.upperBound)
            return (try XCTUnwrap(FastDocumentCodec.vouchedHistory(bytes, range, file: contents)), skimmed)
        }
        XCTAssertEqual(vouched.count, 4)
        XCTAssertEqual(vouched, skimmed, "the same changes")
        XCTAssertEqual(vouched.map(\.summary), skimmed.map(\.summary))
        XCTAssertEqual(vouched.map(\.time), skimmed.map(\.time))
        for (entry, other) in zip(vouched.entries, skimmed.entries) {
            guard case .stored(let kept) = entry else { return XCTFail("kept as bytes") }
            switch other {
            case .stored(let alike): XCTAssertTrue(kept.bytes == alike.bytes, kept.summary)
            case .change(let change): XCTAssertEqual(entry.change, change, "read the general way by the skim")
            }
        }
        // Written back, each entry is the bytes it was.
        var document = try document()
        document.history = vouched
        XCTAssertEqual(FastDocumentCodec.encode(document), try fileBytes(path))
    }

    func testAnEntryLaidOutOtherwise_LeavesTheHistoryToTheSkim() throws {
        let text = String(decoding: FastDocumentCodec.encode(try document()), as: UTF8.self)
        let time = "\n      \"time\" : \"2026-11-02T10:00:00Z\""
        let summary = "\"summary\" : \"delete 40 expenses\",\n"
        let variants = [
            text.replacingOccurrences(of: time, with: "\n      \"time\" : \"x\\u0041\""),
            text.replacingOccurrences(of: summary, with: "\"summary\" : \"delete\",\n\n"),
            text.replacingOccurrences(of: "\n    },\n    {", with: "\n    }, {"),
            text.replacingOccurrences(of: "\"summary\" : \"add 300 expenses\",\n      \"time\"", with: "\"time\""),
        ]
        for variant in variants {
            XCTAssertNotEqual(variant, text)
            let bytes = Array(variant.utf8)
            let path = directory + "/variant.json"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let contents = try FileContents(path: path, mapping: false)
            let vouched = contents.withBytes { bytes in
                FastDocumentCodec.writtenHistoryRange(bytes).flatMap {
                    FastDocumentCodec.vouchedHistory(bytes, $0, file: contents)
                }
            }
            XCTAssertNil(vouched, variant)
        }
    }

    func testAChangeToAStampedFile_WritesWhatItWritesWhenTheHistoryIsSkimmed() throws {
        let stamped = directory + "/stamped.json"
        let store = JSONFileStore(path: stamped)
        try store.transaction { document in
            for index in 0..<5_000 { try document.expenses.add { self.expense($0, index) } }
        }
        try store.transaction { document in
            try document.expenses.remove(ids: (1...3_000).map { RecordID.string(for: $0 * 1 + 1_000) })
        }
        try store.transaction { document in
            var record = try XCTUnwrap(document.expenses.record(id: RecordID.string(for: 10)))
            record.name = "a \"quoted\" name"
            try document.expenses.update(record)
        }
        // The same file, its lock file emptied: read with the history skimmed.
        let skimmed = directory + "/skimmed.json"
        try Data(try fileBytes(stamped)).write(to: URL(fileURLWithPath: skimmed))
        try Data().write(to: URL(fileURLWithPath: skimmed + ".lock"))
        for path in [stamped, skimmed] {
            try JSONFileStore(path: path).transaction { document in
                try document.expenses.add { self.expense($0, 9) }
            }
            try JSONFileStore(path: path).transaction { document in
                _ = try document.undoLastChange()
                _ = try document.undoLastChange()
            }
        }
        XCTAssertEqual(timeless(try fileBytes(stamped)), timeless(try fileBytes(skimmed)))
        // The edit undone: its entry (an escaped quote, kept as bytes) read back whole.
        let undone = try JSONFileStore(path: stamped).load()
        XCTAssertEqual(undone.expenses.record(id: RecordID.string(for: 10))?.name, "家賃 9")
        XCTAssertEqual(undone.expenses.count, 2_000)
    }
}
